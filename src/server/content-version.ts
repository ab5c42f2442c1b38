import { db, processDatabase, type Db } from './db';
import { processSingleton } from './singleton';

/**
 * The shared content version: one row (content_version, id 1) that every committed content write raises.
 * Every server instance on the same database reads it before answering from its page cache, so a write
 * through one instance makes the next request on every other instance render afresh.
 */

/** Raises the version after a committed write; returns the new version. */
export async function raiseContentVersion(database: Db = db()): Promise<number> {
  const row = await database
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

type VersionReader = () => number | Promise<number>;

/**
 * The process database's current version. On SQLite a prepared statement answers synchronously in
 * microseconds, so the cached path stays as fast as serving from memory. On PostgreSQL it is a query:
 * concurrent callers share one, but only one that started after they asked, since an answer from a query
 * sent earlier could predate a write that committed before the caller arrived.
 */
export function readSharedContentVersion(): number | Promise<number> {
  return processSingleton<VersionReader>('content-version-reader', makeReader)();
}

function makeReader(): VersionReader {
  const open = processDatabase();
  if (open.sqliteFile) {
    const statement = open.sqliteFile.prepare('SELECT version FROM content_version WHERE id = 1').pluck();
    return () => Number(statement.get());
  }
  return sharedQuery(async () => Number((await open.db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version));
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
