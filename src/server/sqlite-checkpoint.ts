import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the background connection copies the write-ahead log back into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint, with an fsync of each) on the
 * commit that takes the log past 1000 pages. better-sqlite3 runs on the event loop, so that commit blocks
 * every request in the process for the fsyncs: tens of milliseconds, more on a busy disk, several times a
 * minute under a rush of payments. A connection of its own on a worker thread checkpoints instead, every
 * second, without ever blocking the event loop (PASSIVE: it waits for no reader or writer). The server's
 * connection stops checkpointing only once the worker runs, and starts again if the worker ends.
 */
export function checkpointInBackground(file: SqliteDatabase.Database, databaseFile: string): { stop: () => Promise<void> } {
  let worker: Worker;
  const none = { stop: async () => {} };
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), databaseFile, everyMs: CHECKPOINT_EVERY_MS },
    });
  } catch {
    return none; // the connection keeps checkpointing itself
  }
  worker.unref();
  worker.once('online', () => {
    if (file.open) file.pragma('wal_autocheckpoint = 0');
  });
  const fallBack = () => {
    if (file.open) file.pragma('wal_autocheckpoint = 1000');
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  // Ended before the server's own connection closes, so that the last one to close checkpoints the log whole.
  return { stop: async () => void (await worker.terminate()) };
}

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const file = new Database(workerData.databaseFile, { fileMustExist: true });
file.pragma('busy_timeout = 1000');
setInterval(() => {
  try {
    file.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or gone: the next round tries again
  }
}, workerData.everyMs);
`;
