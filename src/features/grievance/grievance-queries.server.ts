import { sql } from 'kysely';
import { db, type Db } from '../../server/db';
import { mediaUrl } from '../../server/media';
import { isGrievanceState, isOverdue, OPEN_STATES, type GrievanceState } from './grievance-workflow';

/**
 * Reading grievances. Two shapes: the public one (no name, mobile, email or address: what the public
 * list, the feeds and Open311 show) and the staff one, which adds the citizen's details and the officer.
 */
export interface PublicGrievance {
  /** The row id: the old API's complaint id. */
  id: number;
  number: string;
  state: GrievanceState;
  categoryId: number;
  category: string;
  ward: string;
  landmark: string;
  description: string;
  suggestion: string;
  lodgedAt: string;
  dueAt: string | null;
  overdue: boolean;
  decidedAt: string | null;
  closedAt: string | null;
  updatedAt: string;
  /** The citizen's photos of the problem, then the officer's of the work, as /media/ URLs. */
  photos: { src: string; kind: 'citizen' | 'after' }[];
}

export interface StaffGrievance extends PublicGrievance {
  name: string;
  mobile: string;
  email: string;
  address: string;
  officerId: number | null;
  officer: string | null;
  rating: number | null;
  ratingComment: string;
  source: string;
  slaHours: number | null;
}

export interface GrievanceEvent {
  at: string;
  actorKind: string;
  actorLabel: string;
  action: string;
  from: string | null;
  to: string;
  note: string;
  /** The note is for staff only: the citizen's timeline and messages leave it out. */
  staffOnly: boolean;
  rating: number | null;
  photos: string[];
}

