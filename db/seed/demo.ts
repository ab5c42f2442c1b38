import { seedDemoHindi } from './hindi';
import type { Db } from '../../src/server/db';
import type { TableName } from '../../src/server/db-schema';
import { STORED_CONTENT_TYPES } from '../../src/features/content-storage.server';
import { storeMedia } from '../../src/server/media';
import { raiseTableVersions } from '../../src/server/content-version';
import { demoCouncil } from './council';
export { seedDemoCouncil } from './council';
import {
  aboutEntries,
  complaintDesk,
  complaints,
  circulars,
  demoCitizens,
  districtName,
  employeeGroups,
  galleryGroups,
  grievanceTypes,
  latestNews,
  notices,
  officeOrders,
  pressReleases,
  sliderBanners,
  tenders,
  wardCount,
  type ComplaintEntry,
  type DayOffset,
  type DocumentEntry,
  type PersonEntry,
  type TenderEntry,
} from './content';
import {
  aboutSvg,
  bannerSvg,
  clippingSvg,
  complaintSvg,
  gallerySvg,
  portraitSvg,
  svgToJpeg,
  type ComplaintScene,
  type ComplaintState,
} from './images';
import { makePdf } from './pdf';
import { rebuildSearchIndex } from '../../src/features/search/search-index.server';
import { seedVideos } from './videos';
import { nameDemoRecipients } from '../../src/server/outbox';
import type { GrievanceState } from '../../src/features/grievance/grievance-workflow';
import { takeNumber } from '../../src/server/numbering';
import { indianDate } from '../../src/lib/india-time';
import { GRIEVANCE } from '../../src/features/grievance/grievance.service';
import { wardLocalities } from './ward-localities';
import { claimOnce } from '../../src/server/outbox';
import { overdueKey } from '../../src/features/cases/case-jobs.server';
// The property tax register's demo ward comes with the rest of the demo, in the same separately built file.
export { seedPropertyTaxDemo } from './property-tax';
export { seedTradeLicenceDemo } from './trade-licence';
export { seedWaterDemo } from './water';
export { seedWardBoundariesDemo } from './ward-boundaries';

/**
 * Fills an empty database with a believable council's content, so a fresh install shows every page with
 * something in it. Returns false, adding nothing, when any content or lookup row already exists.
 */
export async function seedDemoContent(database: Db): Promise<boolean> {
  if (await hasContent(database)) return false;
  const clock = new SeedClock(new Date());
  // Pictures are rendered before the transaction opens, so the database is locked only for the inserts.
  const pictures = await renderPictures(clock);
  const added = await database.transaction().execute(async (trx) => {
    // Checked again inside the transaction in case another process seeded while the pictures were drawn.
    if (await hasContent(trx)) return false;
    const seed: SeedContext = { db: trx, clock, pictures };
    await seedSliders(seed);
    await seedAbout(seed);
    await seedEmployees(seed);
    await seedTenders(seed);
    await seedDocuments(seed, 'notice', notices);
    await seedDocuments(seed, 'circular', circulars);
    await seedDocuments(seed, 'office_order', officeOrders);
    await seedLatestNews(seed);
    await seedGallery(seed);
    await seedVideos(trx, (i) => clock.timestamp(3 + i, 16));
    await seedPressReleases(seed);
    await seedDemoHindi(trx, clock.timestamp(0, 8));
    await seedComplaints(seed, await seedLookups(seed));
    await markDemoOverdueNoticed(trx);
    // The demo content was written now: its pages say so in their "Last updated".
    await raiseTableVersions(trx, SEEDED_TABLES);
    return true;
  });
  // The seed writes rows directly, past the write path that keeps the search index current.
  if (added) await rebuildSearchIndex(database);
  return added;
}

/**
 * The demo's history is invented: grievances it makes overdue weeks ago count as noticed, so that the first
 * start does not send the admins a notice about each (the overdue job tells of grievances as they pass due).
 */
async function markDemoOverdueNoticed(trx: Db): Promise<void> {
  const at = new Date().toISOString();
  const overdue = await trx
    .selectFrom('service_case')
    .select(['id', 'due_at'])
    .where('service', '=', GRIEVANCE.name)
    .where('state', 'in', [...GRIEVANCE.openStates])
    .where('due_at', '<', at)
    .execute();
  for (const { id, due_at } of overdue) {
    if (due_at) await claimOnce(trx, overdueKey(id, due_at), at);
  }
}

