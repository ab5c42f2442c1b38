import type { ContentTypeDef } from '../../lib/content-type';
import { editorMayChange, type LifecycleInfo } from '../../lib/lifecycle';
import { defaultReviewAt, defaultValidUntil } from '../../lib/validity';
import type { Actor } from '../audit';
import type { Db } from '../db';
import { now } from '../clock';
import { HttpError } from '../http';
import { deleteState, stateOf, writeState } from './state-store';

/**
 * What the lifecycle asks of the generic content writes (records.ts calls these inside the write's
 * transaction, so a refused change leaves nothing behind and a new record is never public for a moment):
 * an editor's new record starts as a draft, anyone else's is published at once (what old clients expect);
 * an editor changes only drafts and sent-back items, and never deletes.
 */
export const ADMIN_CHANGES_PUBLISHED = 'Only an admin can change a published or scheduled item. Ask an admin, or send a new draft.';
export const WAITING_FOR_REVIEW = 'This item is waiting for review: an admin must send it back before it can be changed.';
export const ADMIN_DELETES = 'Only an admin can delete content.';

/** A record published now by `actor`, with the type's default validity and review date. */
export function publishedNow(def: ContentTypeDef, at: number = now()): LifecycleInfo {
  return {
    state: 'published',
    publishAt: null,
    unpublishAt: null,
    validUntil: defaultValidUntil(def, at),
    reviewAt: defaultReviewAt(at),
    comment: '',
    updatedBy: '',
    updatedAt: null,
  };
}

export async function lifecycleAfterSave(trx: Db, def: ContentTypeDef, id: number, created: boolean, actor: Actor): Promise<void> {
  if (created) {
    if (actor.role === 'editor') {
      await writeState(trx, def.path, id, { ...publishedNow(def), state: 'draft', validUntil: null, reviewAt: null }, actor, actor.id);
    } else {
      await writeState(trx, def.path, id, publishedNow(def), actor, actor.id);
    }
    return;
  }
  if (actor.role === 'editor') refuseEditorChange(await stateOf(def.path, id, trx));
}

export function refuseEditorChange(info: LifecycleInfo): void {
  if (editorMayChange(info)) return;
  throw new HttpError(403, info.state === 'in_review' ? WAITING_FOR_REVIEW : ADMIN_CHANGES_PUBLISHED);
}

export async function lifecycleBeforeDelete(trx: Db, def: ContentTypeDef, id: number, actor: Actor): Promise<void> {
  if (actor.role === 'editor') throw new HttpError(403, ADMIN_DELETES);
  await deleteState(trx, def.path, id);
}

/** Deleting is an admin's decision, refused to editors before anything is read. */
export function refuseEditorDelete(role: string | undefined): void {
  if (role === 'editor') throw new HttpError(403, ADMIN_DELETES);
}
