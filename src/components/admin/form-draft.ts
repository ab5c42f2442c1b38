import type { ContentTypeDef } from '../../lib/content-type';

/**
 * The open admin form's typed values, kept in this browser while they are typed, so a session that ends
 * mid-form (or a closed tab) loses nothing: the screen offers them back after signing in again. One draft
 * per content type, since a screen has one form open. Picked files cannot be kept and must be picked again.
 * A draft is dropped once saved, cancelled or a day old.
 */
export interface FormDraft {
  /** The record being edited, or null for a new one. */
  rowId: number | null;
  values: Record<string, unknown>;
  savedAt: number;
}

const MAX_AGE_MS = 24 * 3600_000;
/** Whose draft it is: a content type, or another screen's form named the same way ({ path: 'alerts' }). */
export type DraftOwner = Pick<ContentTypeDef, 'path'>;
const storageKey = (def: DraftOwner) => `council-admin-draft:${def.path}`;

export function saveDraft(def: DraftOwner, rowId: number | null, values: Record<string, unknown>): void {
  try {
    localStorage.setItem(storageKey(def), JSON.stringify({ rowId, values, savedAt: Date.now() } satisfies FormDraft));
  } catch {
    // Storage full or refused (private mode): the form works on without a draft.
  }
}

export function readDraft(def: DraftOwner): FormDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(def));
    if (!raw) return null;
    const draft = JSON.parse(raw) as FormDraft;
    if (typeof draft?.savedAt !== 'number' || Date.now() - draft.savedAt > MAX_AGE_MS || typeof draft.values !== 'object') {
      clearDraft(def);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function clearDraft(def: DraftOwner): void {
  try {
    localStorage.removeItem(storageKey(def));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