/** Every content type's table (each gets demo content), and the grievances' lookups and cases. */
const SEEDED_TABLES: readonly TableName[] = [
  ...STORED_CONTENT_TYPES.map((type) => type.storage.table),
  'grievance_type', 'district', 'ward', 'ulb', 'service_case',
];

async function hasContent(database: Db): Promise<boolean> {
  for (const table of SEEDED_TABLES) {
    const row = await database.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Dates relative to the day the seed runs

const DAY_MS = 24 * 60 * 60 * 1000;
/** India Standard Time is UTC+5:30 all year; content times are written as the council would see them. */
const IST_OFFSET_MS = 330 * 60 * 1000;

class SeedClock {
  constructor(readonly now: Date) {}

  /** A calendar date (YYYY-MM-DD) offset from today in India; negative is the past. */
  date(daysFromToday: number): string {
    return new Date(this.now.getTime() + IST_OFFSET_MS + daysFromToday * DAY_MS).toISOString().slice(0, 10);
  }

  /** A full ISO instant at a given Indian hour, some days ago; never later than a few minutes ago. */
  timestamp(daysAgo: number, hourIst: number, minute = 0): string {
    const day = this.date(-daysAgo);
    const instant = Date.parse(`${day}T00:00:00Z`) + (hourIst * 60 + minute) * 60 * 1000 - IST_OFFSET_MS;
    return new Date(Math.min(instant, this.now.getTime() - 5 * 60 * 1000)).toISOString();
  }

  /** How many days ago an offset falls; Republic Day offsets count from the latest 26 January. */
  daysAgo(when: DayOffset): number {
    if (typeof when === 'number') return when;
    const today = this.date(0);
    const year = Number(today.slice(0, 4));
    const thisYear = `${year}-01-26`;
    const republicDay = today >= thisYear ? thisYear : `${year - 1}-01-26`;
    return Math.round((Date.parse(today) - Date.parse(republicDay)) / DAY_MS) - when.afterRepublicDay;
  }
}

/** dd/mm/yyyy, as dates are printed on Indian government letters. */
function printedDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

function longDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC',
  });
}

// ---------------------------------------------------------------------------------------------------------
// Pictures, rendered up front and in parallel (sharp works on its own thread pool)

interface Pictures {
  banners: Uint8Array[];
  about: Uint8Array[];
  /** By person name: a councillor on the standing committee keeps the same photo. */
  portraits: Map<string, Uint8Array>;
  gallery: Uint8Array[][];
  clippings: Uint8Array[];
  complaintPhotos: Map<string, Uint8Array>;
}

async function renderPictures(clock: SeedClock): Promise<Pictures> {
  const people = uniquePeople();
  const photoKeys = [...new Set(complaints.flatMap((entry, i) => Object.values(complaintPhotoKeys(entry, i)).filter(isKey)))];
  const [banners, about, portraits, gallery, clippings, complaintPhotos] = await Promise.all([
    Promise.all(sliderBanners.map((spec, i) => svgToJpeg(bannerSvg(spec, i + 1)))),
    Promise.all(aboutEntries.map((entry, i) => svgToJpeg(aboutSvg(entry.scene, i + 11)))),
    Promise.all(people.map((person, i) => svgToJpeg(portraitSvg({ ...person, variant: i })))),
    Promise.all(galleryGroups.map((group) => Promise.all([0, 1, 2, 3].map((v) => svgToJpeg(gallerySvg(group.scene, v)))))),
    Promise.all(pressReleases.map((entry, i) => svgToJpeg(clippingSvg(clippingSpec(entry, clock), i + 21)))),
    Promise.all(photoKeys.map((key) => svgToJpeg(complaintSvgForKey(key)))),
  ]);
  return {
    banners,
    about,
    portraits: new Map(people.map((person, i) => [person.name, portraits[i]])),
    gallery,
    clippings,
    complaintPhotos: new Map(photoKeys.map((key, i) => [key, complaintPhotos[i]])),
  };
}

