import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../migrations/schema-helpers';
import { takeNumbers } from '../../src/server/numbering';
import { indianDate } from '../../src/lib/india-time';
import { GRIEVANCE } from '../../src/features/grievance/grievance.service';
import type { Db } from '../../src/server/db';
import { nowIso } from '../../src/server/db';
import { storeMedia } from '../../src/server/media';
import { DESIGNATIONS } from '../../src/features/employee/employee.schema';
import { COMPLAINT_STATUSES } from '../../src/features/complaint/complaint.schema';
import { makePdf } from './pdf';
import { sourceHash } from '../../src/server/content/translation-store';

/**
 * Bulk data for measuring the site at the size of a large town's archive: thousands of notices and tenders,
 * a thousand staff and a hundred thousand complaints. Rows are believable enough to read, not to admire.
 */
export interface LargeCounts {
  notices: number;
  tenders: number;
  employees: number;
  complaints: number;
}

export const LARGE_COUNTS: LargeCounts = { notices: 10_000, tenders: 2_000, employees: 1_000, complaints: 100_000 };

const TOPICS = ['water supply', 'property tax', 'street lighting', 'drain cleaning', 'road repair', 'market fees', 'birth registration', 'sanitation drive', 'ward meeting', 'tree plantation'];
/** The same topics in Hindi, for the Hindi text of most notices and tenders. */
const TOPICS_HI = ['जल आपूर्ति', 'संपत्ति कर', 'सड़क प्रकाश', 'नाली सफाई', 'सड़क मरम्मत', 'बाज़ार शुल्क', 'जन्म पंजीकरण', 'स्वच्छता अभियान', 'वार्ड बैठक', 'वृक्षारोपण'];
/** One record in this many has no Hindi text, as on a real site part-way through translating. */
const UNTRANSLATED_EVERY = 4;
const FIRST = ['Amit', 'Sunita', 'Rakesh', 'Priya', 'Manoj', 'Anita', 'Vikas', 'Kiran', 'Suresh', 'Pooja', 'Ravi', 'Neha'];
const LAST = ['Kumar', 'Devi', 'Singh', 'Prasad', 'Sharma', 'Yadav', 'Mishra', 'Paswan', 'Jha', 'Gupta'];
/** The grievance state each of the old wire's statuses stands for. */
const LEGACY_TO_STATE: Record<string, string> = { Open: 'Lodged', Pending: 'Assigned', Resolved: 'Resolved', Rejected: 'Rejected' };

const BATCH = 400;

/** A small deterministic pseudo-random sequence, so two runs make the same data. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % max;
  };
}

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function insertInBatches(trx: Kysely<any>, table: string, count: number, makeRow: (i: number) => Record<string, unknown>) {
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) rows.push(makeRow(i));
    await trx.insertInto(table).values(rows).execute();
  }
}

async function ensureLookups(trx: Kysely<any>) {
  const ids = async (table: string) => (await trx.selectFrom(table).select('id').execute()).map((r: { id: number }) => r.id);
  if ((await ids('ward')).length === 0) {
    await trx.insertInto('ward').values(Array.from({ length: 25 }, (_, i) => ({ ward_number: String(i + 1) }))).execute();
    await trx.insertInto('grievance_type').values(TOPICS.map((t) => ({ grievance_title: `Problem with ${t}` }))).execute();
    await trx.insertInto('district').values({ district_name_english: 'Gandakpur' }).execute();
    await trx.insertInto('ulb').values({ ulb_name: 'Nagar Parishad Kamalpur' }).execute();
  }
  return { wards: await ids('ward'), grievances: await ids('grievance_type'), districts: await ids('district'), ulbs: await ids('ulb') };
}

/**
 * Hindi titles and descriptions for three notices and tenders in four (the search index is built from
 * them afterwards): the ids are those just inserted, the newest rows of each table.
 */
