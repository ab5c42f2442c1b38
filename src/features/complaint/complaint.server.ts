import { sql, type Kysely } from 'kysely';
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

/** Complaints per status, for the home page panel and the dashboards. Rows without a status are not counted. */
export async function countComplaintsByStatus(database: Db = db()): Promise<Record<string, number>> {
  const rows = await database
    .selectFrom('complaint')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '<>', '')
    .groupBy('status')
    .orderBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
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

function filtered(database: Db, status: StatusFilter) {
  const query = database.selectFrom('complaint');
  return status === 'All' ? query : query.where('complaint.status', '=', status);
}

/**
 * Newest first, by complaint number: numbers are given in the order complaints are lodged, and the primary
 * key and the (status, id) index serve this order directly, so page 4,000 of a long list costs what page 1
 * does. (Sorting by entry_date would sort every row on each request: there is no index on it.)
 */
function newestFirst<Q extends { orderBy: (column: 'complaint.id', direction: 'desc') => unknown }>(query: Q): Q {
  return query.orderBy('complaint.id', 'desc') as Q;
}

function complaintRows(database: Db, status: StatusFilter, withBytes: boolean) {
  const query = filtered(database, status)
    .innerJoin('grievance_type', 'grievance_type.id', 'complaint.grievance_type_id')
    .innerJoin('district', 'district.id', 'complaint.district_id')
    .innerJoin('ward', 'ward.id', 'complaint.ward_id')
    .innerJoin('ulb', 'ulb.id', 'complaint.ulb_id')
    .leftJoin('media as m1', 'm1.id', 'complaint.pub_image_1_media_id')
    .leftJoin('media as m2', 'm2.id', 'complaint.pub_image_2_media_id')
    .leftJoin('media as m3', 'm3.id', 'complaint.action_image_1_media_id')
    .leftJoin('media as m4', 'm4.id', 'complaint.action_image_2_media_id')
    .select([
      'complaint.id', 'complaint.your_suggestion', 'complaint.landmark', 'complaint.additional_information',
      'complaint.status', 'complaint.entry_by', 'complaint.entry_date', 'complaint.action_by', 'complaint.action_date',
      'grievance_type.grievance_title', 'district.district_name_english', 'ward.ward_number', 'ulb.ulb_name',
      'm1.sha256 as m1_sha', 'm1.content_type as m1_type', 'm1.width as m1_width', 'm1.height as m1_height',
      'm2.sha256 as m2_sha', 'm2.content_type as m2_type', 'm2.width as m2_width', 'm2.height as m2_height',
      'm3.sha256 as m3_sha', 'm3.content_type as m3_type', 'm3.width as m3_width', 'm3.height as m3_height',
      'm4.sha256 as m4_sha', 'm4.content_type as m4_type', 'm4.width as m4_width', 'm4.height as m4_height',
    ]);
  return query.$if(withBytes, (q) => q.select(['m1.bytes as m1_bytes', 'm2.bytes as m2_bytes', 'm3.bytes as m3_bytes', 'm4.bytes as m4_bytes']));
}

type ComplaintRow = Awaited<ReturnType<ReturnType<typeof complaintRows>['execute']>>[number];

function image(row: ComplaintRow, slot: 1 | 2 | 3 | 4): StoredImage | null {
  const sha = row[`m${slot}_sha`];
  const type = row[`m${slot}_type`];
  if (!sha || !type) return null;
  const bytes = row[`m${slot}_bytes`];
  return { sha256: sha, contentType: type, width: row[`m${slot}_width`], height: row[`m${slot}_height`], ...(bytes ? { bytes } : {}) };
}

function toRecord(row: ComplaintRow, reminders: string[]): ComplaintRecord {
  return {
    id: row.id,
    grievance: row.grievance_title,
    district: row.district_name_english,
    ward: row.ward_number,
    ulb: row.ulb_name,
    yourSuggestion: row.your_suggestion,
    landmark: row.landmark,
    additionalInformation: row.additional_information,
    status: row.status,
    entryBy: row.entry_by,
    entryDate: row.entry_date,
    actionBy: row.action_by,
    actionDate: row.action_date,
    images: {
      pub_Image_1: image(row, 1),
      pub_Image_2: image(row, 2),
      action_Image_1: image(row, 3),
      action_Image_2: image(row, 4),
    },
    reminders,
  };
}

/** Reminders of the complaints a list shows, oldest first per complaint, in one query whatever the list's size. */
async function remindersOf(database: Db, options: ComplaintListOptions): Promise<Map<number, string[]>> {
  let ids = newestFirst(filtered(database, options.status).select('complaint.id'));
  if (options.limit !== undefined) ids = ids.limit(options.limit).offset(options.offset ?? 0);
  const rows = await database
    .selectFrom('complaint_reminder')
    .select(['complaint_id', 'message'])
    .where('complaint_id', 'in', ids)
    .orderBy('created_date')
    .orderBy('id')
    .execute();
  const byComplaint = new Map<number, string[]>();
  for (const row of rows) byComplaint.set(row.complaint_id, [...(byComplaint.get(row.complaint_id) ?? []), row.message]);
  return byComplaint;
}

/** Complaints newest first, narrowed to a status, optionally one page of them. Pictures without their bytes. */
export async function listComplaints(options: ComplaintListOptions, database: Db = db()): Promise<ComplaintRecord[]> {
  let query = newestFirst(complaintRows(database, options.status, false));
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const [rows, reminders] = await Promise.all([query.execute(), remindersOf(database, options)]);
  return rows.map((row) => toRecord(row, reminders.get(row.id) ?? []));
}

export async function countComplaints(status: StatusFilter = 'All', database: Db = db()): Promise<number> {
  const row = await filtered(database, status).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One complaint with its reminders; withBytes includes the pictures' bytes (the API answers them as base64). */
export async function findComplaint(id: number, withBytes = false, database: Db = db()): Promise<ComplaintRecord | null> {
  const row = await complaintRows(database, 'All', withBytes).where('complaint.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const reminders = await database
    .selectFrom('complaint_reminder')
    .select('message')
    .where('complaint_id', '=', id)
    .orderBy('created_date')
    .orderBy('id')
    .execute();
  return toRecord(row as ComplaintRow, reminders.map((r) => r.message));
}

/** Every complaint that has a status, as { id, status }: what the complaint-count calls answer. */
export async function listComplaintStatuses(status: StatusFilter = 'All', database: Db = db()): Promise<ComplaintStatusEntry[]> {
  return filtered(database, status).select(['complaint.id', 'complaint.status']).where('complaint.status', '<>', '').orderBy('complaint.id').execute();
}

/**
 * A complaint in SPEC.md §3's names. Pictures are base64 when their bytes were read (the single-complaint
 * call), else their stable /media/ URL, so that a list never carries every picture's bytes.
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