function baseQuery(database: Db) {
  return database
    .selectFrom('complaint')
    .innerJoin('grievance_type', 'grievance_type.id', 'complaint.grievance_type_id')
    .innerJoin('ward', 'ward.id', 'complaint.ward_id')
    .leftJoin('app_user as officer', 'officer.id', 'complaint.officer_id')
    .leftJoin('media as p1', 'p1.id', 'complaint.pub_image_1_media_id')
    .leftJoin('media as p2', 'p2.id', 'complaint.pub_image_2_media_id')
    .leftJoin('media as a1', 'a1.id', 'complaint.action_image_1_media_id')
    .leftJoin('media as a2', 'a2.id', 'complaint.action_image_2_media_id')
    .select([
      'complaint.id', 'complaint.complaint_number', 'complaint.state', 'complaint.grievance_type_id', 'grievance_type.grievance_title',
      'ward.ward_number', 'complaint.landmark', 'complaint.additional_information', 'complaint.your_suggestion', 'complaint.entry_date',
      'complaint.due_at', 'complaint.decided_at', 'complaint.closed_at', 'complaint.citizen_name', 'complaint.citizen_mobile',
      'complaint.citizen_email', 'complaint.address', 'complaint.officer_id', 'officer.email as officer_email', 'complaint.rating',
      'complaint.rating_comment', 'complaint.source', 'complaint.sla_hours', 'complaint.action_date',
      'p1.sha256 as p1_sha', 'p1.content_type as p1_type', 'p2.sha256 as p2_sha', 'p2.content_type as p2_type',
      'a1.sha256 as a1_sha', 'a1.content_type as a1_type', 'a2.sha256 as a2_sha', 'a2.content_type as a2_type',
    ])
    .where('complaint.complaint_number', 'is not', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toPublic(row: Row, now: number): PublicGrievance {
  const state = isGrievanceState(row.state) ? row.state : 'Lodged';
  const photo = (sha: string | null, type: string | null, kind: 'citizen' | 'after') => (sha && type ? [{ src: mediaUrl(sha, type), kind }] : []);
  const photos = [
    ...photo(row.p1_sha, row.p1_type, 'citizen'), ...photo(row.p2_sha, row.p2_type, 'citizen'),
    ...photo(row.a1_sha, row.a1_type, 'after'), ...photo(row.a2_sha, row.a2_type, 'after'),
  ];
  return {
    id: row.id,
    number: row.complaint_number!,
    state,
    categoryId: row.grievance_type_id,
    category: row.grievance_title,
    ward: row.ward_number,
    landmark: row.landmark,
    description: row.additional_information,
    suggestion: row.your_suggestion,
    lodgedAt: row.entry_date,
    dueAt: row.due_at,
    overdue: isOverdue(state, row.due_at, now),
    decidedAt: row.decided_at,
    closedAt: row.closed_at,
    updatedAt: row.closed_at ?? row.decided_at ?? row.action_date ?? row.entry_date,
    photos,
  };
}

function toStaff(row: Row, now: number): StaffGrievance {
  return {
    ...toPublic(row, now),
    name: row.citizen_name,
    mobile: row.citizen_mobile,
    email: row.citizen_email,
    address: row.address,
    officerId: row.officer_id,
    officer: row.officer_email ?? null,
    rating: row.rating,
    ratingComment: row.rating_comment,
    source: row.source,
    slaHours: row.sla_hours,
  };
}

export async function findStaffGrievance(number: string, now = Date.now(), database: Db = db()): Promise<StaffGrievance | null> {
  const row = await baseQuery(database).where('complaint.complaint_number', '=', number).executeTakeFirst();
  return row ? toStaff(row, now) : null;
}

/** The grievance behind a number, only when the mobile number matches the one it was lodged with. */
export async function findCitizenGrievance(number: string, mobile: string, now = Date.now(), database: Db = db()): Promise<StaffGrievance | null> {
  const found = await findStaffGrievance(number, now, database);
  return found && found.mobile !== '' && found.mobile === mobile ? found : null;
}

export async function findPublicGrievance(number: string, now = Date.now(), database: Db = db()): Promise<PublicGrievance | null> {
  const row = await baseQuery(database).where('complaint.complaint_number', '=', number).executeTakeFirst();
  return row ? toPublic(row, now) : null;
}

/** A grievance's events, oldest first; for the citizen (`audience` 'citizen') a staff-only note is left out. */
export async function grievanceEvents(complaintId: number, audience: 'citizen' | 'staff', database: Db = db()): Promise<GrievanceEvent[]> {
  const events = await database.selectFrom('grievance_event').selectAll().where('complaint_id', '=', complaintId).orderBy('at').orderBy('id').execute();
  const media = events.length
    ? await database
        .selectFrom('grievance_event_media')
        .innerJoin('media', 'media.id', 'grievance_event_media.media_id')
        .select(['grievance_event_media.event_id', 'media.sha256', 'media.content_type'])
        .where('grievance_event_media.event_id', 'in', events.map((e) => e.id))
        .orderBy('grievance_event_media.event_id')
        .orderBy('grievance_event_media.position')
        .execute()
    : [];
  return events.map((e) => ({
    at: e.at,
    actorKind: e.actor_kind,
    actorLabel: e.actor_label,
    action: e.action,
    from: e.from_state,
    to: e.to_state,
    note: audience === 'citizen' && e.visibility === 'staff' ? '' : e.note,
    staffOnly: e.visibility === 'staff',
    rating: e.rating,
    photos: media.filter((m) => m.event_id === e.id).map((m) => mediaUrl(m.sha256, m.content_type)),
  }));
}

export interface InboxFilter {
  state?: GrievanceState;
  wardId?: number;
  categoryId?: number;
  /** An officer's id, or 'none' for grievances not assigned to anyone. */
  officer?: number | 'none';
  overdue?: boolean;
  /** One grievance by its number, or every grievance of one mobile number. */
  number?: string;
  mobile?: string;
  /** Digits somewhere in the mobile number (staff search by part of it). */
  mobilePart?: string;
  /** 'due' (the default): work still owed first, soonest due first; 'newest': newest lodged first. */
  sort?: 'due' | 'newest';
  limit: number;
  offset: number;
}

/** The staff inbox, soonest due first; an officer's view is narrowed to their own grievances by the caller. */
export async function listInbox(filter: InboxFilter, now = Date.now(), database: Db = db()): Promise<{ total: number; rows: StaffGrievance[] }> {
  let query = baseQuery(database);
  if (filter.state) query = query.where('complaint.state', '=', filter.state);
  if (filter.wardId) query = query.where('complaint.ward_id', '=', filter.wardId);
  if (filter.categoryId) query = query.where('complaint.grievance_type_id', '=', filter.categoryId);
  if (filter.officer === 'none') query = query.where('complaint.officer_id', 'is', null);
  else if (filter.officer) query = query.where('complaint.officer_id', '=', filter.officer);
  if (filter.overdue) {
    query = query.where('complaint.state', 'in', [...OPEN_STATES]).where('complaint.due_at', '<', new Date(now).toISOString());
  }
  if (filter.number) query = query.where('complaint.complaint_number', '=', filter.number);
  if (filter.mobile) query = query.where('complaint.citizen_mobile', '=', filter.mobile);
  if (filter.mobilePart) query = query.where('complaint.citizen_mobile', 'like', `%${filter.mobilePart}%`);
  const count = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  // Work still owed comes first, soonest due first; settled grievances follow.
  const settledLast = sql`case when ${sql.ref('complaint.state')} in (${sql.join(OPEN_STATES.map((s) => sql.lit(s)))}) then 0 else 1 end`;
  const ordered = filter.sort === 'newest' ? query.orderBy('complaint.id', 'desc') : query.orderBy(settledLast).orderBy('complaint.due_at', 'asc').orderBy('complaint.id', 'asc');
  const rows = await ordered.limit(filter.limit).offset(filter.offset).execute();
  return { total: Number(count.n), rows: rows.map((row) => toStaff(row, now)) };
}

export interface PublicFilter {
  state?: GrievanceState;
  categoryId?: number;
  /** Lodged on or after / before these instants (ISO). */
  from?: string;
  until?: string;
  numbers?: string[];
  open?: boolean;
  overdue?: boolean;
  limit: number;
  offset: number;
}

/** Newest first; for the public list and Open311. Never any personal data. */
export async function listPublicGrievances(filter: PublicFilter, now = Date.now(), database: Db = db()): Promise<{ total: number; rows: PublicGrievance[] }> {
  let query = baseQuery(database);
  if (filter.state) query = query.where('complaint.state', '=', filter.state);
  if (filter.categoryId) query = query.where('complaint.grievance_type_id', '=', filter.categoryId);
  if (filter.from) query = query.where('complaint.entry_date', '>=', filter.from);
  if (filter.until) query = query.where('complaint.entry_date', '<=', filter.until);
  if (filter.numbers) query = query.where('complaint.complaint_number', 'in', filter.numbers.length ? filter.numbers : ['']);
  if (filter.open !== undefined) query = query.where('complaint.state', filter.open ? 'in' : 'not in', [...OPEN_STATES]);
  if (filter.overdue) query = query.where('complaint.state', 'in', [...OPEN_STATES]).where('complaint.due_at', '<', new Date(now).toISOString());
  const count = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.orderBy('complaint.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  return { total: Number(count.n), rows: rows.map((row) => toPublic(row, now)) };
}

export interface Category {
  id: number;
  title: string;
  slaHours: number;
}

export async function listCategories(database: Db = db()): Promise<Category[]> {
  const rows = await database.selectFrom('grievance_type').select(['id', 'grievance_title', 'sla_hours']).orderBy('grievance_title').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, title: r.grievance_title, slaHours: r.sla_hours }));
}

