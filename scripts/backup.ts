// `npm run backup`: an online, consistent copy of the database into DATA_DIR/backups, safe while the server
// runs, keeping the newest BACKUP_KEEP copies (default 14).
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { backupsDir, databasePath, embeddedDataDir, formatBytes, integrityProblems, syncToDisk, timestamp } from './ops/database-file';

const DEFAULT_KEEP = 14;
/** council-20261122-093015.sqlite, or council-20261122-093015-2.sqlite for a second copy in that second. */
const BACKUP_NAME = /^council-(\d{8}-\d{6})(?:-(\d+))?\.sqlite$/;

interface BackupResult {
  file: string;
  size: number;
  removed: string[];
}

function freeBackupName(dir: string, stamp: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `council-${stamp}.sqlite` : `council-${stamp}-${n}.sqlite`;
    if (!fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
}

/** Backups in dir, newest first; files not named like a backup are never touched. */
function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const order = (name: string) => {
    const [, stamp, n] = BACKUP_NAME.exec(name)!;
    return `${stamp}-${(n ?? '1').padStart(6, '0')}`;
  };
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort((a, b) => order(b).localeCompare(order(a)))
    .map((name) => path.join(dir, name));
}

function backupDatabase(dataDir: string, keep = DEFAULT_KEEP): BackupResult {
  const source = databasePath(dataDir);
  if (!fs.existsSync(source)) throw new Error(`There is no database at ${source} to back up.`);
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = freeBackupName(dir, timestamp());
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });

  try {
    // VACUUM INTO reads one snapshot inside a single read transaction: in WAL mode the server goes on
    // writing meanwhile, and the copy holds exactly the transactions committed when it began.
    const live = new SqliteDatabase(source, { fileMustExist: true });
    try {
      live.pragma('busy_timeout = 5000');
      live.prepare('VACUUM INTO ?').run(partial);
    } finally {
      live.close();
    }
    // A backup is one self-contained file: rollback journal mode, so it never needs a -wal beside it.
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const problems = integrityProblems(copy);
      if (problems.length > 0) throw new Error(`the new copy failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    } finally {
      copy.close();
    }
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  // Only a finished, checked copy gets a backup's name.
  fs.renameSync(partial, target);
  syncToDisk(target);

  const removed = listBackups(dir).slice(keep);
  for (const old of removed) fs.rmSync(old);
  return { file: target, size: fs.statSync(target).size, removed };
}

function keepFromEnv(): number {
  const raw = process.env.BACKUP_KEEP;
  if (raw === undefined || raw === '') return DEFAULT_KEEP;
  const keep = Number(raw);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of 1 or more, got "${raw}".`);
  return keep;
}

function main(): number {
  const dataDir = embeddedDataDir('Backup');
  if (!dataDir) return 2;
  try {
    const { file, size, removed } = backupDatabase(dataDir, keepFromEnv());
    console.log(`Backed up to ${file} (${formatBytes(size)}).`);
    for (const old of removed) console.log(`Removed old backup ${path.basename(old)}.`);
    return 0;
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = main();
