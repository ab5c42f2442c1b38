import { sql } from 'kysely';
import { GRIEVANCE } from '../grievance/grievance.service';
import { GRIEVANCE_STATES, isGrievanceState, LEGACY_STATUS } from '../grievance/grievance-workflow';
import { db, type Db } from '../../server/db';
import type { ColumnOf, TableName } from '../../server/db-schema';
import { mediaUrl, toBase64 } from '../../server/media';
import type { LookupKey, StatusFilter } from './complaint.schema';
import {
  type ComplaintStatusEntry,
  type ComplaintWire,
  type DistrictLookup,
  type GrievanceLookup,
  type ImageKey,
  type UlbLookup,
  type WardLookup,
} from './complaint.wire';

/**
 * The legacy complaint calls (docs/legacy-contract.md §4) read grievances from the case kernel's tables: a complaint
 * is a grievance case under the same id. Its status is the old wire's word for its state (LEGACY_STATUS), unless it
 * came from before the workflow with a status of its own (kept as the case's data.legacyStatus until its next step);
 * its district, ULB, entry and picture slots are the case's data.
 */
const grievances = (database: Db) => database.selectFrom('service_case').where('service_case.service', '=', GRIEVANCE.name);

/** The marker a legacy status leaves in the case's JSON data (JSON.stringify writes no spaces). */
const LEGACY_MARK = '%"legacyStatus":%';
const legacyMark = (status: string) => `%"legacyStatus":${JSON.stringify(status)}%`;

type Narrowable = ReturnType<typeof grievances>;

/** Only the complaints whose old status is this one. */
function withStatus<Q extends Narrowable>(query: Q, status: StatusFilter): Q {
  if (status === 'All') return query;
  const states = GRIEVANCE_STATES.filter((s) => LEGACY_STATUS[s] === status);
  return query.where((eb) =>
    eb.or([
      eb.and([eb('service_case.state', 'in', states.length ? states : ['']), eb('service_case.data', 'not like', LEGACY_MARK)]),
      eb('service_case.data', 'like', legacyMark(status)),
    ]),
  ) as Q;
}

const statusOf = (state: string, data: Record<string, unknown>) =>
  typeof data.legacyStatus === 'string' ? data.legacyStatus : isGrievanceState(state) ? LEGACY_STATUS[state] : '';

/** Every complaint's status, without reading the data of those whose state tells it (nearly all). */
async function statuses(database: Db, status: StatusFilter): Promise<{ id: number; status: string }[]> {
  const [plain, marked] = await Promise.all([
    withStatus(grievances(database), status).select(['service_case.id', 'service_case.state']).where('service_case.data', 'not like', LEGACY_MARK).execute(),
    withStatus(grievances(database), status).select(['service_case.id', 'service_case.state', 'service_case.data']).where('service_case.data', 'like', LEGACY_MARK).execute(),
  ]);
  return [
    ...plain.map((r) => ({ id: r.id, status: statusOf(r.state, {}) })),
    ...marked.map((r) => ({ id: r.id, status: statusOf(r.state, JSON.parse(r.data) as Record<string, unknown>) })),
  ].filter((r) => status === 'All' || r.status === status);
}