async function addHindiText(trx: Kysely<any>, counts: LargeCounts, pick: (max: number) => number, at: string) {
  const newest = async (table: string, count: number) =>
    (await trx.selectFrom(table).select('id').orderBy('id', 'desc').limit(count).execute()).map((r: { id: number }) => r.id).reverse();
  const translation = (typePath: string, recordId: number, fieldKey: string, text: string, english: string) => ({
    type_path: typePath, record_id: recordId, field_key: fieldKey, lang: 'hi', text, source_hash: sourceHash(english), updated_at: at, updated_by: 'seed',
  });
  const englishOf = async (table: string, columns: string[]) =>
    new Map((await trx.selectFrom(table).select(['id', ...columns]).execute()).map((r) => [r.id as number, r as Record<string, string>]));
  const notices = await newest('notice', counts.notices);
  const tenders = await newest('tender', counts.tenders);
  const noticeText = await englishOf('notice', ['title', 'description']);
  const tenderText = await englishOf('tender', ['tender_title', 'tender_discreption']);
  const rows: Record<string, unknown>[] = [];
  notices.forEach((id, i) => {
    if (i % UNTRANSLATED_EVERY === UNTRANSLATED_EVERY - 1) return;
    rows.push(translation('notice', id, 'title', `${TOPICS_HI[i % TOPICS_HI.length]} पर सूचना ${i + 1}`, noticeText.get(id)!.title));
    rows.push(translation('notice', id, 'description', `वार्ड ${1 + pick(25)} में ${TOPICS_HI[pick(TOPICS_HI.length)]} के बारे में नागरिकों को सूचित किया जाता है।`, noticeText.get(id)!.description));
  });
  tenders.forEach((id, i) => {
    if (i % UNTRANSLATED_EVERY === UNTRANSLATED_EVERY - 1) return;
    rows.push(translation('tender', id, 'tender_title', `कार्य आदेश ${i + 1}: ${TOPICS_HI[i % TOPICS_HI.length]} कार्य`, tenderText.get(id)!.tender_title));
    rows.push(translation('tender', id, 'tender_discreption', `वार्ड ${1 + pick(25)} में ${TOPICS_HI[pick(TOPICS_HI.length)]} कार्यों के लिए मुहरबंद निविदाएँ आमंत्रित हैं।`, tenderText.get(id)!.tender_discreption));
  });
  for (let start = 0; start < rows.length; start += BATCH) await trx.insertInto('content_translation').values(rows.slice(start, start + BATCH)).execute();
}

