import type { Kysely } from 'kysely';

// The audit log names each record as people know it (a case number, a title, a staff member's name), written
// with the entry; older entries have none and are named from their stored snapshots instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('label', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('label').execute();
}
