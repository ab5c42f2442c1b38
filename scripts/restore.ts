// `npm run restore [-- --council <slug>] FILE`: brings back a backup (a path, or a name in the council's backups
// folder) as that council's database, the first council's when no slug is given. `npm run restore -- <stamp>`
// brings back a whole set made by one `npm run backup`: the platform database and every council it lists.
// The server must be stopped. Every database replaced is kept aside in its backups folder first.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import {
  backupsDir,
  chosenCouncils,
  councilDatabaseProblem,
  councilsOf,
  embeddedDataDir,
  formatBytes,
  platformPath,
  sidecarPaths,
  syncToDisk,
  timestamp,
  type CouncilFiles,
} from './ops/database-file';

const USAGE = 'Usage: npm run restore -- [--council <slug>] FILE   (a backup path, or a file name in that council\'s backups folder)\n       npm run restore -- STAMP                (every council and the platform, from the set `npm run backup` made then)';
const SET_STAMP = /^\d{8}-\d{6}(-\d+)?$/;

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
function keepAside(current: string, dir: string, kind: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const aside = path.join(dir, `${kind}-before-restore-${timestamp()}.sqlite`);
  fs.copyFileSync(current, aside);
  const [wal] = sidecarPaths(current);
  if (fs.existsSync(wal)) fs.copyFileSync(wal, `${aside}-wal`);
  syncToDisk(aside);
  return aside;
}

/** One database to bring back: the file in use, the backup, and where the replaced one is kept. */
interface Step {
  label: string;
  kind: 'council' | 'platform';
  current: string;
  backup: string;
  backups: string;
}

/** Why the steps cannot all be taken, before any is: a backup unfit, or a database a server holds. */
function refusal(steps: Step[], dataDir: string): string | null {
  for (const step of steps) {
    if (step.backup === step.current) return `${step.backup} is the database in use; name a backup to restore.`;
    const problem = councilDatabaseProblem(step.backup, step.kind);
    if (problem) return problem;
  }
  for (const step of steps) {
    if (fs.existsSync(step.current) && settleCurrentDatabase(step.current).state === 'in-use') {
      return `the database of ${step.label} in ${dataDir} is in use. Stop the server first, then run the restore again.`;
    }
  }
  return null;
}

function restoreStep(step: Step): void {
  let aside: string | null = null;
  if (fs.existsSync(step.current)) {
    const settled = settleCurrentDatabase(step.current);
    if (settled.state === 'unreadable') console.warn(`The current database of ${step.label} cannot be read (${settled.reason}); keeping its files aside as they are.`);
    aside = keepAside(step.current, step.backups, step.kind);
  }
  fs.mkdirSync(path.dirname(step.current), { recursive: true, mode: 0o700 });
  const incoming = `${step.current}.restoring`;
  fs.copyFileSync(step.backup, incoming);
  syncToDisk(incoming);
  // A log left by the old database would be replayed into the restored one and corrupt it.
  for (const sidecar of sidecarPaths(step.current)) fs.rmSync(sidecar, { force: true });
  fs.renameSync(incoming, step.current);
  syncToDisk(step.current);
  console.log(`Restored ${step.label} from ${step.backup} (${formatBytes(fs.statSync(step.current).size)}).`);
  if (aside) console.log(`The database it replaced is kept at ${aside}.`);
}

function resolveBackup(argument: string, council: CouncilFiles): string {
  if (fs.existsSync(argument)) return path.resolve(argument);
  const inBackups = path.join(council.backups, argument);
  return fs.existsSync(inBackups) ? inBackups : path.resolve(argument);
}

const councilStep = (council: CouncilFiles, backup: string): Step => ({ label: `council ${council.slug}`, kind: 'council', current: council.database, backup, backups: council.backups });

/**
 * The steps of a whole set: the platform database of that stamp, and each council it lists from its own folder's
 * copy of that stamp. Councils made after the set was taken are not in it: their folders are moved aside
 * (returned apart), so that a council made later with the same slug does not find their data.
 */
function setSteps(dataDir: string, stamp: string): { steps: Step[]; strays: CouncilFiles[] } {
  const platformBackup = path.join(backupsDir(dataDir), `platform-${stamp}.sqlite`);
  const listed = councilsOf(platformBackup, dataDir);
  const steps = listed.map((c) => councilStep(c, path.join(c.backups, `council-${stamp}.sqlite`)));
  if (fs.existsSync(platformBackup)) steps.push({ label: 'the platform', kind: 'platform', current: platformPath(dataDir), backup: platformBackup, backups: backupsDir(dataDir) });
  const strays = councilsOf(platformPath(dataDir), dataDir).filter((now) => !listed.some((then) => then.slug === now.slug) && fs.existsSync(now.dir));
  return { steps, strays };
}

function main(): number {
  let slug: string | undefined;
  let argument: string | undefined;
  try {
    const { values, positionals } = parseArgs({ options: { council: { type: 'string' } }, allowPositionals: true });
    slug = values.council;
    argument = positionals[0];
    if (positionals.length > 1) throw new Error('Name one backup.');
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const dataDir = embeddedDataDir('Restore');
  if (!dataDir) return 2;
  if (!argument) {
    console.error(USAGE);
    return 2;
  }

  let steps: Step[];
  let strays: CouncilFiles[] = [];
  try {
    if (slug === undefined && SET_STAMP.test(argument) && !fs.existsSync(argument)) {
      ({ steps, strays } = setSteps(dataDir, argument));
    } else {
      const [council] = slug === undefined ? chosenCouncils(dataDir, undefined).filter((c) => c.first) : chosenCouncils(dataDir, slug);
      steps = [councilStep(council, resolveBackup(argument, council))];
    }
  } catch (err) {
    console.error(`Not restored: ${(err as Error).message}`);
    return 1;
  }
  const refused = refusal(steps, dataDir);
  if (refused) {
    console.error(`Not restored: ${refused}`);
    return 1;
  }
  for (const stray of strays) {
    if (fs.existsSync(stray.database) && settleCurrentDatabase(stray.database).state === 'in-use') {
      console.error(`Not restored: the database of council ${stray.slug} in ${dataDir} is in use. Stop the server first, then run the restore again.`);
      return 1;
    }
  }

  for (const step of steps) restoreStep(step);
  for (const stray of strays) {
    const aside = `${stray.dir}.before-restore-${timestamp()}`;
    fs.renameSync(stray.dir, aside);
    console.log(`Council ${stray.slug} was made after that backup; its folder is kept at ${aside}.`);
  }
  console.log('Start the server to use it.');
  return 0;
}

process.exitCode = main();
