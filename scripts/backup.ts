// `npm run backup [-- --council <slug>]`: online, consistent copies of the databases, safe while the server runs.
// Without --council, every council's database (each into the backups folder of its own folder: DATA_DIR/backups
// for the first, DATA_DIR/councils/<slug>/backups for the others) and the platform database (DATA_DIR/backups),
// all named with one time stamp, so that `npm run restore -- <stamp>` brings the set back. Keeps the newest
// BACKUP_KEEP copies of each (default 14).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { backupsDir, chosenCouncils, embeddedDataDir, formatBytes, integrityProblems, platformPath, syncToDisk, timestamp } from './ops/database-file';

const DEFAULT_KEEP = 14;
const USAGE = 'Usage: npm run backup [-- --council <slug>]';
/** council-20261122-093015.sqlite, or council-20261122-093015-2.sqlite for a second set in that second. */
const backupName = (kind: BackupKind, stamp: string) => `${kind}-${stamp}.sqlite`;
const backupPattern = (kind: BackupKind) => new RegExp(`^${kind}-(\\d{8}-\\d{6})(?:-(\\d+))?\\.sqlite$`);

type BackupKind = 'council' | 'platform';

/** One database to copy: its file, the folder its copies go to, and what they are named. */
interface Source {
  label: string;
  file: string;
  dir: string;
  kind: BackupKind;
}

interface BackupResult {
  label: string;
  file: string;
  size: number;
  removed: string[];
}

/** The stamp, with a -2, -3… when a copy of the same second exists already, free in every folder of the set. */
function freeStamp(sources: Source[], stamp: string): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stamp : `${stamp}-${n}`;
    if (sources.every((s) => !fs.existsSync(path.join(s.dir, backupName(s.kind, candidate))))) return candidate;
  }
}

/** Backups of a kind in dir, newest first; files not named like one are never touched. */
function listBackups(dir: string, kind: BackupKind): string[] {
  if (!fs.existsSync(dir)) return [];
  const pattern = backupPattern(kind);
  const order = (name: string) => {
    const [, stamp, n] = pattern.exec(name)!;
    return `${stamp}-${(n ?? '1').padStart(6, '0')}`;
  };
  return fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort((a, b) => order(b).localeCompare(order(a)))
    .map((name) => path.join(dir, name));
}

function backupDatabase(source: Source, stamp: string, keep: number): BackupResult {
  if (!fs.existsSync(source.file)) throw new Error(`There is no database at ${source.file} to back up.`);
  fs.mkdirSync(source.dir, { recursive: true, mode: 0o700 });
  const target = path.join(source.dir, backupName(source.kind, stamp));
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });

  try {
    // VACUUM INTO reads one snapshot inside a single read transaction: in WAL mode the server goes on
    // writing meanwhile, and the copy holds exactly the transactions committed when it began.
    const live = new SqliteDatabase(source.file, { fileMustExist: true });
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

  const removed = listBackups(source.dir, source.kind).slice(keep);
  for (const old of removed) fs.rmSync(old);
  return { label: source.label, file: target, size: fs.statSync(target).size, removed };
}

function keepFromEnv(): number {
  const raw = process.env.BACKUP_KEEP;
  if (raw === undefined || raw === '') return DEFAULT_KEEP;
  const keep = Number(raw);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of 1 or more, got "${raw}".`);
  return keep;
}

/** What one run copies: the council named, or every council and then the platform database (when there is one). */
function sourcesOf(dataDir: string, slug: string | undefined): Source[] {
  const councils: Source[] = chosenCouncils(dataDir, slug).map((c) => ({ label: `council ${c.slug}`, file: c.database, dir: c.backups, kind: 'council' }));
  const platform = platformPath(dataDir);
  if (slug !== undefined || !fs.existsSync(platform)) return councils;
  return [...councils, { label: 'the platform', file: platform, dir: backupsDir(dataDir), kind: 'platform' }];
}

function main(): number {
  let slug: string | undefined;
  try {
    slug = parseArgs({ options: { council: { type: 'string' } } }).values.council;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const dataDir = embeddedDataDir('Backup');
  if (!dataDir) return 2;
  try {
    const keep = keepFromEnv();
    const sources = sourcesOf(dataDir, slug);
    const stamp = freeStamp(sources, timestamp());
    // Each database is its own snapshot: a set is consistent council by council, not across councils.
    for (const source of sources) {
      const { label, file, size, removed } = backupDatabase(source, stamp, keep);
      console.log(`Backed up ${label} to ${file} (${formatBytes(size)}).`);
      for (const old of removed) console.log(`Removed old backup ${path.basename(old)}.`);
    }
    if (sources.length > 1) console.log(`Restore this set with: npm run restore -- ${stamp}`);
    return 0;
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = main();
