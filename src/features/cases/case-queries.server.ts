import { sql } from 'kysely';
import { db, type Db } from '../../server/db';
import { mediaUrl } from '../../server/media';
import { parseMobile, parseMobilePart, type CaseContact } from './contact';
import { isOverdueIn, parseCaseNumber, parseCaseSerial, publicCaseOf, type PublicCase, type AnyService } from './service';
import { installedServices } from '../modules';

/**
 * Reading cases of every service. The public shape never carries the contact (it is in another table, and
 * only the staff shape joins it); the staff shape adds it, the assignee and the service data.
 */
export interface StaffCase extends PublicCase {
  id: number;
  contact: CaseContact;
  assigneeId: number | null;
  assignee: string | null;
  source: string;
  lang: 'en' | 'hi';
  updatedAt: string;
}

export interface CaseEvent {
  at: string;
  actorKind: string;
  actorLabel: string;
  action: string;
  from: string | null;
  to: string;
  /** Empty for the citizen when staff kept it to themselves. */
  note: string;
  visibility: 'public' | 'staff';
  photos: string[];
  documents: string[];
  /** Which of those addresses are private files (shown to this case's staff and citizen only). */
  privateFiles: string[];
  /** What else the step carried (an officer's id, a rating). */
  data: Record<string, unknown>;
}

