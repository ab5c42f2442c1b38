import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, CouncilSqliteDialect, openSqliteConnection } from '../../src/server/sqlite-driver';

/**
 * A second process holding SQLite's write lock (here: a second connection on the same file) makes this one's
 * writes wait, and the wait must leave the event loop running: a server process that slept inside SQLite
 * answered nothing, not even the pages it had in memory, until the lock came free.
 */
interface Tables {
  note: { id: Generated<number>; body: string };
}

let dir: string;
let file: SqliteDatabase.Database;
let other: SqliteDatabase.Database;
let db: Kysely<Tables>;

const open = (writeLockWaitMs: number) => {
  file = openSqliteConnection(path.join(dir, 'lock.sqlite'), BUSY_TIMEOUT_MS);
  db = new Kysely<Tables>({ dialect: new CouncilSqliteDialect(file, openSqliteConnection(path.join(dir, 'lock.sqlite'), BUSY_TIMEOUT_MS), { writeLockWaitMs }) });
};

/** Settles with what `promise` came to, and says meanwhile whether it has. */
const watch = <T>(promise: Promise<T>) => {
  const state = { settled: false, result: undefined as T | undefined, error: undefined as unknown };
  const done = promise.then(
    (result) => Object.assign(state, { settled: true, result }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return { state, done };
};
const turns = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-lock-'));
  open(2000);
  await sql`create table note (id integer primary key, body text not null)`.execute(db);
  other = new SqliteDatabase(path.join(dir, 'lock.sqlite'));
});

afterEach(async () => {
  if (other.inTransaction) other.exec('rollback');
  other.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('waiting for the SQLite write lock', () => {
  it('keeps the event loop running while another connection writes, and then writes', async () => {
    other.exec('begin immediate');
    other.exec("insert into note (body) values ('theirs')");
    const plainWrite = watch(db.insertInto('note').values({ body: 'ours, alone' }).execute());
    const transaction = watch(db.transaction().execute((trx) => trx.insertInto('note').values({ body: 'ours, in a transaction' }).execute()));

    // Timers fire while both writes wait: the process is not asleep inside SQLite. A read does not queue
    // behind them either: it sees what is committed.
    await turns(30);
    expect(await db.selectFrom('note').select('body').execute()).toEqual([]);
    expect(plainWrite.state.settled).toBe(false);
    expect(transaction.state.settled).toBe(false);

    other.exec('commit');
    await Promise.all([plainWrite.done, transaction.done]);
    expect(plainWrite.state.error).toBeUndefined();
    expect(transaction.state.error).toBeUndefined();
    const bodies = (await db.selectFrom('note').select('body').orderBy('id').execute()).map((n) => n.body);
    expect(bodies).toEqual(['theirs', 'ours, alone', 'ours, in a transaction']);
  });

  it('undoes a transaction whose work fails and hands the writer on once: the next ones run', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ body: 'undone' }).execute();
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const next = db.transaction().execute((trx) => trx.insertInto('note').values({ body: 'next' }).execute());
    const alone = db.insertInto('note').values({ body: 'alone' }).execute();
    await Promise.all([next, alone]);
    expect((await db.selectFrom('note').select('body').orderBy('id').execute()).map((n) => n.body)).toEqual(['next', 'alone']);
  });

  it('reads at once while another connection holds the write lock', async () => {
    await db.insertInto('note').values({ body: 'before' }).execute();
    other.exec('begin immediate');
    other.exec("insert into note (body) values ('not yet committed')");
    const read = watch(db.selectFrom('note').select('body').execute());
    await read.done;
    expect(read.state.result).toEqual([{ body: 'before' }]);
  });

  it('gives up with SQLITE_BUSY when the lock stays taken longer than the wait, and writes once it is free', async () => {
    await db.destroy();
    open(60);
    other.exec('begin immediate');
    const startedAt = performance.now();
    const write = watch(db.insertInto('note').values({ body: 'too late' }).execute());
    await write.done;
    expect((write.state.error as { code?: string }).code).toBe('SQLITE_BUSY');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(55);

    other.exec('rollback');
    await db.insertInto('note').values({ body: 'once free' }).execute();
    expect(await db.selectFrom('note').select('body').execute()).toEqual([{ body: 'once free' }]);
  });
});
