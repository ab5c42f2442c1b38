import { db, type Db } from '../../server/db';
import { mediaUrl } from '../../server/media';
import { now as clockNow } from '../../server/clock';
import { caseEvents, findCase, listCases, type CaseEvent, type CaseFilter, type StaffCase } from '../cases/case-queries.server';
import { parseMobile } from '../cases/contact';
import { isGrievanceState, isOverdue, OPEN_STATES, type GrievanceState } from './grievance-workflow';
import { GRIEVANCE } from './grievance.service';
import { DAY_MS } from '../../lib/india-time';

/**
 * Reading grievances, through the case kernel's one reader (src/features/cases/case-queries.server.ts). Two
 * shapes: the public one (no name, mobile, email or address: what the public list, the feeds and Open311
 * show) and the staff one, which adds the citizen's details and the officer.
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
  /** Where it is, as an Open311 client sent it (the point exact: callers round it for the public). */
  location: GrievanceLocation;
}

export interface GrievanceLocation {
  lat: number | null;
  long: number | null;
  addressString: string;
  addressId: string;
  mediaUrl: string;
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

/** A kernel event as the grievance screens show it: the step itself, whether it is for staff, and its rating. */
export interface GrievanceEvent extends Pick<CaseEvent, 'at' | 'actorKind' | 'actorLabel' | 'action' | 'from' | 'to' | 'note' | 'photos'> {
  /** The note is for staff only: the citizen's timeline and messages leave it out. */
  staffOnly: boolean;
  rating: number | null;
}

const SERVICES = [GRIEVANCE];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const coordinate = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const PICTURES = [['pubImage1', 'citizen'], ['pubImage2', 'citizen'], ['actionImage1', 'after'], ['actionImage2', 'after']] as const;

/** The names a grievance shows for its category and ward, and its pictures' addresses, for a page of cases at once. */
async function lookupsFor(cases: readonly StaffCase[], database: Db) {
  const mediaIds = [...new Set(cases.flatMap((c) => PICTURES.map(([key]) => idOf(c.data[key])).filter((id): id is number => id !== null)))];
  const [categories, wards, media] = await Promise.all([
    database.selectFrom('grievance_type').select(['id', 'grievance_title']).execute(),
    database.selectFrom('ward').select(['id', 'ward_number']).execute(),
    // Public pictures only: a private photo (kept from the public by its citizen) fills no slot, and is never read as one.
    mediaIds.length ? database.selectFrom('media').select(['id', 'sha256', 'content_type']).where('id', 'in', mediaIds).where('private', '=', 0).execute() : Promise.resolve([]),
  ]);
  return {
    category: new Map(categories.map((c) => [c.id, c.grievance_title])),
    ward: new Map(wards.map((w) => [w.id, w.ward_number])),
    media: new Map(media.map((m) => [m.id, mediaUrl(m.sha256, m.content_type)])),
  };
}

type Lookups = Awaited<ReturnType<typeof lookupsFor>>;

/** A page of grievances from the case kernel, each shown by `show` with the names of the whole page looked up at once. */
async function grievancePage<T>(filter: Omit<CaseFilter, 'service'>, show: (c: StaffCase, names: Lookups, now: number) => T, now: number, database: Db): Promise<{ total: number; rows: T[] }> {
  const { total, rows } = await listCases({ ...filter, service: GRIEVANCE.name }, now, database, SERVICES);
  const names = await lookupsFor(rows, database);
  return { total, rows: rows.map((row) => show(row, names, now)) };
}

function toPublic(c: StaffCase, names: Lookups, now: number): PublicGrievance {
  const state = isGrievanceState(c.state) ? c.state : 'Lodged';
  const photos = PICTURES.flatMap(([key, kind]) => {
    const src = names.media.get(idOf(c.data[key]) ?? -1);
    return src ? [{ src, kind }] : [];
  });
  const decidedAt = text(c.data.decidedAt) || null;
  const closedAt = text(c.data.closedAt) || null;
  return {
    id: c.id,
    number: c.number,
    state,
    categoryId: c.categoryId ?? 0,
    category: names.category.get(c.categoryId ?? -1) ?? '',
    ward: names.ward.get(c.wardId ?? -1) ?? '',
    landmark: text(c.data.landmark),
    description: text(c.data.description),
    suggestion: text(c.data.suggestion),
    lodgedAt: c.lodgedAt,
    dueAt: c.dueAt,
    overdue: isOverdue(state, c.dueAt, now),
    decidedAt,
    closedAt,
    updatedAt: closedAt ?? decidedAt ?? (text(c.data.actionDate) || c.lodgedAt),
    photos,
    location: { lat: coordinate(c.data.lat), long: coordinate(c.data.long), addressString: text(c.data.addressString), addressId: text(c.data.addressId), mediaUrl: text(c.data.mediaUrl) },
  };
}

function toStaff(c: StaffCase, names: Lookups, now: number): StaffGrievance {
  return {
    ...toPublic(c, names, now),
    name: c.contact.name,
    mobile: c.contact.mobile,
    email: c.contact.email,
    address: c.contact.address,
    officerId: c.assigneeId,
    officer: c.assignee,
    rating: typeof c.data.rating === 'number' ? c.data.rating : null,
    ratingComment: text(c.data.ratingComment),
    source: c.source,
    slaHours: idOf(c.data.slaHours),
  };
}

export async function findStaffGrievance(number: string, now = clockNow(), database: Db = db()): Promise<StaffGrievance | null> {
  const found = await findCase(number, now, database, SERVICES);
  return found ? toStaff(found, await lookupsFor([found], database), now) : null;
}

/** The grievance behind a number, only when the mobile number matches the one it was lodged with. */
export async function findCitizenGrievance(number: string, mobile: string, now = clockNow(), database: Db = db()): Promise<StaffGrievance | null> {
  const found = await findStaffGrievance(number, now, database);
  return found && found.mobile !== '' && found.mobile === mobile ? found : null;
}

export async function findPublicGrievance(number: string, now = clockNow(), database: Db = db()): Promise<PublicGrievance | null> {
  const found = await findCase(number, now, database, SERVICES);
  return found ? toPublic(found, await lookupsFor([found], database), now) : null;
}

/** A grievance's events, oldest first, from the kernel's timeline; for the citizen a staff-only note is left out. */
export async function grievanceEvents(caseId: number, audience: 'citizen' | 'staff', database: Db = db()): Promise<GrievanceEvent[]> {
  const events = await caseEvents(caseId, audience, database);
  return events.map((e) => ({
    at: e.at, actorKind: e.actorKind, actorLabel: e.actorLabel, action: e.action, from: e.from, to: e.to, note: e.note,
    staffOnly: e.visibility === 'staff', rating: typeof e.data.rating === 'number' ? e.data.rating : null, photos: e.photos,
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
  /** 'due' (the default): work still owed first, soonest due first; 'newest': newest lodged first. */
  sort?: 'due' | 'newest';
  limit: number;
  offset: number;
}

/** The staff inbox, soonest due first; an officer's view is narrowed to their own grievances by the caller. */
export async function listInbox(filter: InboxFilter, now = clockNow(), database: Db = db()): Promise<{ total: number; rows: StaffGrievance[] }> {
  // A number and a mobile together find nothing unless they are the same grievance's.
  const byMobile = filter.mobile ? parseMobile(filter.mobile) : null;
  return grievancePage(
    {
      state: filter.state, wardId: filter.wardId, categoryId: filter.categoryId, assignee: filter.officer, overdue: filter.overdue,
      q: filter.mobile ? (byMobile ?? filter.mobile) : filter.number, numbers: filter.number && filter.mobile ? [filter.number] : undefined,
      sort: filter.sort, limit: filter.limit, offset: filter.offset,
    },
    toStaff, now, database,
  );
}

export interface PublicFilter {
  state?: GrievanceState;
  categoryId?: number;
  categoryIds?: readonly number[];
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
export async function listPublicGrievances(filter: PublicFilter, now = clockNow(), database: Db = db()): Promise<{ total: number; rows: PublicGrievance[] }> {
  return grievancePage(
    {
      state: filter.state, categoryId: filter.categoryId, categoryIds: filter.categoryIds, lodgedFrom: filter.from, lodgedUntil: filter.until, numbers: filter.numbers,
      open: filter.open, overdue: filter.overdue, sort: 'newest', limit: filter.limit, offset: filter.offset,
    },
    toPublic, now, database,
  );
}

export interface Category {
  id: number;
  title: string;
  slaHours: number;
  /** The name an admin gave it for Hindi pages; null when none. */
  nameHi: string | null;
}

export async function listCategories(database: Db = db()): Promise<Category[]> {
  const rows = await database.selectFrom('grievance_type').select(['id', 'grievance_title', 'sla_hours', 'name_hi']).orderBy('grievance_title').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, title: r.grievance_title, slaHours: r.sla_hours, nameHi: r.name_hi }));
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
export async function performance(now = clockNow(), database: Db = db()): Promise<{ byCategory: PerformanceRow[]; byWard: PerformanceRow[] }> {
  const cases = await database
    .selectFrom('service_case')
    .innerJoin('grievance_type', 'grievance_type.id', 'service_case.category_id')
    .innerJoin('ward', 'ward.id', 'service_case.ward_id')
    .select(['grievance_type.grievance_title', 'ward.ward_number', 'service_case.state', 'service_case.lodged_at', 'service_case.due_at', 'service_case.data'])
    .where('service_case.service', '=', GRIEVANCE.name)
    .execute();
  const rows = cases.map((c) => ({ ...c, entry_date: c.lodged_at, decided_at: text((JSON.parse(c.data) as Record<string, unknown>).decidedAt) || null }));
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
        group.days.push((Date.parse(row.decided_at) - Date.parse(row.entry_date)) / DAY_MS);
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
export async function stateCounts(officerId: number | null, now = clockNow(), database: Db = db()): Promise<{ byState: Record<string, number>; overdue: number }> {
  let query = database.selectFrom('service_case').where('service', '=', GRIEVANCE.name);
  if (officerId !== null) query = query.where('assignee_id', '=', officerId);
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
