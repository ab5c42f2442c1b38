import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Private files (an applicant's identity and premises papers): served only to the staff who may see their case
// and to the applicant, never to someone who merely knows their SHA-256. A private row is addressed by a key
// that is not the hash of its bytes, so a public file with the same bytes (addressed by its hash) is a row of
// its own and neither can make the other public or private.
//
// Every trade licence document stored so far becomes private. Its row is given a fresh random key, so its old
// address (public until now, and perhaps copied somewhere) answers nobody. A row that something public also
// points at (a notice with the very same PDF) stays public, and the licence's references move to a private copy.
// No grievance photo was marked private and the counter keeps no scans yet, so there is nothing else to mark.
const SERVICE = 'trade-licence';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('private', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const licenceEvents = db
    .selectFrom('case_event')
    .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
    .select('case_event.id')
    .where('service_case.service', '=', SERVICE);
  const licenceCases = db.selectFrom('service_case').select('id').where('service', '=', SERVICE);
  const documents = await db.selectFrom('case_event_media').select('media_id').distinct().where('event_id', 'in', licenceEvents).execute();
  const verdicts = await db.selectFrom('trade_document_verdict').select('media_id').distinct().where('case_id', 'in', licenceCases).execute();
  const ids = [...new Set([...documents, ...verdicts].map((row) => Number(row.media_id)))];
  if (ids.length === 0) return;

  const elsewhere = await publicReferences(db, ids);
  for (const id of ids) {
    const key = randomBytes(32).toString('hex');
    // Resized copies were made for a public address; a private file's are made again for those who may see it.
    await db.deleteFrom('media_variant').where('media_id', '=', id).execute();
    if (!elsewhere.has(id)) {
      await db.updateTable('media').set({ sha256: key, private: 1 }).where('id', '=', id).execute();
      continue;
    }
    await sql`insert into media (sha256, content_type, size, bytes, width, height, created_at, private)
      select ${key}, content_type, size, bytes, width, height, created_at, 1 from media where id = ${id}`.execute(db);
    const copy = Number((await db.selectFrom('media').select('id').where('sha256', '=', key).executeTakeFirstOrThrow()).id);
    await db.updateTable('case_event_media').set({ media_id: copy }).where('media_id', '=', id).where('event_id', 'in', licenceEvents).execute();
    await db.updateTable('trade_document_verdict').set({ media_id: copy }).where('media_id', '=', id).where('case_id', 'in', licenceCases).execute();
  }
}

/** Which of these rows something other than a trade licence points at: a content file, another service's case, a revision. A staff draft shows its files to nobody, so it does not count. */
async function publicReferences(db: Kysely<any>, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const table of await db.introspection.getTables()) {
    if (table.schema && table.schema !== 'public') continue;
    for (const column of table.columns.filter((c) => c.name.endsWith('_media_id'))) {
      const rows = await db.selectFrom(table.name).select(`${column.name} as id`).where(column.name, 'in', ids).execute();
      for (const row of rows) found.add(Number(row.id));
    }
  }
  const others = await db
    .selectFrom('case_event_media')
    .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
    .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
    .select('case_event_media.media_id')
    .where('service_case.service', '!=', SERVICE)
    .where('case_event_media.media_id', 'in', ids)
    .execute();
  for (const row of others) found.add(Number(row.media_id));
  const rows = await db.selectFrom('media').select(['id', 'sha256']).where('id', 'in', ids).execute();
  for (const row of rows) {
    const inRevision = await db.selectFrom('content_revision').select('id').where('files_json', 'like', `%${row.sha256}%`).executeTakeFirst();
    if (inRevision) found.add(Number(row.id));
  }
  return found;
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('private').execute();
}
