import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { SEARCH_ENGINE_PARTS, TABLES, type Affinity, type TableName } from '../../src/server/db-schema';
import { STORED_CONTENT_TYPES } from '../../src/features/content-storage.server';
import { openTestDatabase, testPostgresUrl } from '../support/database';

/**
 * The three places a table's shape is written must agree: the migrations (what the database holds), the
 * shapes in db-schema.ts (from which the Kysely types come) and the content types' storage declarations.
 */
interface LiveColumn {
  affinity: Affinity;
  nullable: boolean;
}

let dataDir: string;
let database: Db;
let live: Map<string, Map<string, LiveColumn>>;

const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence']);

function affinityOf(declared: string): Affinity {
  const type = declared.toLowerCase();
  if (type.includes('int') || type === 'serial') return 'integer';
  if (type === 'blob' || type === 'bytea') return 'blob';
  return 'text';
}

/** Every table's columns as the migrated database describes them. */
async function readLiveShapes(): Promise<Map<string, Map<string, LiveColumn>>> {
  const shapes = new Map<string, Map<string, LiveColumn>>();
  const add = (table: string, column: string, type: string, nullable: boolean) => {
    if (BOOKKEEPING.has(table) || SEARCH_ENGINE_PARTS.sqliteTables.test(table)) return;
    if (SEARCH_ENGINE_PARTS.postgresColumns.some((part) => part.table === table && part.column === column)) return;
    if (!shapes.has(table)) shapes.set(table, new Map());
    shapes.get(table)!.set(column, { affinity: affinityOf(type), nullable });
  };
  if (testPostgresUrl()) {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
      select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'`.execute(database);
    for (const row of rows) add(row.table_name, row.column_name, row.data_type, row.is_nullable === 'YES');
    return shapes;
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database);
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string; notnull: number; pk: number }>`select * from pragma_table_info(${name})`.execute(database);
    // A primary key never holds null, whatever SQLite's notnull flag says.
    for (const row of rows) add(name, row.name, row.type, row.notnull === 0 && row.pk === 0);
  }
  return shapes;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-shapes-'));
  database = await openTestDatabase(dataDir);
  await migrateToLatest(database);
  live = await readLiveShapes();
});

afterAll(async () => {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the storage shapes', () => {
  it('name exactly the tables the migrations create', () => {
    expect([...live.keys()].sort()).toEqual(Object.keys(TABLES).sort());
  });

  it('give every table the columns, types and nullability the migrations give it', () => {
    for (const [table, columns] of Object.entries(TABLES)) {
      const declared = Object.fromEntries(Object.entries(columns).map(([name, shape]) => [name, { affinity: shape.affinity, nullable: shape.nullable }]));
      expect(Object.fromEntries(live.get(table) ?? []), table).toEqual(declared);
    }
  });

  it('store every field and file slot of every content type, in a column of the fitting type', () => {
    for (const { def, storage } of STORED_CONTENT_TYPES) {
      const shape: Record<string, { affinity: Affinity; nullable: boolean }> = TABLES[storage.table as TableName];
      const columns: Record<string, string> = storage.columns;
      const files: Record<string, string> = storage.files;
      expect(Object.keys(columns).sort(), `${def.path} fields`).toEqual(def.fields.map((field) => field.key).sort());
      expect(Object.keys(files).sort(), `${def.path} files`).toEqual(def.files.map((slot) => slot.key).sort());
      for (const field of def.fields) {
        const column = shape[columns[field.key]];
        expect(column, `${def.path}.${field.key}`).toBeDefined();
        const wanted = field.input === 'checkbox' || field.input === 'number' ? 'integer' : 'text';
        expect(column.affinity, `${def.path}.${field.key}`).toBe(wanted);
      }
      for (const slot of def.files) expect(shape[files[slot.key]], `${def.path}.${slot.key}`).toEqual({ affinity: 'integer', nullable: true });
      expect(shape[storage.orderBy], `${def.path} order`).toBeDefined();
      expect(shape.created_date, `${def.path} creation time`).toEqual({ affinity: 'text', nullable: false });
    }
  });
});
