import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DialectAdapter,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import { migrations } from '../../db/migrations/index';
import type { Database } from './db-schema';
import { currentCouncil } from './council-context';
import { councilDatabase } from './councils/databases';
import { now } from './clock';
import { TableTrackingPlugin } from './cache/table-tracking';
import { BUSY_TIMEOUT_MS, CouncilSqliteDialect, openSqliteConnection } from './sqlite-driver';

/** Every handle sees its queries' tables, for the page cache's dependencies (cache/table-tracking.ts). */
const plugins = [new TableTrackingPlugin()];

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

/** An open database and what only its engine offers. */
export interface OpenDatabase {
  db: Db;
  engine: Engine;
  /** SQLite only: the connection that writes (sqlite-driver.ts), whose commits check the log back into the file. */
  sqliteFile?: SqliteDatabase.Database;
  /** SQLite only: the connection that reads, for the one read that must answer without waiting for a promise. */
  sqliteReader?: SqliteDatabase.Database;
}

export const SQLITE_FILE_NAME = 'council.sqlite';

/**
 * Creates the data folder (0700) and an empty database file (0600) when they do not exist yet: they hold staff
 * accounts, sessions and the audit log, which nobody else on the machine has any business reading. SQLite
 * gives its -wal and -shm files the database file's permissions.
 */
export function prepareDataDir(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const databaseFile = path.join(dataDir, SQLITE_FILE_NAME);
  try {
    fs.closeSync(fs.openSync(databaseFile, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return databaseFile;
}

/** Opens the SQLite database in dataDir (creating both), with a connection that writes and one that reads. */
export function openSqliteFile(dataDir: string): OpenDatabase {
  const file = prepareDataDir(dataDir);
  const writer = openSqliteConnection(file, BUSY_TIMEOUT_MS);
  const reader = openSqliteConnection(file, BUSY_TIMEOUT_MS);
  return { db: new Kysely<Database>({ dialect: new CouncilSqliteDialect(writer, reader), plugins }), engine: 'sqlite', sqliteFile: writer, sqliteReader: reader };
}

/** Opens the embedded SQLite database in dataDir, creating the folder if needed. */
export function openSqlite(dataDir: string): Db {
  return openSqliteFile(dataDir).db;
}

const PG_INT8 = 20;

/** A pool of connections to one PostgreSQL database, answering 64-bit counts as numbers (see openPostgres). */
export function postgresPool(connectionString: string, poolSize = 10): pg.Pool {
  // Loaded here, not at start: a server on SQLite never loads the PostgreSQL client.
  const { Pool, types } = createRequire(import.meta.url)('pg') as typeof pg;
  const pool = new Pool({
    connectionString,
    max: poolSize,
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : types.getTypeParser(oid, format)) },
  });
  // An idle pooled connection that the server drops (a restart, a failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  return pool;
}

/**
 * Opens a PostgreSQL database through a connection pool. PostgreSQL answers count(*) and sum() as 64-bit
 * integers, which pg hands over as strings; here they become numbers, as on SQLite (no count we make comes
 * near 2^53).
 */
export function openPostgres(connectionString: string, poolSize = 10): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool(connectionString, poolSize) }), plugins });
}

/**
 * The schema a connection was last pointed at, kept on the connection itself under a registered symbol: the
 * Node entry and Astro's bundle each carry a copy of this file and hand out the same shared pool's connections,
 * so both must read one tag, or each would trust a search path the other had moved.
 */
const SEARCH_PATH = Symbol.for('council-portal:search-path');
type TaggedClient = pg.PoolClient & { [SEARCH_PATH]?: string };

/** A schema name as SQL spells it: only the names councils/registry.ts makes, never a visitor's text. */
export function quotedSchema(schema: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  return `"${schema}"`;
}

/**
 * A view of a shared pool in which every connection reads and writes `schema` and nothing else: each council
 * has its schema, and all councils share one pool (a pool per council would hold hundreds of idle
 * connections). The connection's search path is set as it is handed out, and only when it last served
 * another schema. Ending the view leaves the shared pool open.
 */
