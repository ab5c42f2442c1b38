import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { readConfig } from '../../src/server/config';
import { migrateToLatest, nowIso, openPostgresSchema, openSqlite, quotedSchema, SQLITE_FILE_NAME } from '../../src/server/db';
import { councilDataDir, councilDatabase, councilSchema, COUNCILS_FOLDER, sharedPostgresPool } from '../../src/server/councils/databases';
import { platformDb } from '../../src/server/councils/platform';
import { listCouncils, refreshCouncils, type CouncilRecord } from '../../src/server/councils/registry';
import { hostNames, preparePlatform } from '../../src/server/councils/setup';
import { councilDatabaseProblem, integrityProblems, syncToDisk } from './database-file';
import { checkSameShape, copyFromPostgres, copyFromSqlite, emptyTables, postgresColumns, resetSequences, sqliteTables, type AnyDb } from './table-copy';

/**
 * A council carried whole from one installation to another: `npm run council:export` writes one SQLite file
 * holding everything in the council's database (its identity, content, cases, accounts, payments, media and
 * kept form files, which are all rows) and, in a table of its own, its platform record (slug, names, hosts);
 * `npm run council:import` makes that file a new council of another installation, on either engine.
 *
 * What does not travel: sessions (staff and citizens sign in again: a council's tokens are signed with a key
 * derived from its id and slug on its installation, so they would not be good on the other anyway), one-time
 * sign-in codes, and the sign-in and lodging attempt counters, which belong to addresses and minutes.
 */
export const EXPORT_TABLE = 'council_export';
const FORMAT = 1;
const NOT_CARRIED = ['user_session', 'citizen_session', 'citizen_code', 'login_attempt', 'attempt_gate', 'grievance_attempt'];
/** Slugs as the platform makes them (setup.ts): letters, digits and hyphens, a letter first. */
const SLUG = /^[a-z][a-z0-9-]{0,39}$/;

/** A refusal in words for whoever ran the command. */
export class TransferError extends Error {}

interface ExportedCouncil {
  format: number;
  slug: string;
  name: string;
  nameHindi: string;
  shortName: string;
  hosts: string[];
  exportedAt: string;
}

async function councilBySlug(slug: string): Promise<CouncilRecord> {
  await refreshCouncils();
  const council = (await listCouncils()).find((c) => c.slug === slug);
  if (!council) throw new TransferError(`No council has the slug "${slug}" (the councils are ${(await listCouncils()).map((c) => c.slug).join(', ')}).`);
  return council;
}

/** A migrated SQLite database in `dir` holding every row of the council's PostgreSQL schema, read in one snapshot. */
async function copyPostgresCouncil(council: CouncilRecord, dir: string): Promise<void> {
  const source = councilDatabase(council).db as AnyDb;
  await migrateToLatest(source as never);
  const target = openSqlite(dir) as AnyDb;
  try {
    await migrateToLatest(target as never);
    const tables = (await sqliteTables(target)).filter((t) => !NOT_CARRIED.includes(t.name));
    await emptyTables(target, tables);
    await source
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (snapshot) => {
        for (const table of tables) await copyFromPostgres(snapshot, target, table);
      });
  } finally {
    // The last connection to close folds the log into the file.
    await target.destroy();
  }
}

