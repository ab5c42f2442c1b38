import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { STORED_CONTENT_TYPES } from '../../src/features/content-storage.server';
import type { Db } from '../../src/server/db';

/**
 * What a refused request must leave exactly as it was: the content, the complaints and their lookups, the
 * stored files and the accounts. Sessions, sign-in attempts, the audit log and resized image copies are
 * left out: reading and signing in may change them.
 */
const KEPT_TABLES = [
  ...STORED_CONTENT_TYPES.map((type) => type.storage.table),
  'service_case', 'case_event', 'complaint_reminder', 'grievance_type', 'district', 'ward', 'ulb', 'app_user',
];

function digest(rows: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16);
}

/**
 * Per table, its row count and a digest of its rows (files by their SHA-256, not their bytes), so a test can
 * say "nothing was stored or changed" and, when that fails, which table moved.
 */
export async function storedState(database: Db): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const table of KEPT_TABLES) {
    const { rows } = await sql.raw<unknown>(`SELECT * FROM ${table} ORDER BY id`).execute(database);
    state[table] = `${rows.length} rows, ${digest(rows)}`;
  }
  const { rows: media } = await sql.raw<unknown>('SELECT id, sha256 FROM media ORDER BY id').execute(database);
  state.media = `${media.length} rows, ${digest(media)}`;
  return state;
}
