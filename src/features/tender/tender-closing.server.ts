import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { indianDateTime, indianMoment } from '../../lib/india-time';
import { validUntil } from '../../server/cache/dependencies';
import type { SearchListingOf } from '../../server/content/search-view';

/**
 * The one rule for whether a tender takes bids: it closes at its last date of submission and time, in
 * Indian time; without a time it stays open to the end of that day. Lists, search and the page cache's
 * expiry all ask this module, so they cannot disagree.
 *
 * The closing time is 'YYYY-MM-DDTHH:mm:ss' text in Indian time, as is now in India, so plain text order is
 * time order, in SQL and here alike. '24:00:00' sorts after every real time of the same day.
 */
export const closesAt = sql<string>`last_date_of_submission || 'T' || (CASE WHEN coalesce(last_date_of_submission_time, '') = '' THEN '24:00:00' ELSE last_date_of_submission_time || ':00' END)`;

/** True while a tender closing at `closing` (text from `closesAt`) still takes bids at the moment `at`. */
export function isOpenAt(closing: string, at: number): boolean {
  return closing > indianDateTime(at);
}

/** The moment (ms since the epoch) a closing text names. */
export function closingMoment(closing: string): number {
  return indianMoment(closing);
}

/**
 * When the next tender closes after `at` (ms since the epoch), or Infinity if none is open: until then,
 * every list of open or closed tenders stays true.
 */
export async function nextClosing(database: Db, at: number): Promise<number> {
  const row = await database
    .selectFrom('tender')
    .select((eb) => eb.fn.min(closesAt).as('closing'))
    .where(closesAt, '>', indianDateTime(at))
    .executeTakeFirst();
  return row?.closing ? closingMoment(row.closing) : Number.POSITIVE_INFINITY;
}

/**
 * The list a found tender appears in: the open tenders until it closes, the closed ones after. The search's
 * answer stops being true when an open one closes, so the page cache is told then.
 */
export const tenderListing: SearchListingOf = async (database, ids, at) => {
  const rows = await database.selectFrom('tender').select(['id', closesAt.as('closing')]).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => {
    const open = !!row.closing && isOpenAt(row.closing, at);
    if (open) validUntil(closingMoment(row.closing));
    return [row.id, open ? { list: 'active-tender', href: '/currenttender' } : { list: 'past-tender', href: '/pasttender' }];
  }));
};
