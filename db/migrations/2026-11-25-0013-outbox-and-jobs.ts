import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './schema-helpers';

/**
 * Messages leave through an outbox (written in the transaction of the event that causes them, then
 * delivered and retried by a worker), time-driven steps run as jobs, and a grievance remembers the language
 * it was lodged in, so that its messages are written in it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('outbox_message'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** 'email', 'sms' or 'log' (no transport configured: kept here only). */
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** What the message is about, e.g. a complaint number. */
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    /** 'waiting', 'sent' or 'failed'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('outbox_message_due').on('outbox_message').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_message_reference').on('outbox_message').column('reference').execute();

  await withId(db, db.schema.createTable('outbox_attempt'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('outbox_message.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    /** 'sent' or 'failed'. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    /** The gateway's answer, or the error. */
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('outbox_attempt_message').on('outbox_attempt').column('message_id').execute();

  // The old notification log's rows become sent or failed messages with the one attempt they had, under the
  // same ids (the outbox is empty), so that /notifications shows the whole history in one list.
  await sql`
    INSERT INTO outbox_message (id, created_at, channel, recipient, lang, subject, body, reference, status, attempts, next_attempt_at, sent_at, last_error)
    SELECT n.id, n.at, n.channel, n.recipient, 'en', n.subject, n.body, COALESCE(c.complaint_number, ''),
      CASE WHEN n.outcome = 'failed' THEN 'failed' ELSE 'sent' END, 1, n.at,
      CASE WHEN n.outcome = 'failed' THEN NULL ELSE n.at END, n.error
    FROM notification_log n LEFT JOIN complaint c ON c.id = n.complaint_id`.execute(db);
  await sql`
    INSERT INTO outbox_attempt (message_id, at, outcome, answer)
    SELECT id, at, CASE WHEN outcome = 'failed' THEN 'failed' ELSE 'sent' END,
      CASE WHEN outcome = 'failed' THEN error WHEN outcome = 'logged' THEN 'no transport configured: kept here only' ELSE '' END
    FROM notification_log`.execute(db);
  if (isPostgres(db)) {
    await sql`SELECT setval(pg_get_serial_sequence('outbox_message', 'id'), COALESCE((SELECT max(id) FROM outbox_message), 0) + 1, false)`.execute(db);
  }

  /** The in-process job runner's memory (SQLite): when each job last ran, so a run missed while down is caught up. */
  await db.schema
    .createTable('job_run')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', 'text', (c) => c.notNull())
    /** When that run's handler returned (null while it runs, or if the process stopped during it). */
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  /** One overdue notice per grievance and due time: a reopened grievance gets a new due time, and a new notice. */
  await db.schema
    .createTable('grievance_overdue_notice')
    .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaint.id').onDelete('cascade'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('grievance_overdue_notice_pk', ['complaint_id', 'due_at'])
    .execute();

  // Grievances already overdue when this runs count as noticed: the notice is for a grievance as it passes its
  // due time, not a flood about every old one on the first start after the upgrade.
  await sql`
    INSERT INTO grievance_overdue_notice (complaint_id, due_at, sent_at)
    SELECT id, due_at, ${new Date().toISOString()} FROM complaint
    WHERE state IN ('Lodged', 'Assigned', 'Reopened') AND due_at IS NOT NULL AND due_at < ${new Date().toISOString()}`.execute(db);

  await db.schema.alterTable('complaint').addColumn('lang', 'text', (c) => c.notNull().defaultTo('en')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('complaint').dropColumn('lang').execute();
  for (const table of ['grievance_overdue_notice', 'job_run', 'outbox_attempt', 'outbox_message']) await db.schema.dropTable(table).execute();
}
