import { sql } from 'kysely';
import { db, type Db } from '../../server/db';
import { listRecords, storedDate, storedText, type ContentRecord, type MediaInfo } from '../../server/content/records';
import { DESIGNATIONS_HI, employeeType } from './employee.schema';
import type { Lang } from '../../i18n/lang';
import { englishFields, localizeRecords } from '../translation/localize.server';

export interface EmployeeQuery {
  /** Designations as a client spells them; matched case-insensitively. */
  designations: readonly string[];
  /** Only those marked to be shown on the home page. */
  homeOnly?: boolean;
  /** Include photo bytes (the compatibility API answers them as base64). */
  withBytes?: boolean;
  /** The language of the page the people are shown on (names and designations); English by default. */
  lang?: Lang;
}

const serialOrder = (record: ContentRecord) => (typeof record.values.serialNo === 'number' ? record.values.serialNo : Number.MAX_SAFE_INTEGER);

/**
 * Officials and staff of the given designations, grouped in the order the designations were asked for and,
 * within a group, by serial number (then by who was entered first). This is the order the directories
 * and the home page's card grid show people in.
 */
export async function listEmployeesByDesignations(query: EmployeeQuery, database: Db = db()): Promise<ContentRecord[]> {
  const wanted = [...new Set(query.designations.map((d) => d.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];

  // The stored spellings that match, so the generic list (and its photo lookup) can filter by equality.
  const spellings = await database
    .selectFrom('employee')
    .select('designation')
    .distinct()
    .where(sql<string>`lower(designation)`, 'in', wanted)
    .execute();

  if (spellings.length === 0) return [];
  const records = await listRecords(
    employeeType,
    // Only those the public may see: both callers are public pages and the public API.
    { where: { designation: spellings.map((s) => s.designation), ...(query.homeOnly ? { showHomePage: 1 } : {}) }, withBytes: query.withBytes, visibility: 'live' },
    database,
  );
  const rank = (record: ContentRecord) => wanted.indexOf(String(record.values.designation).toLowerCase());
  return records.sort((a, b) => rank(a) - rank(b) || serialOrder(a) - serialOrder(b) || a.id - b.id);
}

/** An official or member of staff as the public pages show them. */
export interface Person {
  id: number;
  name: string;
  designation: string;
  postRemarks: string;
  fromDate: string | null;
  toDate: string | null;
  mobileNumber: string;
  landLineNumber: string;
  email: string;
  photo: MediaInfo | null;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

export function toPerson(record: ContentRecord & { english?: ReadonlySet<string> }, lang: Lang = 'en'): Person {
  const { values } = record;
  return {
    id: record.id,
    name: storedText(values.name),
    designation: lang === 'hi' ? (DESIGNATIONS_HI[storedText(values.designation) as keyof typeof DESIGNATIONS_HI] ?? storedText(values.designation)) : storedText(values.designation),
    postRemarks: storedText(values.postRemarks),
    fromDate: storedDate(values.fromDate),
    toDate: storedDate(values.toDate),
    mobileNumber: storedText(values.mobileNumber),
    landLineNumber: storedText(values.landLineNumber),
    email: storedText(values.emailAddres),
    photo: record.media.photoPath,
    english: englishFields(record),
  };
}

/** The people of the given designations, in directory order (see listEmployeesByDesignations). */
export async function listPeople(query: Omit<EmployeeQuery, 'withBytes'>, database: Db = db()): Promise<Person[]> {
  const lang = query.lang ?? 'en';
  return (await localizeRecords(employeeType, await listEmployeesByDesignations(query, database), lang, database)).map((record) => toPerson(record, lang));
}
