import type { ContentTypeDef } from '../../lib/content-type';
import { storageOf } from './registry';
import { columnsOf, fileColumnsOf } from './storage';
import { db, nowIso, type Db } from '../db';
import type { Actor } from '../audit';
import { fileNameFromTitle } from '../../lib/format';
import { mediaUrl } from '../media';
import { UNKNOWN_AUTHOR, type Revision, type RevisionFile, type RevisionValue } from '../../lib/revision';

/**
 * The revisions of content records: every save through saveRecord keeps the saved state, in the save's own
 * transaction, so a revision exists exactly when the change does. Revisions are never changed or deleted;
 * deleting a record leaves its revisions (and the audit log) in place.
 */

/** A content row as the write path hands it over: columns by name. */
type Row = Record<string, unknown>;

function valuesOf(def: ContentTypeDef, row: Row): Record<string, RevisionValue> {
  const columns = columnsOf(storageOf(def));
  const values: Record<string, RevisionValue> = {};
  for (const field of def.fields) {
    const value = row[columns[field.key]];
    values[field.key] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return values;
}

/** The record's name as its files are named for download elsewhere: its first text field. */
function titleOf(def: ContentTypeDef, values: Record<string, RevisionValue>): string {
  const field = def.fields.find((candidate) => candidate.input === 'text' && values[candidate.key]);
  return field ? String(values[field.key]) : def.heading;
}

async function filesOf(database: Db, def: ContentTypeDef, row: Row, title: string): Promise<Record<string, RevisionFile | null>> {
  const columns = fileColumnsOf(storageOf(def));
  const files: Record<string, RevisionFile | null> = {};
  for (const slot of def.files) {
    const mediaId = row[columns[slot.key]];
    const media =
      typeof mediaId === 'number'
        ? await database.selectFrom('media').select(['id', 'sha256', 'size', 'content_type']).where('id', '=', mediaId).executeTakeFirst()
        : undefined;
    if (!media) {
      files[slot.key] = null;
      continue;
    }
    // The extension the file is served under (/media/<sha256>.pdf).
    const extension = mediaUrl(media.sha256, media.content_type).split('.').pop();
    const name = fileNameFromTitle(def.files.length > 1 ? `${title} ${slot.label}` : title, extension);
    files[slot.key] = { mediaId: media.id, sha256: media.sha256, name, size: media.size, contentType: media.content_type };
  }
  return files;
}

async function insertRevision(
  database: Db,
  def: ContentTypeDef,
  recordId: number,
  revision: number,
  row: Row,
  by: { id: number | null; email: string; at: string; restoredFrom: number | null },
): Promise<void> {
  const values = valuesOf(def, row);
  const files = await filesOf(database, def, row, titleOf(def, values));
  await database
    .insertInto('content_revision')
    .values({
      type_path: def.path,
      record_id: recordId,
      revision,
      values_json: JSON.stringify(values),
      files_json: JSON.stringify(files),
      user_id: by.id,
      user_email: by.email,
      at: by.at,
      restored_from: by.restoredFrom,
    })
    .execute();
}

/**
 * Who made a state saved before revisions were recorded, and when: the audit log's last entry for the record
 * says it when there is one; otherwise nobody knows who, and the record's creation time is all there is.
 */
async function priorAuthor(database: Db, def: ContentTypeDef, recordId: number, row: Row) {
  const entry = await database
    .selectFrom('audit_log')
    .select(['user_id', 'user_email', 'at'])
    .where('entity', '=', def.path)
    .where('record_id', '=', recordId)
    .where('action', 'in', ['create', 'update'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (entry) return { id: entry.user_id, email: entry.user_email, at: entry.at, restoredFrom: null };
  return { id: null, email: UNKNOWN_AUTHOR, at: String(row.created_date ?? nowIso()), restoredFrom: null };
}

export interface SavedState {
  recordId: number;
  /** The row before the save; null on create. */
  before: Row | null;
  after: Row;
  actor: Actor;
  /** The revision a restore brought back. */
  restoredFrom?: number;
}

/**
 * Keeps the state a save produced as the record's next revision. Called by saveRecord inside its
 * transaction. A record with no revisions yet (stored before revisions were recorded) first gets its prior
 * state as revision 1, so its first edit loses nothing.
 */
export async function keepRevision(trx: Db, def: ContentTypeDef, state: SavedState): Promise<void> {
  const last = await trx
    .selectFrom('content_revision')
    .select('revision')
    .where('type_path', '=', def.path)
    .where('record_id', '=', state.recordId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  let next = (last?.revision ?? 0) + 1;
  if (!last && state.before) {
    await insertRevision(trx, def, state.recordId, next, state.before, await priorAuthor(trx, def, state.recordId, state.before));
    next += 1;
  }
  await insertRevision(trx, def, state.recordId, next, state.after, {
    id: state.actor.id,
    email: state.actor.email,
    at: nowIso(),
    restoredFrom: state.restoredFrom ?? null,
  });
}

type RevisionRow = {
  type_path: string;
  record_id: number;
  revision: number;
  values_json: string;
  files_json: string;
  user_email: string;
  at: string;
  restored_from: number | null;
};

function toRevision(row: RevisionRow): Revision {
  return {
    type: row.type_path,
    recordId: Number(row.record_id),
    revision: Number(row.revision),
    values: JSON.parse(row.values_json) as Revision['values'],
    files: JSON.parse(row.files_json) as Revision['files'],
    by: row.user_email,
    at: row.at,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

const COLUMNS = ['type_path', 'record_id', 'revision', 'values_json', 'files_json', 'user_email', 'at', 'restored_from'] as const;

/** Every revision of a record, newest first. */
export async function listRevisions(def: ContentTypeDef, recordId: number, database: Db = db()): Promise<Revision[]> {
  const rows = await database
    .selectFrom('content_revision')
    .select(COLUMNS)
    .where('type_path', '=', def.path)
    .where('record_id', '=', recordId)
    .orderBy('revision', 'desc')
    .execute();
  return rows.map(toRevision);
}

export async function findRevision(def: ContentTypeDef, recordId: number, revision: number, database: Db = db()): Promise<Revision | null> {
  const row = await database
    .selectFrom('content_revision')
    .select(COLUMNS)
    .where('type_path', '=', def.path)
    .where('record_id', '=', recordId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return row ? toRevision(row) : null;
}
