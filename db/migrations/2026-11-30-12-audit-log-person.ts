import type { Kysely } from 'kysely';

// The audit log is read newest first, narrowed by kind of record and now by the account that acted: without
// these, a filtered page read the whole log backwards until it had found its fifty entries (or found none).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_entity').execute();
  await db.schema.dropIndex('audit_log_user').execute();
}
