import type { Kysely } from 'kysely';
import type { ContentTypeDef } from '../../features/shared/content-type';
import { db, nowIso, type Db } from '../db';
import { HttpError } from '../http';
import type { Actor } from '../audit';
import { runWrite } from '../write-path';
import type { Submission } from './submission';
import type { AcceptedFile } from './uploads';

/**
 * Storage for every declared content type. The tables differ only in the columns their declaration names,
 * so this module works on untyped rows; the declarations are what keeps the names right.
 */
export interface MediaInfo {
  id: number;
  sha256: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  bytes?: Uint8Array;
}

export type ContentRow = Record<string, unknown> & { id: number; created_date: string };

export interface ContentRecord {
  row: ContentRow;
  /** Per slot key, the stored file or null. */
  media: Record<string, MediaInfo | null>;
}

export interface ListOptions {
  /** Include file bytes (the compatibility API answers them as base64). */
  withBytes?: boolean;
  limit?: number;
  offset?: number;
  /** Narrows the list: column = value, or column in values for a list. */
  where?: Record<string, string | number | readonly (string | number)[]>;
}

// Table and column names come from the declarations, never from a request.
const untyped = (database: Db) => database as unknown as Kysely<any>;

async function attachMedia(database: Db, def: ContentTypeDef, rows: ContentRow[], withBytes: boolean): Promise<ContentRecord[]> {
  const ids = new Set<number>();
  for (const row of rows) for (const slot of def.files) if (typeof row[slot.column] === 'number') ids.add(row[slot.column] as number);
  const byId = new Map<number, MediaInfo>();
  if (ids.size > 0) {
    const columns = ['id', 'sha256', 'content_type', 'size', 'width', 'height', ...(withBytes ? ['bytes'] : [])];
    const found = await untyped(database).selectFrom('media').select(columns).where('id', 'in', [...ids]).execute();
    for (const m of found) {
      byId.set(m.id, { id: m.id, sha256: m.sha256, contentType: m.content_type, size: m.size, width: m.width, height: m.height, bytes: m.bytes });
    }
  }
  return rows.map((row) => ({
    row,
    media: Object.fromEntries(def.files.map((slot) => [slot.key, byId.get(row[slot.column] as number) ?? null])),
  }));
}

export async function listRecords(def: ContentTypeDef, options: ListOptions = {}, database: Db = db()): Promise<ContentRecord[]> {
  let query = untyped(database).selectFrom(def.table).selectAll();
  for (const [column, value] of Object.entries(options.where ?? {})) {
    query = Array.isArray(value) ? query.where(column, 'in', value) : query.where(column, '=', value);
  }
  query = query.orderBy(def.orderBy, 'desc').orderBy('id', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const rows = (await query.execute()) as ContentRow[];
  return attachMedia(database, def, rows, !!options.withBytes);
}

export async function countRecords(def: ContentTypeDef, where: Record<string, string | number> = {}, database: Db = db()): Promise<number> {
  let query = untyped(database).selectFrom(def.table).select((eb) => eb.fn.countAll<number>().as('n'));
  for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRecord(def: ContentTypeDef, id: number, withBytes = false, database: Db = db()): Promise<ContentRecord | null> {
  const row = (await untyped(database).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst()) as ContentRow | undefined;
  if (!row) return null;
  const [record] = await attachMedia(database, def, [row], withBytes);
  return record;
}

/** Turns validated form values into column values: booleans as 0/1, empty dates and numbers as null. */
function columnsFromValues(def: ContentTypeDef, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = values[field.key];
    if (field.input === 'checkbox') columns[field.column] = value ? 1 : 0;
    else if (field.input === 'date' || field.input === 'number') columns[field.column] = value === '' || value === undefined ? null : value;
    else columns[field.column] = value ?? '';
  }
  return columns;
}

/**
 * Creates (submission.id null) or updates a record and its files through the write path: the record and
 * its files land together or not at all. Returns the record's id.
 */
export async function saveRecord(
  def: ContentTypeDef,
  submission: Submission,
  values: Record<string, unknown>,
  actor: Actor,
  database: Db = db(),
): Promise<number> {
  const uploads: Record<string, AcceptedFile> = {};
  for (const slot of def.files) {
    const choice = submission.files[slot.key];
    if (choice.kind === 'upload') uploads[slot.key] = choice.file;
  }
  return runWrite(
    {
      actor,
      entity: def.path,
      table: def.table,
      files: def.files,
      uploads,
      change: async (trx, media) => {
        const existing = submission.id === null ? null : await untyped(trx).selectFrom(def.table).selectAll().where('id', '=', submission.id).executeTakeFirst();
        if (submission.id !== null && !existing) throw new HttpError(404, `${def.heading} not found.`);

        const columns = columnsFromValues(def, values);
        const missing: Record<string, string> = {};
        for (const slot of def.files) {
          const choice = submission.files[slot.key];
          if (choice.kind === 'upload') columns[slot.column] = media[slot.key];
          else if (choice.kind === 'stored') {
            const stored = await trx.selectFrom('media').select('id').where('sha256', '=', choice.sha256).executeTakeFirst();
            if (!stored) missing[slot.key] = def.messages.invalidFile ?? `${slot.label}: that stored file does not exist.`;
            else columns[slot.column] = stored.id;
          }
          const hasFile = columns[slot.column] ?? existing?.[slot.column];
          if (slot.required && !hasFile && !missing[slot.key]) missing[slot.key] = slot.requiredMessage ?? `${slot.label} is required.`;
        }
        if (Object.keys(missing).length > 0) throw new HttpError(400, Object.values(missing)[0], missing);

        let id: number;
        if (existing) {
          id = existing.id as number;
          // A type without text fields (the slider) edited without a new file has nothing to change.
          if (Object.keys(columns).length > 0) await untyped(trx).updateTable(def.table).set(columns).where('id', '=', id).execute();
        } else {
          const inserted = await untyped(trx)
            .insertInto(def.table)
            .values({ ...columns, created_date: nowIso() })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = inserted.id as number;
        }
        const saved = await untyped(trx).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return { result: id, audit: { action: existing ? 'update' : 'create', recordId: id, before: existing ?? null, after: saved } };
      },
    },
    database,
  );
}

export async function deleteRecord(def: ContentTypeDef, id: number, actor: Actor, database: Db = db()): Promise<boolean> {
  return runWrite(
    {
      actor,
      entity: def.path,
      table: def.table,
      files: def.files,
      change: async (trx) => {
        const existing = (await untyped(trx).selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst()) as ContentRow | undefined;
        if (!existing) return { result: false, audit: null };
        await untyped(trx).deleteFrom(def.table).where('id', '=', id).execute();
        return { result: true, audit: { action: 'delete', recordId: id, before: existing, after: null } };
      },
    },
    database,
  );
}