function staffQuery(database: Db) {
  return database
    .selectFrom('service_case')
    .innerJoin('case_contact', 'case_contact.case_id', 'service_case.id')
    .leftJoin('app_user as assignee', 'assignee.id', 'service_case.assignee_id')
    .select([
      'service_case.id', 'service_case.service', 'service_case.number', 'service_case.state', 'service_case.ward_id', 'service_case.category_id',
      'service_case.assignee_id', 'service_case.due_at', 'service_case.lodged_at', 'service_case.updated_at', 'service_case.lang',
      'service_case.source', 'service_case.data', 'case_contact.name', 'case_contact.mobile', 'case_contact.email', 'case_contact.address',
      'assignee.email as assignee_email',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof staffQuery>['execute']>>[number];

function toStaff(row: Row, now: number, services: readonly AnyService[]): StaffCase {
  const openStates = services.find((s) => s.name === row.service)?.openStates ?? [];
  return {
    id: row.id,
    number: row.number,
    service: row.service,
    state: row.state,
    wardId: row.ward_id,
    categoryId: row.category_id,
    lodgedAt: row.lodged_at,
    dueAt: row.due_at,
    overdue: isOverdueIn(openStates, row.state, row.due_at, now),
    data: JSON.parse(row.data) as Record<string, unknown>,
    contact: { name: row.name, mobile: row.mobile, email: row.email, address: row.address },
    assigneeId: row.assignee_id,
    assignee: row.assignee_email ?? null,
    source: row.source,
    lang: row.lang === 'hi' ? 'hi' : 'en',
    updatedAt: row.updated_at,
  };
}

/** What the public may see of a case, by its service's own declaration; the contact is never given to it. */
export function publicViewOf(service: AnyService, found: StaffCase): Record<string, unknown> {
  return { service: service.name, ...service.publicView(publicCaseOf(found)) };
}

export async function findCase(number: string, now: number, database: Db = db(), services: readonly AnyService[] = installedServices()): Promise<StaffCase | null> {
  if (services.length === 0) return null;
  const row = await staffQuery(database).where('service_case.number', '=', number).where('service_case.service', 'in', services.map((s) => s.name)).executeTakeFirst();
  return row ? toStaff(row, now, services) : null;
}

/** A case's events, oldest first; for the citizen a staff-only note is left out. */
export async function caseEvents(caseId: number, audience: 'citizen' | 'staff', database: Db = db()): Promise<CaseEvent[]> {
  const events = await database.selectFrom('case_event').selectAll().where('case_id', '=', caseId).orderBy('at').orderBy('id').execute();
  const media = events.length
    ? await database
        .selectFrom('case_event_media')
        .innerJoin('media', 'media.id', 'case_event_media.media_id')
        .select(['case_event_media.event_id', 'case_event_media.kind', 'media.sha256', 'media.content_type', 'media.private'])
        .where('case_event_media.event_id', 'in', events.map((e) => e.id))
        .orderBy('case_event_media.event_id')
        .orderBy('case_event_media.position')
        .execute()
    : [];
  const filesOf = (id: number, kind: string) => media.filter((m) => m.event_id === id && m.kind === kind).map((m) => mediaUrl(m.sha256, m.content_type));
  return events.map((e) => ({
    at: e.at,
    actorKind: e.actor_kind,
    actorLabel: e.actor_label,
    action: e.action,
    from: e.from_state,
    to: e.to_state,
    note: audience === 'citizen' && e.visibility === 'staff' ? '' : e.note,
    visibility: e.visibility === 'public' ? 'public' : 'staff',
    photos: filesOf(e.id, 'photo'),
    documents: filesOf(e.id, 'document'),
    privateFiles: media.filter((m) => m.event_id === e.id && m.private === 1).map((m) => mediaUrl(m.sha256, m.content_type)),
    data: JSON.parse(e.data) as Record<string, unknown>,
  }));
}

export interface CaseFilter {
  service?: string;
  state?: string;
  wardId?: number;
  categoryId?: number;
  /** Any of these categories (Open311's `service_code=1,2`). */
  categoryIds?: readonly number[];
  /** An assignee's id, or 'none' for cases assigned to nobody. */
  assignee?: number | 'none';
  /**
   * Of these services only the cases assigned to this member of staff: a role a service names among its
   * assigneeRoles (a field officer's grievances) sees its own cases of that service, and every case of the others.
   */
  ownFor?: { assigneeId: number; services: readonly string[] };
  overdue?: boolean;
  /** A case number or its last digits (its serial), or the citizen's mobile, or at least 4 of its digits. */
  q?: string;
  /** Only cases lodged with exactly this mobile (a signed-in citizen's own). */
  mobile?: string;
  /** Only these numbers (the public list's "my grievances"). */
  numbers?: readonly string[];
  /** Still owed an answer (true), or settled (false). */
  open?: boolean;
  /** Lodged on or after / on or before these instants (ISO). */
  lodgedFrom?: string;
  lodgedUntil?: string;
  /** 'due': work still owed first, soonest due first; 'newest': newest lodged first. */
  sort?: 'due' | 'newest';
  limit: number;
  offset: number;
}

/** The open states of every service, as (service, state) pairs an SQL condition can test. */
function openCondition(services: readonly AnyService[]) {
  const pairs = services.flatMap((s) => s.openStates.map((state) => sql`(${sql.ref('service_case.service')} = ${s.name} and ${sql.ref('service_case.state')} = ${state})`));
  return pairs.length ? sql<boolean>`(${sql.join(pairs, sql` or `)})` : sql<boolean>`(1 = 0)`;
}

/** The cases of these services that pass the filter, as one query to page, count or group. */
function filteredCases(filter: Omit<CaseFilter, 'limit' | 'offset' | 'sort'>, now: number, database: Db, services: readonly AnyService[]) {
  let query = staffQuery(database).where('service_case.service', 'in', services.map((s) => s.name));
  if (filter.ownFor && filter.ownFor.services.length > 0) {
    const { assigneeId, services: own } = filter.ownFor;
    query = query.where((eb) => eb.or([eb('service_case.service', 'not in', [...own]), eb('service_case.assignee_id', '=', assigneeId)]));
  }
  if (filter.service) query = query.where('service_case.service', '=', filter.service);
  if (filter.state) query = query.where('service_case.state', '=', filter.state);
  if (filter.wardId) query = query.where('service_case.ward_id', '=', filter.wardId);
  if (filter.categoryId) query = query.where('service_case.category_id', '=', filter.categoryId);
  if (filter.categoryIds) query = query.where('service_case.category_id', 'in', filter.categoryIds.length ? [...filter.categoryIds] : [-1]);
  if (filter.assignee === 'none') query = query.where('service_case.assignee_id', 'is', null);
  else if (filter.assignee) query = query.where('service_case.assignee_id', '=', filter.assignee);
  const open = openCondition(services);
  if (filter.overdue) query = query.where(open).where('service_case.due_at', '<', new Date(now).toISOString());
  if (filter.open !== undefined) query = query.where(filter.open ? open : sql<boolean>`not ${open}`);
  if (filter.mobile !== undefined) query = query.where('case_contact.mobile', '=', filter.mobile);
  if (filter.numbers) query = query.where('service_case.number', 'in', filter.numbers.length ? [...filter.numbers] : ['']);
  if (filter.lodgedFrom) query = query.where('service_case.lodged_at', '>=', filter.lodgedFrom);
  if (filter.lodgedUntil) query = query.where('service_case.lodged_at', '<=', filter.lodgedUntil);
  if (filter.q !== undefined && filter.q.trim() !== '') {
    const number = parseCaseNumber(filter.q);
    const mobile = parseMobile(filter.q);
    if (number) query = query.where('service_case.number', '=', number);
    else if (mobile) query = query.where('case_contact.mobile', '=', mobile);
    else {
      // Digits alone may be the end of a case number (each service counts its own serials every financial
      // year, so they may name a case of each) or part of a mobile: "0041" finds both.
      const serial = parseCaseSerial(filter.q);
      const part = parseMobilePart(filter.q);
      if (!serial && !part) query = query.where(sql<boolean>`1 = 0`);
      else {
        query = query.where((eb) =>
          eb.or([...(serial ? [eb('service_case.number', 'like', `%-${serial}`)] : []), ...(part ? [eb('case_contact.mobile', 'like', `%${part}%`)] : [])]),
        );
      }
    }
  }
  return query;
}

/** The inbox of every service (or one): one query for the page's rows and one for their count, whatever the number of services. */
export async function listCases(filter: CaseFilter, now: number, database: Db = db(), services: readonly AnyService[] = installedServices()): Promise<{ total: number; rows: StaffCase[] }> {
  if (services.length === 0) return { total: 0, rows: [] };
  const query = filteredCases(filter, now, database, services);
  const open = openCondition(services);
  const count = await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const ordered =
    filter.sort === 'newest'
      ? query.orderBy('service_case.id', 'desc')
      : query.orderBy(sql`case when ${open} then 0 else 1 end`).orderBy('service_case.due_at', 'asc').orderBy('service_case.id', 'asc');
  const rows = await ordered.limit(filter.limit).offset(filter.offset).execute();
  return { total: Number(count.n), rows: rows.map((row) => toStaff(row, now, services)) };
}

/**
 * How many cases of these services pass the filter in each state (states of the same name in two services are
 * counted together, as the inbox's state filter takes them), and how many of them are overdue: one grouped query.
 */
export async function countCasesByState(filter: Omit<CaseFilter, 'limit' | 'offset' | 'sort' | 'state' | 'overdue'>, now: number, database: Db = db(), services: readonly AnyService[] = installedServices()): Promise<{ byState: Map<string, number>; overdue: number }> {
  if (services.length === 0) return { byState: new Map(), overdue: 0 };
  const overdue = sql<number>`sum(case when ${openCondition(services)} and ${sql.ref('service_case.due_at')} < ${new Date(now).toISOString()} then 1 else 0 end)`;
  const rows = await filteredCases(filter, now, database, services)
    .clearSelect()
    .select((eb) => ['service_case.state', eb.fn.countAll<number>().as('n'), overdue.as('overdue')])
    .groupBy('service_case.state')
    .execute();
  return { byState: new Map(rows.map((r) => [r.state, Number(r.n)])), overdue: rows.reduce((sum, r) => sum + Number(r.overdue ?? 0), 0) };
}