export async function seedLargeData(database: Db, counts: LargeCounts = LARGE_COUNTS): Promise<void> {
  const pick = sequence(2026);
  const pdf = await makePdf('Archived council document', ['This document stands in for an archived notice or tender paper.']);
  const photo = new Uint8Array(await sharp({ create: { width: 240, height: 240, channels: 3, background: '#0b4f8a' } }).jpeg({ quality: 70 }).toBuffer());
  const created = nowIso();

  await database.transaction().execute(async (trx) => {
    const pdfId = await storeMedia(pdf, 'application/pdf', trx);
    const photoId = await storeMedia(photo, 'image/jpeg', trx);
    const untyped = trx as unknown as Kysely<any>;
    const lookups = await ensureLookups(untyped);

    await insertInBatches(untyped, 'notice', counts.notices, (i) => ({
      title: `Notice ${i + 1} on ${TOPICS[i % TOPICS.length]}`,
      description: `Residents are informed about ${TOPICS[pick(TOPICS.length)]} in ward ${1 + pick(25)}.`,
      issue_date: dayOffset(-pick(1800)),
      file_media_id: i % 3 === 0 ? null : pdfId,
      created_date: created,
    }));

    await insertInBatches(untyped, 'tender', counts.tenders, (i) => {
      const published = -pick(1500);
      return {
        tender_no: `NPK/ENG/${2021 + (i % 6)}/${String(i + 1).padStart(4, '0')}`,
        tender_title: `Work order ${i + 1}: ${TOPICS[i % TOPICS.length]} works`,
        tender_discreption: `Sealed bids are invited for ${TOPICS[pick(TOPICS.length)]} works in ward ${1 + pick(25)}.`,
        publish_date: dayOffset(published),
        last_date_of_submission: dayOffset(published + 10 + pick(60)),
        last_date_of_submission_time: '15:00',
        status: 'Active',
        tender_title_2: '', tender_title_3: '', tender_title_4: '', tender_title_5: '',
        document_1_media_id: pdfId,
        created_date: created,
      };
    });

    await addHindiText(untyped, counts, pick, created);

    const listDesignations = DESIGNATIONS.filter((d) => d !== 'Chief Minister');
    await insertInBatches(untyped, 'employee', counts.employees, (i) => ({
      serial_no: 1000 + i,
      name: `${FIRST[pick(FIRST.length)]} ${LAST[pick(LAST.length)]}`,
      designation: listDesignations[i % listDesignations.length],
      email_addres: `staff${i + 1}@kamalpur.example`,
      status: 'Active',
      post_remarks: `Section ${1 + (i % 12)}`,
      from_date: dayOffset(-pick(3000)),
      to_date: null,
      land_line_number: '06152-240100',
      mobile_number: `9${String(100000000 + i).slice(0, 9)}`,
      show_home_page: 0,
      photo_media_id: photoId,
      created_date: created,
    }));

    // Grievance cases under explicit ids after the last one, so that their contacts can name them in bulk. Their
    // numbers are taken from the grievances' series a day at a time, the earliest day first.
    const firstId = Number((await untyped.selectFrom('service_case').select((eb) => eb.fn.max('id').as('n')).executeTakeFirst())?.n ?? 0) + 1;
    const entered = (i: number) => new Date(Date.now() - ((i * 7919) % 900) * 86_400_000 - ((i * 104_729) % 86_400) * 1000).toISOString();
    const stateOf = (i: number) => LEGACY_TO_STATE[COMPLAINT_STATUSES[(i * 31) % COMPLAINT_STATUSES.length]];
    const byDay = new Map<string, number[]>();
    for (let i = 0; i < counts.complaints; i++) {
      const day = indianDate(Date.parse(entered(i)));
      const rows = byDay.get(day);
      if (rows) rows.push(i);
      else byDay.set(day, [i]);
    }
    const numbers: string[] = [];
    for (const day of [...byDay.keys()].sort()) {
      const rows = byDay.get(day)!;
      const issued = await takeNumbers(trx, GRIEVANCE.series, day, rows.length);
      rows.forEach((i, k) => (numbers[i] = issued[k].number));
    }
    await insertInBatches(untyped, 'service_case', counts.complaints, (i) => {
      const id = firstId + i;
      const state = stateOf(i);
      const at = entered(i);
      return {
        id, service: GRIEVANCE.name, number: numbers[i], state,
        ward_id: lookups.wards[pick(lookups.wards.length)], category_id: lookups.grievances[pick(lookups.grievances.length)],
        assignee_id: null, due_at: new Date(Date.parse(at) + 72 * 3_600_000).toISOString(), lodged_at: at, state_since: at, updated_at: at,
        lang: 'en', source: 'desk',
        data: JSON.stringify({
          districtId: lookups.districts[0], ulbId: lookups.ulbs[0], landmark: `Near house no. ${1 + pick(400)}`, description: `Reported by a resident (${i + 1}).`,
          suggestion: 'Please attend to this soon.', entryBy: 'staff@nagarparishad.example', actionBy: state === 'Lodged' ? '' : 'Complaint desk',
          actionDate: state === 'Lodged' ? null : at, decidedAt: state === 'Resolved' || state === 'Rejected' ? at : null, pubImage1: i % 100 === 0 ? photoId : null,
        }),
      };
    });
    await insertInBatches(untyped, 'case_contact', counts.complaints, (i) => ({ case_id: firstId + i, name: '', mobile: '', email: '', address: '' }));
    if (isPostgres(untyped)) await sql`SELECT setval(pg_get_serial_sequence('service_case', 'id'), ${firstId + counts.complaints}, false)`.execute(untyped);
  });
}
