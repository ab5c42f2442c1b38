import { sql } from 'kysely';
import { db, type Db } from '../../server/db';
import type { Tender } from '../../server/db-schema';
import { nowInIndia } from '../../lib/format';

/**
 * A tender closes at its last date of submission and time, in Indian time; without a time it stays open
 * to the end of that day. Both sides of the comparison are 'YYYY-MM-DDTHH:mm:ss' text in Indian time, so
 * plain text order is time order. '24:00:00' sorts after every real time of the same day.
 */
const closesAt = sql<string>`last_date_of_submission || 'T' || (CASE WHEN coalesce(last_date_of_submission_time, '') = '' THEN '24:00:00' ELSE last_date_of_submission_time || ':00' END)`;

export interface TenderPage {
  tenders: Tender[];
  total: number;
}

export interface TenderPaging {
  limit: number;
  offset: number;
  /** The moment to compare closing times with (tests pin it). */
  now?: number;
}

async function listTenders(open: boolean, paging: TenderPaging, database: Db): Promise<TenderPage> {
  const now = nowInIndia(paging.now);
  const base = database.selectFrom('tender').where(closesAt, open ? '>' : '<=', now);
  const [tenders, counted] = await Promise.all([
    base
      .selectAll()
      // Open tenders: the one closing soonest first. Closed ones: the most recently closed first.
      .orderBy(closesAt, open ? 'asc' : 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { tenders, total: Number(counted.n) };
}

/** Tenders still taking bids ('Active Tenders'). */
export function listActiveTenders(paging: TenderPaging, database: Db = db()): Promise<TenderPage> {
  return listTenders(true, paging, database);
}

/** Tenders whose closing time has passed ('Un-Active Tenders'). */
export function listPastTenders(paging: TenderPaging, database: Db = db()): Promise<TenderPage> {
  return listTenders(false, paging, database);
}