/** Complaints per status, for the home page panel and the dashboards. Rows without a status are not counted. */
export async function countComplaintsByStatus(database: Db = db()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { status } of await statuses(database, 'All')) if (status !== '') counts[status] = (counts[status] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// ---------------------------------------------------------------------------------------------------------
// Reading complaints

export interface StoredImage {
  sha256: string;
  contentType: string;
  width: number | null;
  height: number | null;
  bytes?: Uint8Array;
}

/** A complaint with its lookups' names, its pictures and the reminders the citizen sent. */
export interface ComplaintRecord {
  id: number;
  grievance: string;
  district: string;
  ward: string;
  ulb: string;
  yourSuggestion: string;
  landmark: string;
  additionalInformation: string;
  status: string;
  entryBy: string;
  entryDate: string;
  actionBy: string;
  actionDate: string | null;
  images: Record<ImageKey, StoredImage | null>;
  reminders: string[];
}

export interface ComplaintListOptions {
  status: StatusFilter;
  limit?: number;
  offset?: number;
}

const SLOTS: [ImageKey, string][] = [['pub_Image_1', 'pubImage1'], ['pub_Image_2', 'pubImage2'], ['action_Image_1', 'actionImage1'], ['action_Image_2', 'actionImage2']];
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * Newest first, by complaint id: ids are given in the order complaints are lodged, and the primary key serves
 * this order directly, so page 4,000 of a long list costs what page 1 does.
 */
async function complaintRecords(database: Db, rows: { id: number; state: string; ward_id: number | null; category_id: number | null; lodged_at: string; data: string }[], withBytes: boolean): Promise<ComplaintRecord[]> {
  if (rows.length === 0) return [];
  const data = rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
  const mediaIds = [...new Set(data.flatMap((d) => SLOTS.map(([, key]) => idOf(d[key])).filter((id): id is number => id !== null)))];
  const [types, districts, wards, ulbs, media, reminders] = await Promise.all([
    database.selectFrom('grievance_type').select(['id', 'grievance_title']).execute(),
    database.selectFrom('district').select(['id', 'district_name_english']).execute(),
    database.selectFrom('ward').select(['id', 'ward_number']).execute(),
    database.selectFrom('ulb').select(['id', 'ulb_name']).execute(),
    mediaIds.length
      ? database
          .selectFrom('media')
          .select(['id', 'sha256', 'content_type', 'width', 'height'])
          .$if(withBytes, (q) => q.select('bytes'))
          .where('id', 'in', mediaIds)
          // A private photo fills no slot; one that did (by some older path) is still never answered here.
          .where('private', '=', 0)
          .execute()
      : Promise.resolve([]),
    database
      .selectFrom('complaint_reminder')
      .select(['complaint_id', 'message'])
      .where('complaint_id', 'in', rows.map((r) => r.id))
      .orderBy('created_date')
      .orderBy('id')
      .execute(),
  ]);
  const name = <T extends { id: number }>(list: T[], key: keyof T) => new Map(list.map((row) => [row.id, String(row[key])]));
  const [typeName, districtName, wardName, ulbName] = [name(types, 'grievance_title'), name(districts, 'district_name_english'), name(wards, 'ward_number'), name(ulbs, 'ulb_name')];
  const stored = new Map(
    media.map((m) => [m.id, { sha256: m.sha256, contentType: m.content_type, width: m.width, height: m.height, ...('bytes' in m && m.bytes ? { bytes: m.bytes as Uint8Array } : {}) }]),
  );
  const byComplaint = new Map<number, string[]>();
  for (const r of reminders) byComplaint.set(r.complaint_id, [...(byComplaint.get(r.complaint_id) ?? []), r.message]);
  return rows.map((row, i) => {
    const d = data[i];
    return {
      id: row.id,
      grievance: typeName.get(row.category_id ?? -1) ?? '',
      district: districtName.get(idOf(d.districtId) ?? -1) ?? '',
      ward: wardName.get(row.ward_id ?? -1) ?? '',
      ulb: ulbName.get(idOf(d.ulbId) ?? -1) ?? '',
      yourSuggestion: text(d.suggestion),
      landmark: text(d.landmark),
      additionalInformation: text(d.description),
      status: statusOf(row.state, d),
      entryBy: text(d.entryBy),
      entryDate: row.lodged_at,
      actionBy: text(d.actionBy),
      actionDate: text(d.actionDate) || null,
      images: Object.fromEntries(SLOTS.map(([slot, key]) => [slot, stored.get(idOf(d[key]) ?? -1) ?? null])) as Record<ImageKey, StoredImage | null>,
      reminders: byComplaint.get(row.id) ?? [],
    };
  });
}

const RECORD_COLUMNS = ['service_case.id', 'service_case.state', 'service_case.ward_id', 'service_case.category_id', 'service_case.lodged_at', 'service_case.data'] as const;

/** Complaints newest first, narrowed to a status, optionally one page of them. Pictures without their bytes. */
export async function listComplaints(options: ComplaintListOptions, database: Db = db()): Promise<ComplaintRecord[]> {
  let query = withStatus(grievances(database), options.status).select([...RECORD_COLUMNS]).orderBy('service_case.id', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return complaintRecords(database, await query.execute(), false);
}

export async function countComplaints(status: StatusFilter = 'All', database: Db = db()): Promise<number> {
  const row = await withStatus(grievances(database), status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One complaint with its reminders; withBytes includes the pictures' bytes (the API answers them as base64). */
export async function findComplaint(id: number, withBytes = false, database: Db = db()): Promise<ComplaintRecord | null> {
  const row = await grievances(database).select([...RECORD_COLUMNS]).where('service_case.id', '=', id).executeTakeFirst();
  return row ? (await complaintRecords(database, [row], withBytes))[0] : null;
}

/** Every complaint that has a status, as { id, status }: what the complaint-count calls answer. */
export async function listComplaintStatuses(status: StatusFilter = 'All', database: Db = db()): Promise<ComplaintStatusEntry[]> {
  return (await statuses(database, status)).filter((r) => r.status !== '').sort((a, b) => a.id - b.id);
}

/**
 * A complaint in the names of docs/legacy-contract.md §5. Pictures are base64 when their bytes were read (the
 * single-complaint call), else their stable /media/ URL, so that a list never carries every picture's bytes.
 */
export function toComplaintWire(record: ComplaintRecord, mode: 'base64' | 'url'): ComplaintWire {
  const picture = (key: ImageKey) => {
    const stored = record.images[key];
    if (!stored) return null;
    return mode === 'base64' ? toBase64(stored.bytes) : mediaUrl(stored.sha256, stored.contentType);
  };
  return {
    id: record.id,
    ward: record.ward,
    grivance: record.grievance,
    grievanceName: record.grievance,
    GrievanceName: record.grievance,
    district: record.district,
    ulb: record.ulb,
    additional_Information: record.additionalInformation,
    landmark: record.landmark,
    your_Suggestion: record.yourSuggestion,
    status: record.status,
    entry_Date: record.entryDate,
    action_By: record.actionBy || null,
    action_Date: record.actionDate,
    reminders: record.reminders.map((message) => ({ message })),
    pub_Image_1: picture('pub_Image_1'),
    pub_Image_2: picture('pub_Image_2'),
    action_Image_1: picture('action_Image_1'),
    action_Image_2: picture('action_Image_2'),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Lookups

/** Ward numbers are text; '10' comes after '9', as a person expects. */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export async function listGrievanceTypes(database: Db = db()): Promise<GrievanceLookup[]> {
  const rows = await database.selectFrom('grievance_type').select(['id', 'grievance_title']).orderBy('grievance_title').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, grievanceTitle: r.grievance_title }));
}

export async function listDistricts(database: Db = db()): Promise<DistrictLookup[]> {
  const rows = await database.selectFrom('district').select(['id', 'district_name_english']).orderBy('district_name_english').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, districtNameEnglish: r.district_name_english }));
}

