import type pg from 'pg';
import { openPostgresSchema, postgresPool, type Db, type OpenDatabase } from './db';
import { readConfig } from './config';
import { processSingleton } from './singleton';
import { now } from './clock';
import { currentCouncil, type Council } from './council-context';
import { councilDatabase, councilSchema } from './councils/databases';

/**
 * The shared table versions: one row per table (table_version), whose number every committed write to that
 * table raises, in the write's own transaction. Every server instance on the same database reads them before
 * answering from its page cache, so a write through one instance makes the pages that read the written table
 * render afresh on every other instance, and leaves the rest alone.
 */
export type TableVersions = ReadonlyMap<string, number>;

/**
 * Tables whose rows never change once written: media is stored by SHA-256 and a variant is derived from it.
 * A new row there changes no page (a page shows a file only through a record that points at it, and that
 * record's table is raised), so writing them raises nothing.
 */
const IMMUTABLE_TABLES = new Set(['media', 'media_variant', 'table_version']);

/** Raises the versions of the tables a write changed; answers their new numbers. Call inside the write's transaction. */
export async function raiseTableVersions(database: Db, tables: Iterable<string>): Promise<TableVersions> {
  // Sorted, so that two writers on PostgreSQL lock the rows in one order and cannot deadlock.
  const names = [...new Set(tables)].filter((table) => !IMMUTABLE_TABLES.has(table)).sort();
  if (names.length === 0) return new Map();
  // The server's clock (which tests can move), so a page's "Last updated" follows the same time as everything else.
  const changedAt = new Date(now()).toISOString();
  const rows = await database
    .insertInto('table_version')
    .values(names.map((table_name) => ({ table_name, version: 1, changed_at: changedAt })))
    .onConflict((oc) => oc.column('table_name').doUpdateSet((eb) => ({ version: eb('table_version.version', '+', 1), changed_at: changedAt })))
    .returning(['table_name', 'version'])
    .execute();
  return new Map(rows.map((row) => [row.table_name, Number(row.version)]));
}

/** Reads a council's versions: `now` answers in place (SQLite), `later` through a query (PostgreSQL). */
type VersionReader = { now: () => TableVersions; later?: never } | { later: () => Promise<TableVersions>; now?: never };

function readerOf(council: Council): VersionReader {
  const readers = processSingleton('table-version-readers', () => new Map<number, VersionReader>());
  let reader = readers.get(council.id);
  if (!reader) readers.set(council.id, (reader = makeReader(councilDatabase(council), councilSchema(council))));
  return reader;
}

/**
 * A council's versions (the current council's unless named). On SQLite a prepared statement answers
 * synchronously in microseconds, so the cached path stays as fast as serving from memory. On PostgreSQL it
 * is a query: concurrent callers share one, but only one that started after they asked, since an answer from
 * a query sent earlier could predate a write that committed before the caller arrived.
 */
export function readSharedTableVersions(council: Council = currentCouncil()): TableVersions | Promise<TableVersions> {
  const reader = readerOf(council);
  return reader.now ? reader.now() : reader.later();
}

/**
 * A council's versions when they can be read without waiting (SQLite), else undefined (PostgreSQL, whose
 * query the caller leaves to the path that may wait). For a cached answer sent with no promise at all.
 */
export function readSharedTableVersionsNow(council: Council): TableVersions | undefined {
  return readerOf(council).now?.();
}

/** Forgets a council's reader (its database was closed). */
export function forgetVersionReader(councilId: number): void {
  processSingleton('table-version-readers', () => new Map<number, VersionReader>()).delete(councilId);
}

function makeReader(open: OpenDatabase, schema: string): VersionReader {
  if (open.sqliteReader) {
    // data_version changes when another connection commits (another instance, a script, and this process's
    // own writer: sqlite-driver.ts). So the table is read again only when someone may have written, and a
    // cached answer costs one pragma. On the reader, so that it never sees a transaction still under way.
    const dataVersion = open.sqliteReader.prepare('PRAGMA data_version').pluck();
    const statement = open.sqliteReader.prepare('SELECT table_name, version FROM table_version').raw();
    let seen: unknown = null;
    let versions: TableVersions = new Map();
    return {
      now: () => {
        const current = dataVersion.get();
        if (current !== seen) {
          versions = new Map((statement.all() as [string, number][]).map(([table, version]) => [table, Number(version)]));
          seen = current;
        }
        return versions;
      },
    };
  }
  // A connection of its own (shared by every council's check): in the pool the check would queue behind
  // renders and writes, and every cached answer waits for it.
  const url = readConfig().databaseUrl;
  const reader = url ? openPostgresSchema(processSingleton<pg.Pool>('table-version-pool', () => postgresPool(url, 1)), schema) : open.db;
  return {
    later: sharedQuery(async () => {
      const rows = await reader.selectFrom('table_version').select(['table_name', 'version']).execute();
      return new Map(rows.map((row) => [row.table_name, Number(row.version)]));
    }),
  };
}

/**
 * Runs `query` for many callers at once: a caller gets the answer of a query sent after it asked. While one
 * query is out, everyone arriving waits for the next one, sent as soon as it returns.
 */
export function sharedQuery<T>(query: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const read = (): Promise<T> => {
    if (!running) {
      running = query().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return read();
      });
    return queued;
  };
  return read;
}