export async function listOfficers(database: Db = db()): Promise<{ id: number; email: string }[]> {
  return database.selectFrom('app_user').select(['id', 'email']).where('role', '=', 'officer').orderBy('email').execute();
}

export interface PerformanceRow {
  key: string;
  lodged: number;
  resolved: number;
  resolvedWithinSla: number;
  medianDaysToResolve: number | null;
  overdueNow: number;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Per category and per ward: lodged, resolved within the SLA, median days to resolve, overdue now. */
export async function performance(now = Date.now(), database: Db = db()): Promise<{ byCategory: PerformanceRow[]; byWard: PerformanceRow[] }> {
  const rows = await database
    .selectFrom('complaint')
    .innerJoin('grievance_type', 'grievance_type.id', 'complaint.grievance_type_id')
    .innerJoin('ward', 'ward.id', 'complaint.ward_id')
    .select(['grievance_type.grievance_title', 'ward.ward_number', 'complaint.state', 'complaint.entry_date', 'complaint.due_at', 'complaint.decided_at'])
    .where('complaint.complaint_number', 'is not', null)
    .execute();
  const tally = (keyOf: (row: (typeof rows)[number]) => string) => {
    const groups = new Map<string, { lodged: number; resolved: number; withinSla: number; days: number[]; overdue: number }>();
    for (const row of rows) {
      const key = keyOf(row);
      const group = groups.get(key) ?? { lodged: 0, resolved: 0, withinSla: 0, days: [], overdue: 0 };
      group.lodged++;
      const state = isGrievanceState(row.state) ? row.state : 'Lodged';
      if ((state === 'Resolved' || state === 'Closed') && row.decided_at) {
        group.resolved++;
        if (row.due_at && row.decided_at <= row.due_at) group.withinSla++;
        group.days.push((Date.parse(row.decided_at) - Date.parse(row.entry_date)) / 86_400_000);
      }
      if (isOverdue(state, row.due_at, now)) group.overdue++;
      groups.set(key, group);
    }
    return [...groups.entries()].map(([key, g]) => ({
      key,
      lodged: g.lodged,
      resolved: g.resolved,
      resolvedWithinSla: g.withinSla,
      medianDaysToResolve: median(g.days) === null ? null : Math.round(median(g.days)! * 10) / 10,
      overdueNow: g.overdue,
    }));
  };
  const natural = new Intl.Collator('en', { numeric: true });
  return {
    byCategory: tally((r) => r.grievance_title).sort((a, b) => natural.compare(a.key, b.key)),
    byWard: tally((r) => r.ward_number).sort((a, b) => natural.compare(a.key, b.key)),
  };
}

/** How many grievances are in each state, and how many are overdue now; an officer's own only when officerId is given. */
export async function stateCounts(officerId: number | null, now = Date.now(), database: Db = db()): Promise<{ byState: Record<string, number>; overdue: number }> {
  let query = database.selectFrom('complaint').where('complaint_number', 'is not', null);
  if (officerId !== null) query = query.where('officer_id', '=', officerId);
  const [rows, overdue] = await Promise.all([
    query.select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute(),
    query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', [...OPEN_STATES])
      .where('due_at', '<', new Date(now).toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return { byState: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])), overdue: Number(overdue.n) };
}
