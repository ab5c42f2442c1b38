import type { Kysely } from 'kysely';
import { translatableFields, type ContentTypeDef } from '../../lib/content-type';
import { storageOf } from './registry';
import { db, nowIso, type Db } from '../db';
import type { Database } from '../db-schema';
import { HttpError } from '../http';
import type { Actor, FileColumn } from '../audit';
import { runWrite } from '../write-path';
import { columnsOf, fileColumnsOf, type AnyContentStorage } from './storage';
import type { Submission } from './submission';
import { assertStoredKind, type AcceptedFile } from './uploads';
import { keepRevision } from './revisions';
import { deleteTranslations, readTranslations, saveTranslations } from './translation-store';
import { noteNextVisibilityChange, visibilityWhere, type VisibilityScope } from '../lifecycle/visibility';
import { textMatchWhere } from '../lifecycle/text-match';
import type { Lang } from '../../i18n/lang';
import { lifecycleAfterSave, lifecycleBeforeDelete } from '../lifecycle/save-rules';
import { now } from '../clock';

/**
 * Storage for every declared content type, written once: each type's storage declaration (in its feature's
 * .server.ts) names its table and columns, and records leave here keyed by the declaration's field keys,
 * so nothing past this module knows a column name.
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

/** What a content column holds: text, a number (0/1 for a checkbox), or nothing. */
export type StoredValue = string | number | null;