export async function listWards(database: Db = db()): Promise<WardLookup[]> {
  const rows = await database.selectFrom('ward').select(['id', 'ward_number']).execute();
  return rows
    .sort((a, b) => naturalOrder.compare(a.ward_number, b.ward_number) || a.id - b.id)
    .map((r) => ({ id: r.id, wardNumber: r.ward_number }));
}

export async function listUlbs(database: Db = db()): Promise<UlbLookup[]> {
  const rows = await database.selectFrom('ulb').select(['id', 'ulb_name']).orderBy('ulb_name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, ulbName: r.ulb_name }));
}

/** Each lookup's table and the column that names an entry; the compiler checks the column is the table's. */
const lookupTable = <T extends TableName>(table: T, column: ColumnOf<T>) => ({ table: table as string, column: column as string });
const LOOKUP_TABLES: Record<LookupKey, { table: string; column: string }> = {
  grievance: lookupTable('grievance_type', 'grievance_title'),
  district: lookupTable('district', 'district_name_english'),
  ward: lookupTable('ward', 'ward_number'),
  ulb: lookupTable('ulb', 'ulb_name'),
};

/** The four lookup tables seen alike: an id and a name column. */
type LookupView = Record<string, { id: number; [column: string]: string | number }>;

/**
 * The id of a lookup entry named by a form value: its id, or (as old clients send) its exact title, name or
 * number, compared case-insensitively. An id wins over a text that happens to be digits. Null when unknown.
 */
export async function resolveLookup(kind: LookupKey, value: string, database: Db = db()): Promise<number | null> {
  const { table, column } = LOOKUP_TABLES[kind];
  // The table and column come from LOOKUP_TABLES above, never from the request.
  const lookups = database.withTables<LookupView>();
  if (/^\d{1,9}$/.test(value)) {
    const byId = await lookups.selectFrom(table).select('id').where('id', '=', Number(value)).executeTakeFirst();
    if (byId) return Number(byId.id);
  }
  const byName = await lookups
    .selectFrom(table)
    .select('id')
    .where(sql`lower(${sql.ref(column)})`, '=', value.trim().toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  return byName ? Number(byName.id) : null;
}
