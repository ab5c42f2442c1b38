import type { Kysely } from 'kysely';

// The people the demo seed invents have mobile numbers and addresses that may well be somebody's. Each one the
// demo names is kept here, and the outbox keeps any message to them in its log instead of sending it: a demo
// started with a real SMS gateway or mail server set then texts and mails nobody, not even later.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('demo_recipient').addColumn('recipient', 'text', (c) => c.primaryKey()).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('demo_recipient').execute();
}
