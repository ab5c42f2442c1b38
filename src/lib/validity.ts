import type { ContentTypeDef } from './content-type';
import { DAY_MS } from './india-time';

/**
 * How long published items stay on the live lists (each type's declaration says, in its archive), and when
 * content is due for review (GIGW's content review policy). Past its valid-until an item leaves the live
 * lists and is listed on its type's public archive page. Browser-safe: the back office shows these defaults.
 */

/** Days after publication that an item comes up for review, whatever its type. */
export const REVIEW_DAYS = 180;

/** An item whose review falls within this many days is listed as due for review. */
export const REVIEW_WINDOW_DAYS = 30;

/** A type's public archive page: its URL segment, the type, and the live list its items left. */
export interface ArchiveDef {
  slug: string;
  typePath: string;
  liveHref: string;
}

/** The archive a type declares, or undefined (its items stay until archived or withdrawn by hand). */
export function archiveOfType(def: Pick<ContentTypeDef, 'path' | 'archive'>): ArchiveDef | undefined {
  return def.archive ? { slug: def.archive.slug, typePath: def.path, liveHref: def.archive.liveHref } : undefined;
}

/** The default end of validity for an item published at `publishedAt`; null when the type has none. */
export function defaultValidUntil(def: Pick<ContentTypeDef, 'archive'>, publishedAt: number): string | null {
  const days = def.archive?.validityDays;
  return days === undefined ? null : new Date(publishedAt + days * DAY_MS).toISOString();
}

export function defaultReviewAt(publishedAt: number): string {
  return new Date(publishedAt + REVIEW_DAYS * DAY_MS).toISOString();
}

export function validityNote(def: Pick<ContentTypeDef, 'path' | 'archive'>): string {
  if (def.path === 'tender') return 'Leaves the live list at its closing date and time unless you set a valid-until.';
  const days = def.archive?.validityDays;
  return days === undefined ? 'Stays on the site until it is archived or withdrawn.' : `Moves to the archive ${days} days after publication unless you set a valid-until.`;
}
