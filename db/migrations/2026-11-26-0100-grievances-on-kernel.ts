import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './schema-helpers';

/**
 * Grievances move onto the case kernel's tables (2026-11-26-0010-cases), with their whole history: every
 * complaint becomes a `service_case` of the service 'grievance' under the same id and number (the legacy
 * complaint calls answer complaint ids, and numbers end in them), its citizen's details a `case_contact`,
 * every `grievance_event` a `case_event` under the same id with its visibility, officer and rating, its
 * photos `case_event_media`, and the overdue notices sent `case_overdue_notice`. What only the grievance
 * knows (district, ULB, the legacy picture slots, who entered it, the decision's and the closing's times, the
 * rating, the SLA it was given) goes into the case's data, as the grievance's declaration names it.
 *
 * `complaint`, `grievance_event`, `grievance_event_media` and `grievance_overdue_notice` are then dropped:
 * no legacy shape reads them any more (the complaint calls are answered from the case tables), and a second
 * copy would only drift. The complaint reminders and the notification log keep their rows, now pointing at
 * the case of the same id. This file is frozen: it carries its own copy of the status mapping.
 */

const LEGACY_STATUS: Record<string, string> = { Lodged: 'Open', Reopened: 'Open', Assigned: 'Pending', Resolved: 'Resolved', Closed: 'Resolved', Rejected: 'Rejected' };
const STATES = Object.keys(LEGACY_STATUS);
const IST_OFFSET_MS = 330 * 60_000;
const BATCH = 200;

function complaintNumber(id: number, lodgedAt: string): string {
  const time = Date.parse(lodgedAt);
  const day = new Date((Number.isNaN(time) ? 0 : time) + IST_OFFSET_MS).toISOString().slice(0, 10);
  return `NPK-PGR-${day}-${String(id).padStart(6, '0')}`;
}

async function inBatches(db: Kysely<any>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insertInto(table).values(rows.slice(i, i + BATCH)).execute();
}

async function resetSequence(db: Kysely<any>, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(db);
}

/** Rebuilds a table whose complaint_id referred to `complaint`, to refer to the case of the same id. */
async function repoint(db: Kysely<any>, table: string, columns: string[], build: (name: string) => Promise<void>, index?: string[]): Promise<void> {
  const next = `${table}_next`;
  await build(next);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`INSERT INTO ${sql.table(next)} (${list}) SELECT ${list} FROM ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
  if (index) await db.schema.createIndex(`${table}_complaint`).on(table).columns(index).execute();
  await resetSequence(db, table);
}

export async function up(db: Kysely<any>): Promise<void> {
  const complaints = await db.selectFrom('complaint').selectAll().orderBy('id').execute();
  const events = await db.selectFrom('grievance_event').selectAll().orderBy('id').execute();
  const lastEntry = new Map<number, { at: string; to: string }>();
  for (const e of events) {
    const seen = lastEntry.get(e.complaint_id);
    if (!seen || e.at >= seen.at) lastEntry.set(e.complaint_id, { at: e.at, to: e.to_state });
  }

  const cases: Record<string, unknown>[] = [];
  const contacts: Record<string, unknown>[] = [];
  for (const c of complaints) {
    const state = STATES.includes(c.state) ? c.state : 'Lodged';
    const last = lastEntry.get(c.id);
    const data: Record<string, unknown> = {
      districtId: c.district_id, ulbId: c.ulb_id, landmark: c.landmark, description: c.additional_information, suggestion: c.your_suggestion,
      entryBy: c.entry_by, actionBy: c.action_by, actionDate: c.action_date, decidedAt: c.decided_at, closedAt: c.closed_at,
      rating: c.rating, ratingComment: c.rating_comment, slaHours: c.sla_hours,
      pubImage1: c.pub_image_1_media_id, pubImage2: c.pub_image_2_media_id, actionImage1: c.action_image_1_media_id, actionImage2: c.action_image_2_media_id,
    };
    // A legacy status the state does not tell (an empty one, an old free-text word) is kept as it was.
    if (c.status !== LEGACY_STATUS[state]) data.legacyStatus = c.status;
    cases.push({
      id: c.id, service: 'grievance', number: c.complaint_number ?? complaintNumber(c.id, c.entry_date), state, ward_id: c.ward_id,
      category_id: c.grievance_type_id, assignee_id: c.officer_id, due_at: c.due_at, lodged_at: c.entry_date,
      // The clock of a step the system takes after a while in a state (auto-close) starts when it entered it.
      state_since: state === 'Resolved' && c.decided_at ? c.decided_at : last && last.to === state ? last.at : c.entry_date,
      updated_at: last && last.at > c.entry_date ? last.at : c.entry_date,
      lang: c.lang === 'hi' ? 'hi' : 'en', source: c.source || 'desk', data: JSON.stringify(data),
    });
    contacts.push({ case_id: c.id, name: c.citizen_name ?? '', mobile: c.citizen_mobile ?? '', email: c.citizen_email ?? '', address: c.address ?? '' });
  }
  await inBatches(db, 'service_case', cases);
  await inBatches(db, 'case_contact', contacts);
  await resetSequence(db, 'service_case');

  await inBatches(
    db,
    'case_event',
    events.map((e) => {
      const data: Record<string, unknown> = {};
      if (e.officer_id !== null) data.officerId = e.officer_id;
      if (e.rating !== null) data.rating = e.rating;
      return {
        id: e.id, case_id: e.complaint_id, at: e.at, actor_kind: e.actor_kind, actor_user_id: e.actor_user_id, actor_label: e.actor_label,
        action: e.action, from_state: e.from_state, to_state: e.to_state, note: e.note, visibility: e.visibility === 'staff' ? 'staff' : 'public',
        data: JSON.stringify(data),
      };
    }),
  );
  await resetSequence(db, 'case_event');
  await sql`INSERT INTO case_event_media (event_id, position, media_id, kind) SELECT event_id, position, media_id, 'photo' FROM grievance_event_media`.execute(db);
  await sql`INSERT INTO case_overdue_notice (case_id, due_at, sent_at) SELECT complaint_id, due_at, sent_at FROM grievance_overdue_notice`.execute(db);

  await repoint(db, 'complaint_reminder', ['id', 'complaint_id', 'message', 'created_date'], async (name) => {
    await withId(db, db.schema.createTable(name))
      .addColumn('complaint_id', 'integer', (c) => c.notNull().references('service_case.id').onDelete('cascade'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_date', 'text', (c) => c.notNull())
      .execute();
  }, ['complaint_id']);
  await repoint(db, 'notification_log', ['id', 'at', 'complaint_id', 'channel', 'recipient', 'subject', 'body', 'outcome', 'error'], async (name) => {
    await withId(db, db.schema.createTable(name))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('complaint_id', 'integer', (c) => c.references('service_case.id').onDelete('set null'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  });

  for (const table of ['grievance_event_media', 'grievance_event', 'grievance_overdue_notice', 'complaint']) await db.schema.dropTable(table).execute();
}

export async function down(): Promise<void> {
  throw new Error('Grievances stay on the case kernel: restore the backup taken before the upgrade to go back.');
}
