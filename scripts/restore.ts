// `npm run restore FILE`: brings back a backup (a path, or a name in DATA_DIR/backups) as the database.
// The server must be stopped. The current database is kept aside in DATA_DIR/backups first.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { backupsDir, councilDatabaseProblem, databasePath, embeddedDataDir, formatBytes, sidecarPaths, syncToDisk, timestamp } from './ops/database-file';

const USAGE = 'Usage: npm run restore FILE   (a backup path, or a file name in DATA_DIR/backups)';

function resolveBackup(argument: string, dataDir: string): string {
  if (fs.existsSync(argument)) return path.resolve(argument);
  const inBackups = path.join(backupsDir(dataDir), argument);
  return fs.existsSync(inBackups) ? inBackups : path.resolve(argument);
}

type Settled = { state: 'settled' } | { state: 'in-use' } | { state: 'unreadable'; reason: string };

/**
 * Takes the database for this process alone: a running server keeps it open, which makes the exclusive
 * lock fail at once. When the lock is had, the write-ahead log is folded into the main file, so the
 * copy kept aside is one whole file.
 */
function settleCurrentDatabase(file: string): Settled {
  let database: SqliteDatabase.Database | undefined;
  try {
    database = new SqliteDatabase(file, { fileMustExist: true });
    database.pragma('busy_timeout = 0');
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE; COMMIT;');
    database.pragma('wal_checkpoint(TRUNCATE)');
    return { state: 'settled' };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return { state: 'in-use' };
    return { state: 'unreadable', reason: (err as Error).message };
  } finally {
    database?.close();
  }
}

/** Copies the current database (and a -wal still beside it) into the backups folder; returns the copy. */
function keepAside(current: string, dataDir: string): string {
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const aside = path.join(dir, `council-before-restore-${timestamp()}.sqlite`);
  fs.copyFileSync(current, aside);
  const [wal] = sidecarPaths(current);
  if (fs.existsSync(wal)) fs.copyFileSync(wal, `${aside}-wal`);
  syncToDisk(aside);
  return aside;
}

function main(): number {
  const dataDir = embeddedDataDir('Restore');
  if (!dataDir) return 2;
  const argument = process.argv[2];
  if (!argument) {
    console.error(USAGE);
    return 2;
  }
  const backup = resolveBackup(argument, dataDir);
  const current = databasePath(dataDir);
  if (backup === current) {
    console.error('That is the database in use; name a backup to restore.');
    return 1;
  }
  const problem = councilDatabaseProblem(backup);
  if (problem) {
    console.error(`Not restored: ${problem}`);
    return 1;
  }

  let aside: string | null = null;
  if (fs.existsSync(current)) {
    const settled = settleCurrentDatabase(current);
    if (settled.state === 'in-use') {
      console.error(`Not restored: the database in ${dataDir} is in use. Stop the server first, then run the restore again.`);
      return 1;
    }
    if (settled.state === 'unreadable') console.warn(`The current database cannot be read (${settled.reason}); keeping its files aside as they are.`);
    aside = keepAside(current, dataDir);
  }

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const incoming = `${current}.restoring`;
  fs.copyFileSync(backup, incoming);
  syncToDisk(incoming);
  // A log left by the old database would be replayed into the restored one and corrupt it.
  for (const sidecar of sidecarPaths(current)) fs.rmSync(sidecar, { force: true });
  fs.renameSync(incoming, current);
  syncToDisk(current);

  console.log(`Restored ${backup} (${formatBytes(fs.statSync(current).size)}) as ${current}.`);
  if (aside) console.log(`The database it replaced is kept at ${aside}.`);
  console.log('Start the server to use it.');
  return 0;
}

process.exitCode = main();