/** Writes the council named by `slug` to `out` (which must not exist yet); answers the file's size. */
export async function exportCouncil(slug: string, out: string): Promise<number> {
  await preparePlatform(() => {});
  const council = await councilBySlug(slug);
  if (fs.existsSync(out)) throw new TransferError(`${out} exists already; name a new file.`);
  const partial = `${out}.partial`;
  const work = `${out}.partial-folder`;
  fs.rmSync(partial, { force: true });
  fs.rmSync(work, { recursive: true, force: true });
  try {
    if (readConfig().databaseUrl) {
      await copyPostgresCouncil(council, work);
      fs.renameSync(path.join(work, SQLITE_FILE_NAME), partial);
    } else {
      // One snapshot of the live file, safe while the server writes (as a backup is made).
      const live = new SqliteDatabase(path.join(councilDataDir(council), SQLITE_FILE_NAME), { fileMustExist: true });
      try {
        live.pragma('busy_timeout = 5000');
        live.prepare('VACUUM INTO ?').run(partial);
      } finally {
        live.close();
      }
    }
    const file = new SqliteDatabase(partial, { fileMustExist: true });
    try {
      file.pragma('journal_mode = DELETE');
      file.transaction(() => {
        for (const table of NOT_CARRIED) if (file.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table)) file.exec(`DELETE FROM ${table}`);
        const record: ExportedCouncil = { format: FORMAT, slug: council.slug, name: council.name, nameHindi: council.nameHindi, shortName: council.shortName, hosts: council.hosts, exportedAt: nowIso() };
        file.exec(`CREATE TABLE ${EXPORT_TABLE} (record TEXT NOT NULL)`);
        file.prepare(`INSERT INTO ${EXPORT_TABLE} (record) VALUES (?)`).run(JSON.stringify(record));
      })();
      // Rewritten whole, so that the deleted sessions' rows are not left in free pages of the file.
      file.exec('VACUUM');
      const problems = integrityProblems(file);
      if (problems.length > 0) throw new TransferError(`the export failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    } finally {
      file.close();
    }
    fs.renameSync(partial, out);
    syncToDisk(out);
    return fs.statSync(out).size;
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readExport(file: string): ExportedCouncil {
  const problem = councilDatabaseProblem(file);
  if (problem) throw new TransferError(problem);
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const has = database.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(EXPORT_TABLE);
    const row = has ? (database.prepare(`SELECT record FROM ${EXPORT_TABLE}`).get() as { record: string } | undefined) : undefined;
    if (!row) throw new TransferError(`${file} is a council database but no export (npm run council:export makes one).`);
    const record = JSON.parse(row.record) as ExportedCouncil;
    if (record.format !== FORMAT) throw new TransferError(`${file} is an export of another format (${record.format}).`);
    return record;
  } finally {
    database.close();
  }
}

/** Refuses a slug or host another council of this installation has, or a slug that is no slug. */
async function checkFree(slug: string, hosts: string[]): Promise<void> {
  if (!SLUG.test(slug)) throw new TransferError(`"${slug}" is no slug: lower-case letters, digits and hyphens, a letter first, at most 40.`);
  const platform = platformDb();
  if (await platform.selectFrom('council').select('id').where('slug', '=', slug).executeTakeFirst()) throw new TransferError(`A council of this installation has the slug "${slug}" already; give another with --slug.`);
  const claimed = await platform.selectFrom('council_host').select('host').where('host', 'in', hosts).executeTakeFirst();
  if (claimed) throw new TransferError(`A council of this installation has the host name ${claimed.host} already; give others with --hosts.`);
}

/** The export's database, without its record and at this version's latest migrations, as council.sqlite in `dir`. */
async function preparedCopy(file: string, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const copy = path.join(dir, SQLITE_FILE_NAME);
  fs.copyFileSync(file, copy);
  fs.chmodSync(copy, 0o600);
  const database = new SqliteDatabase(copy, { fileMustExist: true });
  try {
    database.exec(`DROP TABLE ${EXPORT_TABLE}`);
  } finally {
    database.close();
  }
  const opened = openSqlite(dir);
  try {
    await migrateToLatest(opened);
  } finally {
    await opened.destroy();
  }
}

/** Copies the prepared SQLite database in `dir` into a new schema; the schema is dropped again should anything fail. */
async function intoPostgres(dir: string, schema: string): Promise<void> {
  const pool = sharedPostgresPool(readConfig().databaseUrl!);
  const exists = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  if (exists.rowCount) throw new TransferError(`The schema ${schema} exists already in this database: a council of that slug was here once. Give another with --slug.`);
  // Made here, not by the migration (which would take a schema that is there): two imports of one slug at once, one wins.
  await pool.query(`CREATE SCHEMA ${quotedSchema(schema)}`);
  const target = openPostgresSchema(pool, schema) as AnyDb;
  const source = openSqlite(dir) as AnyDb;
  try {
    await migrateToLatest(target as never);
    const tables = await sqliteTables(source);
    checkSameShape(tables, await postgresColumns(target));
    await target.transaction().execute(async (trx) => {
      await emptyTables(trx, tables);
      for (const table of tables) await copyFromSqlite(source, trx, table);
      await resetSequences(trx, tables);
    });
  } catch (err) {
    await pool.query(`DROP SCHEMA ${quotedSchema(schema)} CASCADE`).catch(() => {});
    throw err;
  } finally {
    await source.destroy();
  }
}

export interface ImportChoice {
  slug?: string;
  hosts?: string[];
}

/**
 * Makes the export in `file` a new council of this installation: its data first (a folder or a schema of its
 * own), its platform record last, so that no server serves it half made; should any step fail, what the earlier
 * ones made is taken away again.
 */
export async function importCouncil(file: string, choice: ImportChoice = {}): Promise<CouncilRecord> {
  if (!fs.existsSync(file)) throw new TransferError(`${file} does not exist.`);
  const record = readExport(file);
  await preparePlatform(() => {});
  const slug = choice.slug ?? record.slug;
  let hosts: string[];
  try {
    hosts = hostNames(choice.hosts ?? record.hosts);
  } catch (err) {
    throw new TransferError((err as Error).message);
  }
  await checkFree(slug, hosts);

  const config = readConfig();
  const council = { slug, first: false };
  const folder = councilDataDir(council, config.dataDir);
  const work = config.databaseUrl
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'council-import-'))
    : path.join(config.dataDir, COUNCILS_FOLDER, `.import-${slug}-${crypto.randomBytes(4).toString('hex')}`);
  let undo = async () => {};
  try {
    await preparedCopy(file, work);
    if (config.databaseUrl) {
      const schema = councilSchema(council);
      await intoPostgres(work, schema);
      undo = async () => void (await sharedPostgresPool(config.databaseUrl!).query(`DROP SCHEMA ${quotedSchema(schema)} CASCADE`));
    } else {
      if (fs.existsSync(folder)) throw new TransferError(`The folder ${folder} exists already: a council of that slug was here once. Give another with --slug.`);
      fs.renameSync(work, folder);
      undo = async () => fs.rmSync(folder, { recursive: true, force: true });
    }
    const id = await platformDb()
      .transaction()
      .execute(async (trx) => {
        const claimed = await trx.selectFrom('council_host').select('host').where('host', 'in', hosts).executeTakeFirst();
        if (claimed) throw new TransferError(`A council of this installation has the host name ${claimed.host} already; give others with --hosts.`);
        const row = await trx
          .insertInto('council')
          .values({ slug, name: record.name, name_hindi: record.nameHindi, short_name: record.shortName, status: 'active', first: 0, created_at: nowIso() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('council_host').values(hosts.map((host) => ({ host, council_id: row.id }))).execute();
        return row.id;
      });
    return { id, slug, name: record.name, nameHindi: record.nameHindi, shortName: record.shortName, status: 'active', first: false, hosts };
  } catch (err) {
    await undo().catch(() => {});
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
