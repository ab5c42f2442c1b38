import path from 'node:path';
import type pg from 'pg';
import { readConfig } from '../config';
import { processSingleton } from '../singleton';
import type { Council } from '../council-context';
import { openPostgresSchema, openSqliteFile, postgresPool, SQLITE_FILE_NAME, type OpenDatabase } from '../db';
import type { Checkpoints } from '../sqlite-checkpoint';

/**
 * Where each council's data lives, and its open handles. SQLite: a file per council; the first council keeps
 * DATA_DIR/council.sqlite, so that an installation from before several councils upgrades in place, and every
 * other one has DATA_DIR/councils/<slug>/. PostgreSQL: a schema per council (the first keeps `public`), all
 * of them through one shared pool. A council's database is opened when first asked for, so a start does not
 * open hundreds of files or schemas it may never need.
 */
export const COUNCILS_FOLDER = 'councils';

/** The folder of a council's SQLite file (and of anything else it keeps on disk). */
export function councilDataDir(council: Pick<Council, 'slug' | 'first'>, dataDir = readConfig().dataDir): string {
  return council.first ? dataDir : path.join(dataDir, COUNCILS_FOLDER, council.slug);
}

/** A council's PostgreSQL schema: slugs are letters, digits and hyphens (registry.ts), schemas take underscores. */
export function councilSchema(council: Pick<Council, 'slug' | 'first'>): string {
  return council.first ? 'public' : `council_${council.slug.replace(/-/g, '_')}`;
}

interface Databases {
  open: Map<number, OpenDatabase & { file?: string }>;
  pool: pg.Pool | null;
  /** The server's background checkpoints (sqlite-checkpoint.ts): every council's file it opens is handed to them. */
  checkpoints: Checkpoints | null;
}

const databases = (): Databases => processSingleton('council-databases', () => ({ open: new Map(), pool: null, checkpoints: null }));

/** Hands every council's SQLite file open now, and every one opened later, to the background checkpoints. */
export function checkpointCouncilFiles(checkpoints: Checkpoints): void {
  const state = databases();
  state.checkpoints = checkpoints;
  for (const open of state.open.values()) if (open.sqliteFile && open.file) checkpoints.watch(open.sqliteFile, open.file);
}

/** The one pool every council's schema (and the platform's) is reached through. */
export function sharedPostgresPool(url: string): pg.Pool {
  const state = databases();
  state.pool ??= postgresPool(url);
  return state.pool;
}

/** The council's database, opened on first use (not migrated: registry.ts's councilReady does that). */
export function councilDatabase(council: Council): OpenDatabase {
  const state = databases();
  let open = state.open.get(council.id);
  if (!open) {
    const config = readConfig();
    if (config.databaseUrl) {
      open = { db: openPostgresSchema(sharedPostgresPool(config.databaseUrl), councilSchema(council)), engine: 'postgres' };
    } else {
      const dir = councilDataDir(council, config.dataDir);
      open = { ...openSqliteFile(dir), file: path.join(dir, SQLITE_FILE_NAME) };
      if (open.sqliteFile) state.checkpoints?.watch(open.sqliteFile, open.file!);
    }
    state.open.set(council.id, open);
  }
  return open;
}

/** The councils whose databases this process has open. */
export function openCouncilIds(): number[] {
  return [...databases().open.keys()];
}

/** Closes one council's database (a failed migration leaves it closed). */
export async function closeCouncilDatabase(councilId: number): Promise<void> {
  const state = databases();
  const open = state.open.get(councilId);
  state.open.delete(councilId);
  if (open?.file) state.checkpoints?.forget(open.file);
  await open?.db.destroy();
}

/** Closes every council's database and the shared pool: for a stop, and for scripts. */
export async function closeDb(): Promise<void> {
  const state = databases();
  const open = [...state.open.values()];
  state.open.clear();
  state.checkpoints = null;
  await Promise.allSettled(open.map((database) => database.db.destroy()));
  const pool = state.pool;
  state.pool = null;
  await pool?.end();
}
