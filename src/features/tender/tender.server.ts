import { db, type Db } from '../../server/db';
import { findRecord, storedText, storedTexts, type MediaInfo } from '../../server/content/records';
import { TENDER_SLOTS, slotSuffix, tenderType } from './tender.schema';
import type { Tender } from '../../server/db-schema';
import { now } from '../../server/clock';
import { validUntil } from '../../server/cache/dependencies';
import { indianDateTime } from '../../lib/india-time';
import { closesAt, nextClosing } from './tender-closing.server';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import type { FeedItem } from '../../lib/feed-item';
import { englishFields, localizeRecords } from '../translation/localize.server';
import { noteNextVisibilityChange, visibilityWhere } from '../../server/lifecycle/visibility';

/** A tender as the lists show it. */
export interface TenderSummary {
  id: number;
  tenderNo: string;
  title: string;
  description: string;
  publishDate: string;
  lastDate: string;
  lastTime: string;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

export interface TenderPage {
  tenders: TenderSummary[];
  total: number;
}

/** The list rows in the page's language: title and description translated where a translation exists. */
async function toSummaries(rows: Tender[], lang: Lang, database: Db): Promise<TenderSummary[]> {
  const localized = await localizeRecords(tenderType, rows.map((row) => ({ id: row.id, values: { tender_title: row.tender_title, tender_discreption: row.tender_discreption } })), lang, database);
  return rows.map((row, i) => ({
    ...toSummary(row),
    title: storedText(localized[i].values.tender_title),
    description: storedText(localized[i].values.tender_discreption),
    english: englishFields(localized[i]),
  }));
}

function toSummary(row: Tender): TenderSummary {
  return {
    english: [],
    id: row.id,
    tenderNo: row.tender_no,
    title: row.tender_title,
    description: row.tender_discreption,
    publishDate: row.publish_date,
    lastDate: row.last_date_of_submission,
    lastTime: row.last_date_of_submission_time,
  };
}

export interface TenderPaging {
  limit: number;
  offset: number;
  /** The moment to compare closing times with (tests pin it); the server's clock by default. */
  now?: number;
  lang?: Lang;
}

async function listTenders(open: boolean, paging: TenderPaging, database: Db): Promise<TenderPage> {
  const at = paging.now ?? now();
  // Open tenders must also be live (published, in their window, valid); closed ones need only be published.
  const base = database
    .selectFrom('tender')
    .where(closesAt, open ? '>' : '<=', indianDateTime(at))
    .where(visibilityWhere(tenderType.path, 'tender.id', open ? 'live' : 'published', at));
  const [tenders, counted, closing] = await Promise.all([
    base
      .selectAll()
      // Open tenders: the one closing soonest first. Closed ones: the most recently closed first.
      .orderBy(closesAt, open ? 'asc' : 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    nextClosing(database, at),
    noteNextVisibilityChange(tenderType.path, at, database),
  ]);
  // Both lists change when the next tender closes, whichever page of them this is.
  validUntil(closing);
  return { tenders: await toSummaries(tenders, paging.lang ?? 'en', database), total: Number(counted.n) };
}

/** Tenders still taking bids ('Active Tenders'). */
export function listActiveTenders(paging: TenderPaging, database: Db = db()): Promise<TenderPage> {
  return listTenders(true, paging, database);
}

/** Tenders whose closing time has passed ('Past Tenders'). */
export function listPastTenders(paging: TenderPaging, database: Db = db()): Promise<TenderPage> {
  return listTenders(false, paging, database);
}

/** One tender in full, as its details page shows it. */
export interface TenderDetails extends TenderSummary {
  status: string;
  /** The attached documents, each under its title (or 'Document n'). */
  documents: { title: string; file: MediaInfo }[];
}

export async function findTenderDetails(id: number, lang: Lang = 'en', database: Db = db()): Promise<TenderDetails | null> {
  // A published tender keeps its page after closing and in the archive; a draft or a withdrawn one has none.
  const at = now();
  const shown = await database
    .selectFrom('tender')
    .select('id')
    .where('id', '=', id)
    .where((eb) => eb.or([visibilityWhere(tenderType.path, 'tender.id', 'published', at), visibilityWhere(tenderType.path, 'tender.id', 'archive', at)]))
    .executeTakeFirst();
  await noteNextVisibilityChange(tenderType.path, at, database);
  if (!shown) return null;
  const found = await findRecord(tenderType, id, false, database);
  if (!found) return null;
  const [record] = await localizeRecords(tenderType, [found], lang, database);
  const { values } = record;
  return {
    id: record.id,
    ...storedTexts(values, {
      tenderNo: 'tender_no', title: 'tender_title', description: 'tender_discreption', publishDate: 'publish_date',
      lastDate: 'last_date_of_submission', lastTime: 'last_date_of_submission_time', status: 'status',
    }),
    english: englishFields(record),
    documents: TENDER_SLOTS.flatMap((slot) => {
      const file = record.media[`tender_document${slotSuffix(slot)}`];
      return file ? [{ title: storedText(values[`tender_title${slotSuffix(slot)}`]) || `Document ${slot}`, file }] : [];
    }),
  };
}

/** The tenders' feed: the open tenders, each with its closing in the feed's language. */
export async function openTenderFeedItems(lang: Lang, limit: number): Promise<FeedItem[]> {
  const { tenders } = await listActiveTenders({ limit, offset: 0, lang });
  return tenders.map((tender) => ({
    title: `${tender.tenderNo}: ${tender.title}`,
    description: `${tender.description} ${messages(lang).feeds.lastDateOfSubmission} ${tender.lastDate} ${tender.lastTime} (IST).`,
    path: `/tender-details?id=${tender.id}`,
    date: tender.publishDate || null,
    guid: `tender-${tender.id}`,
  }));
}
