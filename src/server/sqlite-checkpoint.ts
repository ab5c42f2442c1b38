import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the background connection copies each write-ahead log back into its database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint, with an fsync of each) on the
 * commit that takes the log past 1000 pages. better-sqlite3 runs on the event loop, so that commit blocks
 * every request in the process for the fsyncs: tens of milliseconds, more on a busy disk, several times a
 * minute under a rush of payments. One worker thread checkpoints instead, every second, every council's file
 * the process has open (a connection of its own to each), without ever blocking the event loop (PASSIVE: it
 * waits for no reader or writer). A server's connection stops checkpointing only once the worker has its
 * file, and starts again if the worker ends.
 */
export interface Checkpoints {
  /** From now on the worker checkpoints this file, which `connection` (the one that writes) has open. */
  watch: (connection: SqliteDatabase.Database, databaseFile: string) => void;
  /** The file's connection is about to close: the worker lets go of it. */
  forget: (databaseFile: string) => void;
  /** Ends the worker, before the server's own connections close, so that the last to close checkpoints each log whole. */
  stop: () => Promise<void>;
}

type FromWorker = { watching: string };
type ToWorker = { watch: string } | { forget: string };

export function checkpointInBackground(): Checkpoints {
  const watched = new Map<string, SqliteDatabase.Database>();
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS } });
  } catch {
    // Each connection keeps checkpointing itself.
    return { watch: () => {}, forget: () => {}, stop: async () => {} };
  }
  let ended = false;
  worker.unref();
  worker.on('message', ({ watching }: FromWorker) => {
    const connection = watched.get(watching);
    if (connection?.open && !ended) connection.pragma('wal_autocheckpoint = 0');
  });
  const fallBack = () => {
    ended = true;
    for (const connection of watched.values()) if (connection.open) connection.pragma('wal_autocheckpoint = 1000');
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  const send = (message: ToWorker) => {
    if (!ended) worker.postMessage(message);
  };
  return {
    watch: (connection, databaseFile) => {
      watched.set(databaseFile, connection);
      send({ watch: databaseFile });
    },
    forget: (databaseFile) => {
      watched.delete(databaseFile);
      send({ forget: databaseFile });
    },
    stop: async () => void (await worker.terminate()),
  };
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const files = new Map();
parentPort.on('message', (message) => {
  if (message.watch && !files.has(message.watch)) {
    try {
      const file = new Database(message.watch, { fileMustExist: true });
      file.pragma('busy_timeout = 1000');
      files.set(message.watch, file);
      parentPort.postMessage({ watching: message.watch });
    } catch {
      // not there, or unreadable: its own connection goes on checkpointing it
    }
  } else if (message.forget) {
    files.get(message.forget)?.close();
    files.delete(message.forget);
  }
});
setInterval(() => {
  for (const file of files.values()) {
    try {
      file.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // busy or gone: the next round tries again
    }
  }
}, workerData.everyMs);
`;
