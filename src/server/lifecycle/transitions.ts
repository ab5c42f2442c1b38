import type { ContentTypeDef } from '../../lib/content-type';
import { CONTENT_WORKFLOW, TRANSITIONS, isContentRole, isLifecycleAction, type LifecycleAction, type LifecycleInfo } from '../../lib/lifecycle';
import { defaultReviewAt, defaultValidUntil } from '../../lib/validity';
import type { Actor } from '../audit';
import { now } from '../clock';
import { db, type Db } from '../db';
import { HttpError } from '../http';
import { runWrite } from '../write-path';
import { storageOf } from '../content/registry';
import { stateOf, writeState } from './state-store';
import { stateTableOf } from './visibility';
import { indianMoment } from '../../lib/india-time';
import { sql } from 'kysely';
import { queueSendBackNotice } from './send-back-notice';

/**
 * Moves a record along the lifecycle (src/lib/lifecycle.ts) through the write path, so each
 * step is audited ('transition', before and after) and raises content_state's version: every cached page
 * that listed the type renders afresh.
 */
export interface TransitionRequest {
  action: LifecycleAction;
  comment: string;
  publishAt: string | null;
  unpublishAt: string | null;
  validUntil: string | null;
  reviewAt: string | null;
}

const MAX_COMMENT = 2000;
const MOMENT_FIELDS = ['publishAt', 'unpublishAt', 'validUntil', 'reviewAt'] as const;

/**
 * A moment as a client may send it: an ISO instant with its zone, or 'YYYY-MM-DDTHH:mm' read as Indian time
 * (+05:30, what every back office input means). Empty means none.
 */
export function parseMoment(raw: unknown): string | null | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') return 'invalid';
  const text = raw.trim();
  const moment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? indianMoment(text) : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(moment) ? 'invalid' : new Date(moment).toISOString();
}

/** Reads and checks a transition body; a 400 names every field that is wrong. */
export function readTransitionRequest(body: Record<string, unknown>): TransitionRequest {
  const action = body.action;
  if (!isLifecycleAction(action)) {
    throw new HttpError(400, `Say what to do: action must be one of ${Object.keys(TRANSITIONS).join(', ')}.`, { action: 'Unknown action.' });
  }
  const errors: Record<string, string> = {};
  const moments: Record<string, string | null> = {};
  for (const field of MOMENT_FIELDS) {
    const parsed = parseMoment(body[field]);
    if (parsed === 'invalid') errors[field] = `${field} must be a date and time such as 2026-12-01T10:00 (Indian time) or an ISO instant.`;
    else moments[field] = parsed;
  }
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (comment.length > MAX_COMMENT) errors.comment = `The comment may be at most ${MAX_COMMENT} characters.`;
  if (TRANSITIONS[action].requires?.comment && comment === '') errors.comment = 'Say why it is sent back: a comment is required.';
  if (TRANSITIONS[action].requires?.publishAt && !moments.publishAt && !errors.publishAt) errors.publishAt = 'Pick the date and time to publish at.';
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors)[0], errors);
  return { action, comment, publishAt: moments.publishAt, unpublishAt: moments.unpublishAt, validUntil: moments.validUntil, reviewAt: moments.reviewAt };
}

/** The record's state after `request`, checked against the moment `at`. */
function nextInfo(def: ContentTypeDef, current: LifecycleInfo, request: TransitionRequest, at: number): LifecycleInfo {
  const rule = TRANSITIONS[request.action];
  // The comment belongs to the step that wrote it: a resubmission does not carry the send-back comment along
  // (it was answered), and shows the editor's own note instead, if any. The audit log keeps every step's.
  switch (request.action) {
    case 'submit':
    case 'send_back':
    case 'archive':
      return { ...current, state: rule.to, comment: request.comment };
    case 'publish':
    case 'republish':
    case 'schedule':
    case 'restore': {
      const publishAt = request.action === 'restore' ? null : request.publishAt;
      if (request.action === 'schedule' && publishAt && Date.parse(publishAt) <= at) {
        throw new HttpError(400, 'A scheduled publication must be in the future; publish now instead.', { publishAt: 'Pick a moment in the future.' });
      }
      const from = publishAt ? Math.max(Date.parse(publishAt), at) : at;
      const after = (field: 'unpublishAt' | 'validUntil', value: string | null) => {
        if (value && Date.parse(value) <= from) throw new HttpError(400, `${field} must come after the publication.`, { [field]: 'Pick a moment after the publication.' });
        return value;
      };
      return {
        ...current,
        state: rule.to,
        publishAt,
        unpublishAt: after('unpublishAt', request.unpublishAt),
        validUntil: after('validUntil', request.validUntil) ?? defaultValidUntil(def, from),
        reviewAt: request.reviewAt ?? defaultReviewAt(from),
        comment: request.comment,
      };
    }
  }
}

export async function applyTransition(def: ContentTypeDef, id: number, request: TransitionRequest, actor: Actor, database: Db = db()): Promise<LifecycleInfo> {
  const role = actor.role;
  if (!isContentRole(role)) throw new HttpError(403, 'Only admins and editors work on content.');
  const notTheirs = CONTENT_WORKFLOW.partyRefusal(request.action, role);
  if (notTheirs) throw new HttpError(notTheirs.status, notTheirs.message);
  const storage = storageOf(def);
  return runWrite(
    {
      actor,
      entity: def.path,
      // The state rows of this type: pages showing other types stay cached (see stateTableOf).
      table: stateTableOf(def.path),
      files: [],
      change: async (trx) => {
        const exists = await trx
          .withTables<Record<string, { id: number }>>()
          .selectFrom(storage.table)
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!exists) throw new HttpError(404, `${def.heading} not found.`);
        // Two steps on one record at once (a double press) take turns on its state row: on PostgreSQL the second
        // waits here for the first to commit and then reads what it left, so it is refused rather than taken
        // (and its editor told) twice. SQLite's writers take turns already.
        await trx.updateTable('content_state').set({ state: sql<string>`state` }).where('content_type', '=', def.path).where('record_id', '=', id).execute();
        const current = await stateOf(def.path, id, trx);
        const refused = CONTENT_WORKFLOW.refusal(request.action, role, current.state);
        if (refused) throw new HttpError(refused.status, refused.message, { action: 'Not possible from this state.' });
        if (actor.role === 'editor' && current.state !== 'draft' && current.state !== 'sent_back') {
          throw new HttpError(403, 'Only an admin can change a published or scheduled item.');
        }
        const saved = await writeState(trx, def.path, id, nextInfo(def, current, request, now()), actor);
        if (request.action === 'send_back') await queueSendBackNotice(trx, def, id, request.comment, actor);
        return {
          result: saved,
          audit: { action: 'transition', recordId: id, before: { ...current }, after: { action: request.action, ...saved } },
        };
      },
    },
    database,
  );
}
