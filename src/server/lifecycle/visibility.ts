import { sql, type Expression, type SqlBool } from 'kysely';
import { db, type Db } from '../db';
import { now } from '../clock';
import { noteTablesRead, noteTablesWritten, validUntil } from '../cache/dependencies';

/**
 * The one rule for what the public sees of any content type, as SQL every public query adds:
 *
 * - 'live': published, publish_at reached (or none), unpublish_at not reached (or none), valid_until not
 *   reached (or none). The live lists, the public API, feeds, search, the home page.
 * - 'published': the same without the validity test (closed tenders are still listed as closed).
 * - 'archive': published and in its window but past its valid_until, or archived by an admin.
 *
 * A record without a content_state row is published and valid without end. Moments are UTC ISO instants,
 * compared as text (same length, same zone), which both SQLite and PostgreSQL order correctly.
 *
 * Every list made with a scope must also say when it stops being true (noteNextVisibilityChange), so the
 * page cache drops it at the moment a scheduled item appears or an item expires, with no write in between.
 */
export type VisibilityScope = 'live' | 'published' | 'archive';

const iso = (at: number) => new Date(at).toISOString();

/**
 * What a cached page depends on is the state rows of the types it shows, not the whole table: publishing a
 * notice must not drop the pages of tenders. So the queries here name content_state in raw SQL, which the
 * table tracking does not see, and note a per-type name instead; writes of state rows note the same name
 * (noteStateWritten), and the write path raises its version like any table's.
 */
export const stateTableOf = (typePath: string) => `content_state:${typePath}`;
const STATES = sql.raw('content_state');

export function noteStateWritten(typePath: string): void {
  noteTablesWritten([stateTableOf(typePath)]);
}

/**
 * The where-clause for records of type `typePath` whose id is the column `idColumn` ('id' or 'tender.id'),
 * as seen at the moment `at`. Usable on any Kysely select of a content table.
 */
export function visibilityWhere(typePath: string, idColumn: string, scope: VisibilityScope, at: number = now()): Expression<SqlBool> {
  const moment = iso(at);
  noteTablesRead([stateTableOf(typePath)]);
  const ownRow = sql`cs.content_type = ${typePath} and cs.record_id = ${sql.ref(idColumn)}`;
  const inWindow = sql`(cs.publish_at is null or cs.publish_at <= ${moment}) and (cs.unpublish_at is null or cs.unpublish_at > ${moment})`;
  const states = STATES;
  if (scope === 'archive') {
    return sql<SqlBool>`exists (select 1 from ${states} as cs where ${ownRow} and (cs.state = 'archived' or (cs.state = 'published' and ${inWindow} and cs.valid_until <= ${moment})))`;
  }
  const stillValid = scope === 'live' ? sql`and (cs.valid_until is null or cs.valid_until > ${moment})` : sql``;
  return sql<SqlBool>`not exists (select 1 from ${states} as cs where ${ownRow} and not (cs.state = 'published' and ${inWindow} ${stillValid}))`;
}

/** The next moment after `at` when any record of the type appears, disappears or expires; Infinity if none. */
export async function nextVisibilityChange(typePath: string, at: number = now(), database: Db = db()): Promise<number> {
  const moment = iso(at);
  noteTablesRead([stateTableOf(typePath)]);
  const next = (column: string) => sql`min(case when ${sql.ref(column)} > ${moment} then ${sql.ref(column)} end)`;
  const { rows } = await sql<{ publish: string | null; unpublish: string | null; expire: string | null }>`
    select ${next('publish_at')} as publish, ${next('unpublish_at')} as unpublish, ${next('valid_until')} as expire
    from ${STATES} where content_type = ${typePath} and state = 'published'`.execute(database);
  const row = rows[0];
  const moments = [row?.publish, row?.unpublish, row?.expire].filter((m): m is string => typeof m === 'string').map((m) => Date.parse(m));
  return moments.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...moments);
}

/** Says to the page being rendered that it stops being true when the type's visibility next changes. */
export async function noteNextVisibilityChange(typePath: string, at: number = now(), database: Db = db()): Promise<void> {
  validUntil(await nextVisibilityChange(typePath, at, database));
}

/**
 * The ids of the type's records the public sees at `at` (for code that searches content by other means, such
 * as a full-text index): filter hits by these, and note the next change as lists do.
 */
export async function visibleRecordIds(typePath: string, table: string, scope: VisibilityScope = 'live', at: number = now(), database: Db = db()): Promise<Set<number>> {
  const rows = await database
    .withTables<Record<string, { id: number }>>()
    .selectFrom(table)
    .select('id')
    .where(visibilityWhere(typePath, `${table}.id`, scope, at))
    .execute();
  await noteNextVisibilityChange(typePath, at, database);
  return new Set(rows.map((row) => Number(row.id)));
}