/** A stored value as text for people: trimmed, '' for nothing. */
export const storedText = (value: StoredValue | undefined): string => String(value ?? '').trim();
/** Several stored values as text for people, each under the name its reader gives it ({ title: 'tender_title' }). */
export function storedTexts<K extends string>(values: Readonly<Record<string, StoredValue>>, columns: Readonly<Record<K, string>>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(columns).map(([name, column]) => [name, storedText(values[column])])) as Record<K, string>;
}
/** A stored date ('YYYY-MM-DD'), or null when there is none. */
export const storedDate = (value: StoredValue | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

export interface ContentRecord {
  id: number;
  /** When the record was created (ISO instant). */
  createdDate: string;
  /** Per field key of the declaration, its stored value. */
  values: Record<string, StoredValue>;
  /** Per slot key, the stored file or null. */
  media: Record<string, MediaInfo | null>;
}

export interface ListOptions {
  /** Include file bytes (the compatibility API answers them as base64). */
  withBytes?: boolean;
  limit?: number;
  offset?: number;
  /** Narrows the list, by field key: field = value, or field in values for a list. */
  where?: Record<string, string | number | readonly (string | number)[]>;
  /** Only these records (one item's page asks for its own id, under the same visibility as its list). */
  ids?: readonly number[];
  /**
   * Only what the public sees at now() (src/server/lifecycle/visibility.ts); the render is also told when
   * that next changes. Public pages, feeds and the public API always set it; the back office never does.
   */
  visibility?: VisibilityScope;
  /** Only records whose given fields hold every word of `text` (the archive pages' search), in English or in `lang`'s translation. */
  matching?: { keys: readonly string[]; text: string; lang?: Lang };
}

export type CountOptions = Pick<ListOptions, 'where' | 'ids' | 'visibility' | 'matching'>;

/**
 * How this module sees any content table: an id, a creation time and columns of stored values. Kysely's
 * withTables adds that view beside the typed tables; which columns a type has is its storage declaration's
 * business, checked against db-schema.ts by the compiler and against the migrations by a test.
 */
interface ContentTableView {
  id: number;
  created_date: string;
  [column: string]: StoredValue | Uint8Array;
}
type ContentRow = Record<string, StoredValue | Uint8Array>;
type ContentDb = Kysely<Database & Record<string, ContentTableView>>;
/** Every content table's primary key is a whole number. */
const idOf = (row: ContentRow): number => Number(row.id);
const contentView = (database: Db): ContentDb => database.withTables<Record<string, ContentTableView>>();
/** A table named as the view knows it: any name, of the view's shape. */
const tableOf = (storage: AnyContentStorage): string => storage.table;

const columnOf = (storage: AnyContentStorage, key: string): string => {
  const column = columnsOf(storage)[key];
  if (!column) throw new Error(`${storage.table} has no column for the field ${key}.`);
  return column;
};

/** The storage's file slots as the audit log names them. */
export function fileColumns(storage: AnyContentStorage): FileColumn[] {
  return Object.entries(fileColumnsOf(storage)).map(([key, column]) => ({ key, column }));
}

function toRecord(def: ContentTypeDef, storage: AnyContentStorage, row: ContentRow, media: Record<string, MediaInfo | null>): ContentRecord {
  const values: Record<string, StoredValue> = {};
  for (const field of def.fields) {
    const value = row[columnOf(storage, field.key)];
    values[field.key] = value instanceof Uint8Array || value === undefined ? null : value;
  }
  return { id: idOf(row), createdDate: String(row.created_date), values, media };
}

async function attachMedia(database: Db, def: ContentTypeDef, rows: ContentRow[], withBytes: boolean): Promise<ContentRecord[]> {
  const storage = storageOf(def);
  const slots = fileColumns(storage);
  const ids = new Set<number>();
  for (const row of rows) for (const slot of slots) if (typeof row[slot.column] === 'number') ids.add(row[slot.column] as number);
  const byId = new Map<number, MediaInfo>();
  if (ids.size > 0) {
    const found = await database
      .selectFrom('media')
      .select(['id', 'sha256', 'content_type', 'size', 'width', 'height'])
      .$if(withBytes, (query) => query.select('bytes'))
      .where('id', 'in', [...ids])
      .execute();
    for (const m of found) {
      byId.set(m.id, { id: m.id, sha256: m.sha256, contentType: m.content_type, size: m.size, width: m.width, height: m.height, bytes: m.bytes });
    }
  }
  return rows.map((row) =>
    toRecord(def, storage, row, Object.fromEntries(slots.map((slot) => [slot.key, byId.get(row[slot.column] as number) ?? null]))),
  );
}

/** The narrowing every list and count shares: field filters, visibility, text. */
async function narrowed(def: ContentTypeDef, options: CountOptions, database: Db) {
  const storage = storageOf(def);
  const table = tableOf(storage);
  let query = contentView(database).selectFrom(table);
  for (const [key, value] of Object.entries(options.where ?? {})) {
    const column = columnOf(storage, key);
    query = Array.isArray(value) ? query.where(column, 'in', value) : query.where(column, '=', value);
  }
  if (options.ids) query = query.where(`${table}.id`, 'in', options.ids.length > 0 ? options.ids : [-1]);
  if (options.visibility) {
    const at = now();
    query = query.where(visibilityWhere(def.path, `${table}.id`, options.visibility, at));
    await noteNextVisibilityChange(def.path, at, database);
  }
  if (options.matching) {
    const { keys, text, lang } = options.matching;
    const translated = lang && lang !== 'en' ? { typePath: def.path, idColumn: `${table}.id`, fieldKeys: keys, lang } : undefined;
    query = query.where(textMatchWhere(keys.map((key) => `${table}.${columnOf(storage, key)}`), text, translated));
  }
  return query;
}

export async function listRecords(def: ContentTypeDef, options: ListOptions = {}, database: Db = db()): Promise<ContentRecord[]> {
  const storage = storageOf(def);
  let query = (await narrowed(def, options, database)).selectAll();
  query = query.orderBy(storage.orderBy, 'desc').orderBy('id', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const rows: ContentRow[] = await query.execute();
  return attachMedia(database, def, rows, !!options.withBytes);
}

export async function countRecords(def: ContentTypeDef, options: CountOptions = {}, database: Db = db()): Promise<number> {
  const row = await (await narrowed(def, options, database))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRecord(def: ContentTypeDef, id: number, withBytes = false, database: Db = db()): Promise<ContentRecord | null> {
  const row: ContentRow | undefined = await contentView(database).selectFrom(tableOf(storageOf(def))).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [record] = await attachMedia(database, def, [row], withBytes);
  return record;
}

/** A record's Hindi texts by field key, for the audit log and the admin answers. */
export async function hindiOf(database: Db, def: ContentTypeDef, id: number): Promise<Record<string, string>> {
  const stored = (await readTranslations(database, def.path, [id], 'hi')).get(id) ?? {};
  return Object.fromEntries(Object.entries(stored).map(([key, translation]) => [key, translation.text]));
}

/** A row as the audit log records it: with its Hindi texts, for the types that have any. */
const withHindi = (def: ContentTypeDef, row: object, hindi: Record<string, string>): object =>
  translatableFields(def).length > 0 ? { ...row, hi: hindi } : row;

/** Turns validated form values into column values: booleans as 0/1, empty dates and numbers as null. */
function columnsFromValues(def: ContentTypeDef, storage: AnyContentStorage, values: Record<string, unknown>): Record<string, StoredValue> {
  const columns: Record<string, StoredValue> = {};
  for (const field of def.fields) {
    const value = values[field.key];
    const column = columnOf(storage, field.key);
    if (field.input === 'checkbox') columns[column] = value ? 1 : 0;
    else if (field.input === 'date' || field.input === 'number') columns[column] = value === '' || value === undefined ? null : (value as StoredValue);
    else columns[column] = (value ?? '') as StoredValue;
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
  const storage = storageOf(def);
  const slots = fileColumns(storage);
  const uploads: Record<string, AcceptedFile> = {};
  for (const slot of def.files) {
    const choice = submission.files[slot.key];
    if (choice.kind === 'upload') uploads[slot.key] = choice.file;
  }
  return runWrite(
    {
      actor,
      entity: def.path,
      table: storage.table,
      files: slots,
      uploads,
      change: async (trx, media) => {
        const content = contentView(trx);
        const existing = submission.id === null ? null : await content.selectFrom(tableOf(storage)).selectAll().where('id', '=', submission.id).executeTakeFirst();
        if (submission.id !== null && !existing) throw new HttpError(404, `${def.heading} not found.`);

        const columns = columnsFromValues(def, storage, values);
        const missing: Record<string, string> = {};
        for (const slot of def.files) {
          const choice = submission.files[slot.key];
          const column = fileColumnsOf(storage)[slot.key];
          if (choice.kind === 'upload') columns[column] = media[slot.key];
          else if (choice.kind === 'stored') {
            // Only a public file: naming a private file's key must not publish it on a content page.
            const stored = await trx.selectFrom('media').select(['id', 'content_type']).where('sha256', '=', choice.sha256).where('private', '=', 0).executeTakeFirst();
            if (!stored) missing[slot.key] = def.messages.invalidFile ?? `${slot.label}: that stored file does not exist.`;
            else {
              assertStoredKind(stored.content_type, slot);
              columns[column] = stored.id;
            }
          }
          const hasFile = columns[column] ?? existing?.[column];
          // A slot needed unless a field is given (a video's file, unless it is a YouTube link).
          const needed = slot.required !== undefined || (slot.requiredUnless !== undefined && String(values[slot.requiredUnless] ?? '').trim() === '');
          if (needed && !hasFile && !missing[slot.key]) missing[slot.key] = slot.requiredMessage ?? `${slot.label} is required.`;
        }
        if (Object.keys(missing).length > 0) throw new HttpError(400, Object.values(missing)[0], missing);
        const hindiBefore = existing ? await hindiOf(trx, def, idOf(existing)) : {};

        let id: number;
        if (existing) {
          id = idOf(existing);
          // A type without text fields (the slider) edited without a new file has nothing to change.
          if (Object.keys(columns).length > 0) await content.updateTable(tableOf(storage)).set(columns).where('id', '=', id).execute();
        } else {
          const inserted = await content
            .insertInto(tableOf(storage))
            .values({ ...columns, created_date: nowIso() })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = idOf(inserted);
        }
        await lifecycleAfterSave(trx, def, id, !existing, actor);
        const saved = await content.selectFrom(tableOf(storage)).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await keepRevision(trx, def, { recordId: id, before: existing ?? null, after: saved, actor, restoredFrom: submission.restoredFrom });
        const english = Object.fromEntries(def.fields.map((field) => [field.key, saved[columnOf(storage, field.key)] as StoredValue]));
        await saveTranslations(trx, { typePath: def.path, recordId: id, lang: 'hi', by: actor.email }, submission.translations, english);
        // The Hindi texts are part of what the audit log records of the record, before and after.
        const hindiAfter = await hindiOf(trx, def, id);
        return {
          result: id,
          audit: { action: existing ? 'update' : 'create', recordId: id, before: existing ? withHindi(def, existing, hindiBefore) : null, after: withHindi(def, saved, hindiAfter) },
        };
      },
    },
    database,
  );
}

export async function deleteRecord(def: ContentTypeDef, id: number, actor: Actor, database: Db = db()): Promise<boolean> {
  const storage = storageOf(def);
  return runWrite(
    {
      actor,
      entity: def.path,
      table: storage.table,
      files: fileColumns(storage),
      change: async (trx) => {
        const content = contentView(trx);
        const existing = await content.selectFrom(tableOf(storage)).selectAll().where('id', '=', id).executeTakeFirst();
        if (!existing) return { result: false, audit: null };
        await lifecycleBeforeDelete(trx, def, id, actor);
        const hindi = await hindiOf(trx, def, id);
        await deleteTranslations(trx, def.path, id);
        await content.deleteFrom(tableOf(storage)).where('id', '=', id).execute();
        return { result: true, audit: { action: 'delete', recordId: id, before: withHindi(def, existing, hindi), after: null } };
      },
    },
    database,
  );
}