export function poolInSchema(pool: pg.Pool, schema: string): PostgresPool {
  const setPath = `SET search_path TO ${quotedSchema(schema)}`;
  return {
    connect: async () => {
      const client = (await pool.connect()) as TaggedClient;
      if (client[SEARCH_PATH] !== schema) {
        try {
          await client.query(setPath);
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
        client[SEARCH_PATH] = schema;
      }
      return client as unknown as PostgresPoolClient;
    },
    end: async () => {},
  };
}

/**
 * Kysely's migrator, before each run, asks whether its tables exist by reading every column of every table in
 * every schema of the database, and takes one lock for the whole database. With a schema per council that is
 * hundreds of thousands of rows per council at 300 councils (3.4 s to find nothing pending at 31 councils), and
 * every council's migrations in single file. Seen through its own schema, a handle's migrator looks at that
 * schema's table names only and locks that schema alone.
 */
/**
 * The handle Kysely's migrator gives its dialect: untyped by Kysely's own signatures (it reads and locks tables
 * that are no part of the schema's type). Only raw SQL of these few lines runs through it.
 */
type MigratorHandle = Parameters<DialectAdapter['acquireMigrationLock']>[0];

class SchemaIntrospector implements DatabaseIntrospector {
  readonly #whole: PostgresIntrospector;
  constructor(
    private readonly db: MigratorHandle,
    private readonly schema: string,
  ) {
    this.#whole = new PostgresIntrospector(db);
  }
  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#whole.getSchemas();
  }
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      WHERE ns.nspname = ${this.schema} AND c.relkind IN ('r', 'v', 'p')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: this.schema, isView: false, columns: [] }));
  }
  getMetadata(): never {
    throw new Error('a schema handle describes its table names only');
  }
}

class SchemaAdapter extends PostgresAdapter {
  constructor(private readonly schema: string) {
    super();
  }
  override async acquireMigrationLock(db: MigratorHandle): Promise<void> {
    await sql`SELECT set_config('lock_timeout', '3600000', true), pg_advisory_lock(hashtext(${`migrations ${this.schema}`}))`.execute(db);
  }
  override async releaseMigrationLock(db: MigratorHandle): Promise<void> {
    await sql`SELECT pg_advisory_unlock(hashtext(${`migrations ${this.schema}`}))`.execute(db);
  }
}

/** PostgreSQL through a view of the pool set to one schema, whose migrations look at and lock that schema alone. */
export function schemaDialect(pool: pg.Pool, schema: string): PostgresDialect {
  return new (class extends PostgresDialect {
    override createAdapter(): DialectAdapter {
      return new SchemaAdapter(schema);
    }
    override createIntrospector(db: MigratorHandle): DatabaseIntrospector {
      return new SchemaIntrospector(db, schema);
    }
  })({ pool: poolInSchema(pool, schema) });
}

/** A handle on one schema of a shared pool (poolInSchema). */
export function openPostgresSchema(pool: pg.Pool, schema: string): Db {
  const database = new Kysely<Database>({ dialect: schemaDialect(pool, schema), plugins });
  schemas.set(database, schema);
  return database;
}

/** Each handle's PostgreSQL schema, for its migrations' own table. */
const schemas = new WeakMap<Db, string>();

/** The database of the council the work under way belongs to (council-context.ts): throws outside one. */
export function processDatabase(): OpenDatabase {
  return councilDatabase(currentCouncil());
}

/** The current council's database handle. */
export function db(): Db {
  return processDatabase().db;
}

const staticMigrations: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; returns the names of the migrations it ran. On PostgreSQL a council's schema
 * is made first, and its migrations are recorded in a table of that schema.
 */
export async function migrateToLatest(database: Db = db()): Promise<string[]> {
  const schema = schemas.get(database);
  if (schema) await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${quotedSchema(schema)}`).execute(database);
  const migrator = new Migrator({ db: database, provider: staticMigrations, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Now on the server's clock, as the ISO text rows are stamped with. */
export function nowIso(): string {
  return new Date(now()).toISOString();
}

export { closeDb } from './councils/databases';
