import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground } from '../../src/server/sqlite-checkpoint';
import { until } from '../support/until';

describe("SQLite's checkpoints off the event loop", () => {
  const opened: { file: SqliteDatabase.Database; dir: string }[] = [];
  afterEach(() => {
    for (const { file, dir } of opened.splice(0)) {
      file.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A database in WAL mode in a folder of its own, closed after the test. */
  function walDatabase(): { file: SqliteDatabase.Database; databaseFile: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-checkpoint-'));
    const databaseFile = path.join(dir, 'council.sqlite');
    const file = new SqliteDatabase(databaseFile);
    opened.push({ file, dir });
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.exec('create table t (id integer primary key, body text not null)');
    return { file, databaseFile };
  }

  it("copy every watched council's log into its database file from one worker, the server's connections no longer checkpointing, and give it back when stopped", async () => {
    const councils = [walDatabase(), walDatabase()];
    const autocheckpoint = (file: SqliteDatabase.Database) => file.pragma('wal_autocheckpoint', { simple: true }) as number;
    for (const { file } of councils) expect(autocheckpoint(file)).toBe(1000);

    const checkpoints = checkpointInBackground();
    for (const { file, databaseFile } of councils) {
      checkpoints.watch(file, databaseFile);
      await until(() => autocheckpoint(file) === 0 || undefined, "the server's connection stops checkpointing");
    }
    for (const { file, databaseFile } of councils) {
      const sizeBefore = fs.statSync(databaseFile).size;
      // About 2 MB written: only in the log until a checkpoint copies it into the file, which now only the worker does.
      const insert = file.prepare('insert into t (body) values (?)');
      file.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run('x'.repeat(1000));
      })();
      await until(() => fs.statSync(databaseFile).size > sizeBefore + 1_000_000 || undefined, 'the worker copies the log into the file');
      expect(file.prepare('select count(*) from t').pluck().get()).toBe(2000);
    }

    await checkpoints.stop();
    for (const { file } of councils) await until(() => autocheckpoint(file) === 1000 || undefined, "the server's connection checkpoints again");
  });
});
