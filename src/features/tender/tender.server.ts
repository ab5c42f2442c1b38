import { db, type Db } from '../../server/db';
import type { Tender } from '../../server/db-schema';
import { now } from '../../server/clock';
import { validUntil } from '../../server/cache/dependencies';
import { nowInIndia } from '../../lib/format';
import { closesAt, nextClosing } from './tender-closing.server';

export interface TenderPage {
  tenders: Tender[];
  total: number;
}

export interface TenderPaging {
  limit: number;
  offset: number;
  /** The moment to compare closing times with (tests pin it); the server's clock by default. */
  now?: number;
}

async function listTenders(open: boolean, paging: TenderPaging, database: Db): Promise<TenderPage> {
  const at = paging.now ?? now();
  const base = database.selectFrom('tender').where(closesAt, open ? '>' : '<=', nowInIndia(at));
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
  ]);
  // Both lists change when the next tender closes, whichever page of them this is.
  validUntil(closing);
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