function uniquePeople(): PersonEntry[] {
  const byName = new Map<string, PersonEntry>();
  for (const group of employeeGroups) for (const person of group.people) if (!byName.has(person.name)) byName.set(person.name, person);
  return [...byName.values()];
}

function clippingSpec(entry: (typeof pressReleases)[number], clock: SeedClock) {
  return {
    paper: entry.paper,
    headline: entry.title,
    dateLine: `${demoCouncil.address.en.town} | ${longDate(clock.date(-clock.daysAgo(entry.when)))}`,
    pageNo: entry.pageNo,
    picture: entry.picture,
  };
}

const isKey = (key: string | null): key is string => key !== null;

function photoKey(scene: ComplaintScene, state: ComplaintState, variant: number): string {
  return `${scene}/${state}/${variant}`;
}

function complaintSvgForKey(key: string): string {
  const [scene, state, variant] = key.split('/');
  return complaintSvg(scene as ComplaintScene, state as ComplaintState, Number(variant));
}

/**
 * Which pictures a complaint carries: the citizen's photos of the problem, and for resolved complaints the
 * staff's photos of the same spot afterwards. Variants alternate so neighbouring complaints differ.
 */
function complaintPhotoKeys(entry: ComplaintEntry, index: number) {
  const scene = grievanceTypes[entry.type].scene;
  const photos = scene ? (entry.photos ?? 0) : 0;
  const first = index % 2;
  const second = 1 - first;
  const resolved = entry.status === 'Resolved';
  return {
    pub1: scene && photos >= 1 ? photoKey(scene, 'reported', first) : null,
    pub2: scene && photos >= 2 ? photoKey(scene, 'reported', second) : null,
    action1: scene && resolved && photos >= 1 ? photoKey(scene, 'fixed', first) : null,
    action2: scene && resolved && photos >= 2 ? photoKey(scene, 'fixed', second) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Inserts

interface SeedContext {
  db: Db;
  clock: SeedClock;
  pictures: Pictures;
}

function storeJpeg(seed: SeedContext, bytes: Uint8Array): Promise<number> {
  return storeMedia(bytes, 'image/jpeg', seed.db);
}

async function storePdf(seed: SeedContext, title: string, lines: string[]): Promise<number> {
  return storeMedia(await makePdf(title, lines), 'application/pdf', seed.db);
}

async function seedSliders(seed: SeedContext): Promise<void> {
  for (const [i, banner] of seed.pictures.banners.entries()) {
    const photo = await storeJpeg(seed, banner);
    const { headline, subline, description } = sliderBanners[i];
    await seed.db
      .insertInto('slider')
      .values({ photo_media_id: photo, caption: `${headline}: ${subline}`, picture_description: description, created_date: seed.clock.timestamp(30 - i, 10) })
      .execute();
  }
}

async function seedAbout(seed: SeedContext): Promise<void> {
  for (const [i, entry] of aboutEntries.entries()) {
    const photo = await storeJpeg(seed, seed.pictures.about[i]);
    await seed.db
      .insertInto('about')
      .values({ name: entry.name, description: entry.description, photo_media_id: photo, created_date: seed.clock.timestamp(30, 11, i) })
      .execute();
  }
}

/** State-level office holders sit in Patna and have Patna numbers; everyone else is at the council office. */
const STATE_LEVEL = new Set(['Chief Minister', 'Minister', 'Principal Secretary']);

/** Deterministic, distinct Indian mobile numbers (10 digits starting 6 to 9). */
function mobileNumbers(): () => string {
  const prefixes = ['94311', '98350', '70040', '62012', '90310', '88770', '79033', '99345', '76310', '82100'];
  let n = 0;
  return () => {
    n++;
    return prefixes[n % prefixes.length] + String((n * 48271) % 100000).padStart(5, '0');
  };
}

function staffEmail(person: PersonEntry): string {
  if (person.email) return person.email;
  const words = person.name
    .split(',')[0]
    .split(/\s+/)
    .filter((w) => !/^(shri|smt\.?|ms\.?|md\.?|dr\.?)$/i.test(w));
  const local = [words[0], words[words.length - 1]].map((w) => w.toLowerCase().replace(/[^a-z]/g, '')).join('.');
  return `${local}@nagarparishad.example`;
}

async function seedEmployees(seed: SeedContext): Promise<void> {
  const nextMobile = mobileNumbers();
  // A person listed under two designations keeps one mobile and one landline number.
  const phones = new Map<string, { mobile: string; landLine: string }>();
  let stateLine = 15400;
  let extension = 11;
  for (const group of employeeGroups) {
    for (const [i, person] of group.people.entries()) {
      if (!phones.has(person.name)) {
        const landLine = STATE_LEVEL.has(group.designation) ? `0612-22${(stateLine += 37)}` : `06254-2421${String(extension++ % 100).padStart(2, '0')}`;
        phones.set(person.name, { mobile: nextMobile(), landLine });
      }
      const { mobile, landLine } = phones.get(person.name)!;
      const photo = await storeJpeg(seed, seed.pictures.portraits.get(person.name)!);
      await seed.db
        .insertInto('employee')
        .values({
          serial_no: i + 1,
          name: person.name,
          designation: group.designation,
          email_addres: staffEmail(person),
          status: 'Active',
          post_remarks: person.postRemarks,
          from_date: person.fromDate,
          to_date: null,
          land_line_number: landLine,
          mobile_number: mobile,
          show_home_page: group.showHomePage ? 1 : 0,
          photo_media_id: photo,
          created_date: seed.clock.timestamp(30, 12, i),
        })
        .execute();
    }
  }
}

function tenderNumber(tender: TenderEntry, publishDate: string): string {
  return `${demoCouncil.shortName}/${tender.section}/${publishDate.slice(0, 4)}/${String(tender.serial).padStart(3, '0')}`;
}

/** The notice inviting tender: the document every tender has in its first slot. */
function noticeInvitingTender(tender: TenderEntry, no: string, publishDate: string, lastDate: string, openingDate: string): string[] {
  return [
    `Tender reference no.: ${no}    Date of publication: ${printedDate(publishDate)}`,
    `The Executive Officer, ${demoCouncil.name.en}, on behalf of the Board, invites e-tenders from eligible contractors and firms registered with the Government of Bihar for the following work.`,
    `Name of work: ${tender.title}`,
    `Scope: ${tender.description}`,
    `Estimated cost: ${tender.estimatedCost}`,
    `Earnest money deposit: ${tender.earnestMoney}, payable online only.`,
    `Period of completion: ${tender.completionPeriod}`,
    `Last date and time of bid submission: ${printedDate(lastDate)} up to ${tender.closingTime} hrs`,
    `Opening of technical bids: ${printedDate(openingDate)} at 16:00 hrs in the chamber of the Executive Officer.`,
    'The complete bid documents can be downloaded from the Tenders section of the council website. Bids received after the closing time will not be accepted. The council reserves the right to reject any or all bids without giving reasons.',
    'Sd/-',
    `Executive Officer, ${demoCouncil.name.en}`,
  ];
}

/** A short body for the supporting documents (BOQ, drawings...), enough to show the download works. */
function supportingDocument(name: string, tender: TenderEntry, no: string): string[] {
  const intro = `This document forms part of tender ${no}, "${tender.title}", and is to be read with the notice inviting tender.`;
  const byKind: Record<string, string[]> = {
    BOQ: [
      'Bill of quantities. Bidders shall quote a percentage above or below the estimated rates.',
      'Item 1. Earthwork in excavation in all kinds of soil, including disposal up to 50 m.',
      'Item 2. Plain cement concrete 1:2:4 with stone aggregate, including curing.',
      'Item 3. Reinforced cement concrete M25 for drain walls and slabs, including shuttering.',
      'Item 4. Supply and fixing of reinforcement steel Fe 500D, cutting, bending and binding.',
      'Item 5. Restoration of the surface and disposal of surplus material.',
    ],
    Drawings: [
      'List of drawings: site plan; typical cross section; longitudinal section; details of slabs and joints.',
      'All dimensions are in millimetres unless shown otherwise. Levels are to be checked at site before work begins.',
    ],
    'Technical Specifications': [
      'Materials shall conform to the relevant Indian Standards and the specifications of the Building Construction Department, Bihar.',
      'Test certificates for cement, steel and electrical items shall be submitted before use. The engineer-in-charge may order tests at the contractor\'s cost.',
    ],
    'Corrigendum No. 1': [
      'The last date of bid submission and the date of opening have been revised as shown on the tender page. All other terms remain unchanged.',
    ],
  };
  const body = byKind[name] ?? [
    `${name}. The bidder shall read this document with the notice inviting tender and sign every page of it when submitting the bid.`,
    'In case of any conflict, the notice inviting tender shall prevail.',
  ];
  return [intro, ...body, 'Sd/-', `Executive Officer, ${demoCouncil.name.en}`];
}

async function seedTenders(seed: SeedContext): Promise<void> {
  for (const tender of tenders) {
    const publishDate = seed.clock.date(-tender.publishedDaysAgo);
    const lastDate = seed.clock.date(tender.closesInDays);
    const no = tenderNumber(tender, publishDate);
    const documents = [
      await storePdf(seed, `Notice Inviting Tender: ${tender.title}`, noticeInvitingTender(tender, no, publishDate, lastDate, seed.clock.date(tender.closesInDays + 1))),
    ];
    for (const name of tender.extraDocuments) {
      documents.push(await storePdf(seed, `${name} - Tender No. ${no}`, supportingDocument(name, tender, no)));
    }
    await seed.db
      .insertInto('tender')
      .values({
        tender_no: no,
        tender_title: tender.title,
        tender_discreption: tender.description,
        publish_date: publishDate,
        last_date_of_submission: lastDate,
        last_date_of_submission_time: tender.closingTime,
        status: tender.closesInDays > 0 ? 'Active' : 'Closed',
        tender_title_2: tender.extraDocuments[0] ?? '',
        tender_title_3: tender.extraDocuments[1] ?? '',
        tender_title_4: tender.extraDocuments[2] ?? '',
        tender_title_5: tender.extraDocuments[3] ?? '',
        document_1_media_id: documents[0],
        document_2_media_id: documents[1] ?? null,
        document_3_media_id: documents[2] ?? null,
        document_4_media_id: documents[3] ?? null,
        document_5_media_id: documents[4] ?? null,
        created_date: seed.clock.timestamp(tender.publishedDaysAgo, 11),
      })
      .execute();
  }
}

const DOCUMENT_KINDS = {
  notice: { heading: 'Public Notice', copyTo: 'Notice board of the council; all ward councillors; IT Cell for the website.' },
  circular: { heading: 'Circular', copyTo: 'All section heads; notice board; IT Cell for the website.' },
  office_order: { heading: 'Office Order', copyTo: 'Staff concerned; personal files; Accounts section; IT Cell for the website.' },
} as const;

function documentLines(kind: keyof typeof DOCUMENT_KINDS, entry: DocumentEntry, issueDate: string): string[] {
  // Letter numbers grow with time, as in a real dispatch register.
  const letterNo = `${demoCouncil.shortName}/${entry.section}/${issueDate.slice(0, 4)}/${400 - entry.daysAgo}`;
  return [
    `${DOCUMENT_KINDS[kind].heading}    Letter No. ${letterNo}    Date: ${printedDate(issueDate)}`,
    ...(entry.department ? [`Department: ${entry.department}`] : []),
    entry.description,
    'This comes into force with immediate effect. For any clarification, contact the office during office hours or call the number given above.',
    'By order,',
    `Executive Officer, ${demoCouncil.name.en}`,
    `Copy to: ${DOCUMENT_KINDS[kind].copyTo}`,
  ];
}

async function seedDocuments(seed: SeedContext, table: keyof typeof DOCUMENT_KINDS, entries: DocumentEntry[]): Promise<void> {
  for (const entry of entries) {
    const issueDate = seed.clock.date(-entry.daysAgo);
    const file = await storePdf(seed, entry.title, documentLines(table, entry, issueDate));
    const row = {
      title: entry.title,
      description: entry.description,
      issue_date: issueDate,
      file_media_id: file,
      created_date: seed.clock.timestamp(entry.daysAgo, 14),
    };
    if (table === 'notice') await seed.db.insertInto('notice').values(row).execute();
    else await seed.db.insertInto(table).values({ ...row, department: entry.department ?? '' }).execute();
  }
}

async function seedLatestNews(seed: SeedContext): Promise<void> {
  for (const item of latestNews) {
    await seed.db
      .insertInto('latest_news')
      .values({ title: item.title, description: item.description, created_date: seed.clock.timestamp(item.daysAgo, item.hour, 15) })
      .execute();
  }
}

async function seedGallery(seed: SeedContext): Promise<void> {
  for (const [g, group] of galleryGroups.entries()) {
    const daysAgo = seed.clock.daysAgo(group.when);
    for (const [i, description] of group.descriptions.entries()) {
      const photo = await storeJpeg(seed, seed.pictures.gallery[g][i]);
      await seed.db
        .insertInto('gallery')
        .values({ title: group.title, description, photo_media_id: photo, created_date: seed.clock.timestamp(daysAgo, 17, i * 5) })
        .execute();
    }
  }
}

async function seedPressReleases(seed: SeedContext): Promise<void> {
  for (const [i, entry] of pressReleases.entries()) {
    const daysAgo = seed.clock.daysAgo(entry.when);
    const photo = await storeJpeg(seed, seed.pictures.clippings[i]);
    await seed.db
      .insertInto('press_release')
      .values({
        title: entry.title,
        description: entry.description,
        release_news_paper_name: entry.paper,
        releases_page_no: entry.pageNo,
        release_date: seed.clock.date(-daysAgo),
        photo_media_id: photo,
        created_date: seed.clock.timestamp(daysAgo, 12),
      })
      .execute();
  }
}

interface LookupIds {
  grievances: number[];
  district: number;
  /** Index 0 is ward 1. */
  wards: number[];
  ulb: number;
}

async function seedLookups(seed: SeedContext): Promise<LookupIds> {
  const grievances: number[] = [];
  for (const type of grievanceTypes) {
    const row = await seed.db.insertInto('grievance_type').values({ grievance_title: type.title, sla_hours: type.slaHours }).returning('id').executeTakeFirstOrThrow();
    grievances.push(row.id);
  }
  const district = await seed.db.insertInto('district').values({ district_name_english: districtName }).returning('id').executeTakeFirstOrThrow();
  const wards: number[] = [];
  for (let ward = 1; ward <= wardCount; ward++) {
    const localities = wardLocalities[ward] ?? { en: '', hi: '' };
    const row = await seed.db.insertInto('ward').values({ ward_number: String(ward), localities_en: localities.en, localities_hi: localities.hi }).returning('id').executeTakeFirstOrThrow();
    wards.push(row.id);
  }
  const ulb = await seed.db.insertInto('ulb').values({ ulb_name: demoCouncil.name.en }).returning('id').executeTakeFirstOrThrow();
  return { grievances, district: district.id, wards, ulb: ulb.id };
}

/** Days the council took to act, by outcome: rejections are quick, repairs take longer. */
const DAYS_TO_ACT: Record<ComplaintEntry['status'], number> = { Open: 0, Pending: 1, Rejected: 2, Resolved: 4 };

function actionTime(clock: SeedClock, entry: ComplaintEntry, entryDate: string, index: number): string {
  const planned = Date.parse(clock.timestamp(Math.max(0, entry.daysAgo - DAYS_TO_ACT[entry.status] - (index % 2)), 15, (index * 11) % 60));
  // Never before the complaint was filed, and never in the future.
  const earliest = Date.parse(entryDate) + 2 * 60 * 60 * 1000;
  return new Date(Math.min(Math.max(planned, earliest), clock.now.getTime() - 60 * 1000)).toISOString();
}

/** Why the demo's rejected complaints were rejected, in the order they appear. */
const REJECTION_REASONS = [
  'The highway service lane belongs to the National Highways Authority; the complaint has been forwarded to them.',
  'Duplicate of an earlier complaint about the same leak, which is being handled.',
  'The animals are kept on private land; the owner has been served a notice under the municipal act.',
  'The colony is private; its lanes are lit and maintained by the residents\' society.',
];

/** The demo officer, when the demo accounts exist: assigned grievances go to them. */
const DEMO_OFFICER_EMAIL = 'officer@nagarparishad.example';

async function seedComplaints(seed: SeedContext, ids: LookupIds): Promise<void> {
  const officer = await seed.db.selectFrom('app_user').select('id').where('email', '=', DEMO_OFFICER_EMAIL).executeTakeFirst();
  let rejected = 0;
  for (const [i, entry] of complaints.entries()) {
    const entryDate = seed.clock.timestamp(entry.daysAgo, 9 + (i % 8), (i * 7) % 60);
    const acted = entry.status !== 'Open';
    const actionDate = !acted ? null : entry.resolvedDaysAgo !== undefined ? seed.clock.timestamp(entry.resolvedDaysAgo, 16) : actionTime(seed.clock, entry, entryDate, i);
    const keys = complaintPhotoKeys(entry, i);
    const photo = async (key: string | null) => (key ? storeJpeg(seed, seed.pictures.complaintPhotos.get(key)!) : null);
    const media = { pub1: await photo(keys.pub1), pub2: await photo(keys.pub2), action1: await photo(keys.action1), action2: await photo(keys.action2) };
    const { number, serial } = await takeNumber(seed.db, GRIEVANCE.series, indianDate(Date.parse(entryDate)));
    const row = await seed.db
      .insertInto('service_case')
      .values({
        service: GRIEVANCE.name, number, state: 'Lodged', ward_id: ids.wards[entry.ward - 1], category_id: ids.grievances[entry.type],
        assignee_id: null, due_at: null, lodged_at: entryDate, state_since: entryDate, updated_at: entryDate, lang: 'en', source: 'web',
        data: JSON.stringify({
          districtId: ids.district, ulbId: ids.ulb, landmark: entry.landmark, description: entry.info, suggestion: entry.suggestion,
          entryBy: complaintDesk[i % complaintDesk.length], actionBy: acted ? grievanceTypes[entry.type].handledBy : '', actionDate,
          pubImage1: media.pub1, pubImage2: media.pub2, actionImage1: media.action1, actionImage2: media.action2,
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedReminders(seed, row.id, entry.reminders ?? [], entryDate, actionDate);
    const photos = { lodge: [media.pub1, media.pub2].filter((id) => id !== null), resolve: [media.action1, media.action2].filter((id) => id !== null) };
    await seedWorkflow(seed, row.id, i, serial, entry, entryDate, actionDate, officer?.id ?? null, entry.status === 'Rejected' ? REJECTION_REASONS[rejected++ % REJECTION_REASONS.length] : '', photos);
  }
}

const HOUR_MS = 3_600_000;

/**
 * The grievance workflow's side of a demo complaint: its state, due date, citizen and officer, and the events
 * that brought it where it is. Written directly, as the seed writes everything, in the shapes the workflow
 * itself writes. The citizen goes by the number's serial, as the README tells: the five demo citizens in turn.
 */
async function seedWorkflow(
  seed: SeedContext, complaintId: number, index: number, serial: number, entry: ComplaintEntry, entryDate: string, actionDate: string | null,
  officerId: number | null, rejection: string, photos: { lodge: number[]; resolve: number[] },
): Promise<void> {
  const type = grievanceTypes[entry.type];
  const resolvedLongAgo = entry.status === 'Resolved' && entry.resolvedDaysAgo === undefined;
  const state: GrievanceState = entry.state ?? (resolvedLongAgo ? 'Closed' : ({ Open: 'Lodged', Pending: 'Assigned', Resolved: 'Resolved', Rejected: 'Rejected' } as const)[entry.status]);
  const citizen = demoCitizens[(serial - 1) % demoCitizens.length];
  const at = (base: string, hours: number) => new Date(Math.min(Date.parse(base) + hours * HOUR_MS, seed.clock.now.getTime() - 60_000)).toISOString();
  const events: { at: string; kind: string; label: string; action: string; from: GrievanceState | null; to: GrievanceState; note?: string; officer?: boolean; rating?: number }[] = [
    { at: entryDate, kind: 'citizen', label: 'Citizen', action: 'lodge', from: null, to: 'Lodged' },
  ];
  const desk = complaintDesk[index % complaintDesk.length];
  if (state !== 'Lodged' && state !== 'Rejected') events.push({ at: at(entryDate, 2), kind: 'staff', label: desk, action: 'assign', from: 'Lodged', to: 'Assigned', officer: true });
  let decidedAt: string | null = null;
  let closedAt: string | null = null;
  let dueAt = new Date(Date.parse(entryDate) + type.slaHours * HOUR_MS).toISOString();
  if (state === 'Resolved' || state === 'Closed') {
    decidedAt = actionDate ?? at(entryDate, 24);
    events.push({ at: decidedAt, kind: 'staff', label: type.handledBy, action: 'resolve', from: 'Assigned', to: 'Resolved', note: 'Work done; photo of the spot attached.' });
  }
  if (state === 'Closed') {
    closedAt = at(decidedAt!, entry.rating ? 20 : 7 * 24);
    events.push(entry.rating
      ? { at: closedAt, kind: 'citizen', label: 'Citizen', action: 'rate', from: 'Resolved', to: 'Closed', rating: entry.rating, note: entry.rating >= 4 ? 'Done well, thank you.' : 'Done late, after many calls.' }
      : { at: closedAt, kind: 'system', label: 'System', action: 'auto-close', from: 'Resolved', to: 'Closed', note: 'No rating within 7 days of the resolution.' });
  }
  if (state === 'Rejected') {
    decidedAt = actionDate ?? at(entryDate, 24);
    events.push({ at: decidedAt, kind: 'staff', label: type.handledBy, action: 'reject', from: 'Lodged', to: 'Rejected', note: rejection });
  }
  if (state === 'Reopened') {
    const resolvedAt = at(entryDate, 24);
    const reopenedAt = at(entryDate, 60);
    events.push({ at: resolvedAt, kind: 'staff', label: type.handledBy, action: 'resolve', from: 'Assigned', to: 'Resolved', note: 'Cleaned.' });
    events.push({ at: reopenedAt, kind: 'citizen', label: 'Citizen', action: 'reopen', from: 'Resolved', to: 'Reopened', note: entry.reminders?.at(-1) ?? 'The problem is back.' });
    dueAt = new Date(Date.parse(reopenedAt) + type.slaHours * HOUR_MS).toISOString();
  }
  const stored = await seed.db.selectFrom('service_case').select('data').where('id', '=', complaintId).executeTakeFirstOrThrow();
  const data = { ...(JSON.parse(stored.data) as Record<string, unknown>), decidedAt, closedAt, rating: entry.rating ?? null, ratingComment: '', slaHours: type.slaHours };
  const last = events.at(-1)!;
  await seed.db
    .updateTable('service_case')
    .set({
      state,
      due_at: dueAt,
      assignee_id: state === 'Assigned' || state === 'Resolved' || state === 'Closed' ? officerId : null,
      state_since: last.at,
      updated_at: last.at,
      data: JSON.stringify(data),
    })
    .where('id', '=', complaintId)
    .execute();
  nameDemoRecipients([citizen.mobile]);
  await seed.db.insertInto('case_contact').values({ case_id: complaintId, name: citizen.name, mobile: citizen.mobile, email: '', address: `Ward ${entry.ward}, Kamalpur` }).execute();
  let resolvedOnce = false;
  for (const event of events) {
    const officer = event.officer && officerId !== null ? { officerId } : {};
    const stored = await seed.db
      .insertInto('case_event')
      .values({
        case_id: complaintId, at: event.at, actor_kind: event.kind, actor_user_id: null, actor_label: event.label, action: event.action,
        from_state: event.from, to_state: event.to, note: event.note ?? '', visibility: 'public',
        data: JSON.stringify({ ...officer, ...(event.rating ? { rating: event.rating } : {}) }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The citizen's photos came with the lodging; the staff's after-photos with the (last) resolution.
    const attached = event.action === 'lodge' ? photos.lodge : event.action === 'resolve' && !resolvedOnce ? photos.resolve : [];
    if (event.action === 'resolve') resolvedOnce = true;
    for (const [position, mediaId] of attached.entries()) {
      await seed.db.insertInto('case_event_media').values({ event_id: stored.id, position, media_id: mediaId, kind: 'photo' }).execute();
    }
  }
}

/** Reminders fall evenly between filing and the council's action (or now, for complaints still waiting). */
async function seedReminders(seed: SeedContext, complaintId: number, messages: string[], from: string, until: string | null): Promise<void> {
  const start = Date.parse(from);
  const end = until ? Date.parse(until) : seed.clock.now.getTime() - 60 * 60 * 1000;
  for (const [k, message] of messages.entries()) {
    const at = start + ((end - start) * (k + 1)) / (messages.length + 1);
    await seed.db.insertInto('complaint_reminder').values({ complaint_id: complaintId, message, created_date: new Date(at).toISOString() }).execute();
  }
}
