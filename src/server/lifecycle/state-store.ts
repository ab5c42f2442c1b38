import { db, nowIso, type Db } from '../db';
import type { Actor } from '../audit';
import { noteStateWritten } from './visibility';
import { PUBLISHED_WITHOUT_ROW, LIFECYCLE_STATES, type LifecycleInfo, type LifecycleState } from '../../lib/lifecycle';

/** Reads and writes content_state: where each record of each type stands. */

interface StateRow {
  record_id: number;
  state: string;
  publish_at: string | null;
  unpublish_at: string | null;
  valid_until: string | null;
  review_at: string | null;
  comment: string;
  updated_by: string;
  updated_at: string;
}

const asState = (text: string): LifecycleState => ((LIFECYCLE_STATES as readonly string[]).includes(text) ? (text as LifecycleState) : 'draft');

function toInfo(row: StateRow): LifecycleInfo {
  return {
    state: asState(row.state),
    publishAt: row.publish_at,
    unpublishAt: row.unpublish_at,
    validUntil: row.valid_until,
    reviewAt: row.review_at,
    comment: row.comment,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const COLUMNS = ['record_id', 'state', 'publish_at', 'unpublish_at', 'valid_until', 'review_at', 'comment', 'updated_by', 'updated_at'] as const;

/**
 * The state rows of a type, by record id (records without one are published: see PUBLISHED_WITHOUT_ROW): of the
 * records `ids` names, or of every record. A saved record's answer names one, and reads one row, not the
 * type's thousands.
 */
export async function readStates(typePath: string, database: Db = db(), ids?: readonly number[]): Promise<Map<number, LifecycleInfo>> {
  let query = database.selectFrom('content_state').select(COLUMNS).where('content_type', '=', typePath);
  if (ids) query = query.where('record_id', 'in', ids);
  const rows = await query.execute();
  return new Map(rows.map((row) => [Number(row.record_id), toInfo(row)]));
}

export async function stateOf(typePath: string, id: number, database: Db = db()): Promise<LifecycleInfo> {
  const row = await database.selectFrom('content_state').select(COLUMNS).where('content_type', '=', typePath).where('record_id', '=', id).executeTakeFirst();
  return row ? toInfo(row) : PUBLISHED_WITHOUT_ROW;
}

/** The author of a record (who created it as a draft), or null. */
export async function authorOf(typePath: string, id: number, database: Db = db()): Promise<number | null> {
  const row = await database.selectFrom('content_state').select('author_id').where('content_type', '=', typePath).where('record_id', '=', id).executeTakeFirst();
  return row?.author_id ?? null;
}

export async function writeState(trx: Db, typePath: string, id: number, info: LifecycleInfo, actor: Actor, authorId?: number | null): Promise<LifecycleInfo> {
  const values = {
    state: info.state,
    publish_at: info.publishAt,
    unpublish_at: info.unpublishAt,
    valid_until: info.validUntil,
    review_at: info.reviewAt,
    comment: info.comment,
    updated_by: actor.email,
    updated_at: nowIso(),
  };
  await trx
    .insertInto('content_state')
    .values({ content_type: typePath, record_id: id, author_id: authorId ?? null, ...values })
    .onConflict((oc) => oc.columns(['content_type', 'record_id']).doUpdateSet(values))
    .execute();
  noteStateWritten(typePath);
  return { ...info, updatedBy: values.updated_by, updatedAt: values.updated_at };
}

export async function deleteState(trx: Db, typePath: string, id: number): Promise<void> {
  await trx.deleteFrom('content_state').where('content_type', '=', typePath).where('record_id', '=', id).execute();
  noteStateWritten(typePath);
}
