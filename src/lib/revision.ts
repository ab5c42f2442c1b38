/**
 * A revision as the history screen and the API see it: one saved state of a content record, its values
 * keyed by the type's field keys and its files by slot key. Browser-safe.
 */
export type RevisionValue = string | number | null;

export interface RevisionFile {
  mediaId: number;
  sha256: string;
  /** A name for people (the record's title and the slot's label); the store keeps no upload names. */
  name: string;
  size: number;
  contentType: string;
}

export interface Revision {
  /** The content type's API path: 'notice', 'latest-news'. */
  type: string;
  recordId: number;
  /** 1, 2, 3 … per record. */
  revision: number;
  values: Record<string, RevisionValue>;
  files: Record<string, RevisionFile | null>;
  /** The email of who saved it; 'unknown' for a state kept from before revisions were recorded. */
  by: string;
  /** ISO instant. */
  at: string;
  /** Set when this revision was made by restoring that earlier one. */
  restoredFrom: number | null;
}

/** Who a state saved before revisions were recorded is attributed to, when the audit log does not say. */
export const UNKNOWN_AUTHOR = 'unknown';
