import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

// The grievance workflow: a complaint gets a readable number, a state out of six, a due date
// from its category's SLA, the citizen's name and mobile number, the officer it is assigned to, a rating,
// and a history of events (who moved it from which state to which, when, with a note and photos).
//
// Existing complaints keep their rows: the old free-text status is mapped onto a state (Open → Lodged,
// Pending → Assigned, Resolved → Resolved, Rejected → Rejected; anything else → Lodged) and each gets the
// events its old columns can tell (lodged at entry_date; acted on at action_date, by action_by).
// This file is frozen: it carries its own copy of the mapping and the number format.

const LEGACY_TO_STATE: Record<string, string> = { open: 'Lodged', pending: 'Assigned', resolved: 'Resolved', rejected: 'Rejected' };
const DEFAULT_SLA_HOURS = 72;
const IST_OFFSET_MS = 330 * 60_000;

function complaintNumber(id: number, lodgedAt: string): string {
  const time = Date.parse(lodgedAt);
  const day = new Date((Number.isNaN(time) ? Date.now() : time) + IST_OFFSET_MS).toISOString().slice(0, 10);
  return `NPK-PGR-${day}-${String(id).padStart(6, '0')}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grievance_type').addColumn('sla_hours', 'integer', (c) => c.notNull().defaultTo(DEFAULT_SLA_HOURS)).execute();

  // SQLite adds one column per ALTER TABLE statement.
  const columns: [string, 'text' | 'integer', boolean][] = [
    ['complaint_number', 'text', false],
    ['state', 'text', true],
    ['due_at', 'text', false],
    ['sla_hours', 'integer', false],
    ['citizen_name', 'text', true],
    ['citizen_mobile', 'text', true],
    ['citizen_email', 'text', true],
    ['address', 'text', true],
    ['officer_id', 'integer', false],
    ['decided_at', 'text', false],
    ['closed_at', 'text', false],
    ['rating', 'integer', false],
    ['rating_comment', 'text', true],
    ['source', 'text', true],
  ];
  for (const [name, type, textDefault] of columns) {
    await db.schema
      .alterTable('complaint')
      .addColumn(name, type, (c) => {
        if (name === 'state') return c.notNull().defaultTo('Lodged');
        if (name === 'source') return c.notNull().defaultTo('desk');
        if (name === 'officer_id') return c.references('app_user.id').onDelete('set null');
        return textDefault ? c.notNull().defaultTo('') : c;
      })
      .execute();
  }

  await withId(db, db.schema.createTable('grievance_event'))
    .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaint.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    /** 'staff', 'citizen' or 'system'. */
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    /** What a person reads: the staff member's email, 'Citizen', 'System', or the old entry_by/action_by text. */
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('officer_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('rating', 'integer')
    .execute();
  await db.schema.createIndex('grievance_event_complaint').on('grievance_event').columns(['complaint_id', 'id']).execute();

  await db.schema
    .createTable('grievance_event_media')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('grievance_event.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id'))
    .addPrimaryKeyConstraint('grievance_event_media_pk', ['event_id', 'position'])
    .execute();

  await db.schema
    .createTable('grievance_setting')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // Lodgings and failed look-ups, per mobile number and per client address, for the abuse limits.
  await withId(db, db.schema.createTable('grievance_attempt'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grievance_attempt_key').on('grievance_attempt').columns(['kind', 'key', 'at']).execute();

  await withId(db, db.schema.createTable('notification_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('complaint_id', 'integer', (c) => c.references('complaint.id').onDelete('set null'))
    /** 'email', 'sms' or 'log' (no transport configured). */
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** 'sent', 'failed' or 'logged'. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // The old complaints, with their history.
  const old = await db
    .selectFrom('complaint')
    .select(['id', 'status', 'entry_by', 'entry_date', 'action_by', 'action_date'])
    .orderBy('id')
    .execute();
  for (const row of old) {
    const state = LEGACY_TO_STATE[String(row.status).trim().toLowerCase()] ?? 'Lodged';
    const sla = DEFAULT_SLA_HOURS;
    const lodged = Date.parse(row.entry_date);
    const dueAt = new Date((Number.isNaN(lodged) ? Date.now() : lodged) + sla * 3_600_000).toISOString();
    const decided = state === 'Resolved' || state === 'Rejected' ? (row.action_date ?? row.entry_date) : null;
    await db
      .updateTable('complaint')
      .set({ complaint_number: complaintNumber(row.id, row.entry_date), state, due_at: dueAt, sla_hours: sla, decided_at: decided })
      .where('id', '=', row.id)
      .execute();
    await db
      .insertInto('grievance_event')
      .values({
        complaint_id: row.id, at: row.entry_date, actor_kind: 'staff', actor_label: row.entry_by || 'Complaint desk',
        action: 'lodge', from_state: null, to_state: 'Lodged', note: 'Lodged before the grievance workflow.',
      })
      .execute();
    if (state !== 'Lodged') {
      await db
        .insertInto('grievance_event')
        .values({
          complaint_id: row.id, at: row.action_date ?? row.entry_date, actor_kind: 'staff', actor_label: row.action_by || 'Council staff',
          action: 'migrate', from_state: 'Lodged', to_state: state, note: `Status was '${row.status}' before the grievance workflow.`,
        })
        .execute();
    }
  }
  await db.schema.createIndex('complaint_number_unique').on('complaint').column('complaint_number').unique().execute();
  await db.schema.createIndex('complaint_state').on('complaint').columns(['state', 'due_at']).execute();
  await db.schema.createIndex('complaint_officer').on('complaint').columns(['officer_id', 'state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notification_log', 'grievance_attempt', 'grievance_setting', 'grievance_event_media', 'grievance_event']) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of ['complaint_number_unique', 'complaint_state', 'complaint_officer']) await db.schema.dropIndex(index).execute();
  for (const column of ['complaint_number', 'state', 'due_at', 'sla_hours', 'citizen_name', 'citizen_mobile', 'citizen_email', 'address', 'officer_id', 'decided_at', 'closed_at', 'rating', 'rating_comment', 'source']) {
    await db.schema.alterTable('complaint').dropColumn(column).execute();
  }
  await db.schema.alterTable('grievance_type').dropColumn('sla_hours').execute();
}
