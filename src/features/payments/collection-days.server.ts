import { sql } from 'kysely';
import { db, type Db } from '../../server/db';
import { addDays, indianDayEnd, indianDayStart } from '../../lib/india-time';

export interface DayCollection {
  /** The Indian calendar day, YYYY-MM-DD, as the collection register is asked for it. */
  date: string;
  receipts: number;
  paise: number;
}

/**
 * A day's collection beside the day before's, as the collection register totals them (valid receipts, every
 * cashier and mode, online ones too): one query over both days, summed apart.
 */
export async function collectionBesideDayBefore(today: string, database: Db = db()): Promise<{ today: DayCollection; yesterday: DayCollection }> {
  const yesterday = addDays(today, -1);
  const todayFrom = new Date(indianDayStart(today)).toISOString();
  const isToday = sql<boolean>`paid_at >= ${todayFrom}`;
  const row = await database
    .selectFrom('payment_receipt')
    .select([
      sql<number>`sum(case when ${isToday} then 1 else 0 end)`.as('today_n'),
      sql<number>`sum(case when ${isToday} then amount_paise else 0 end)`.as('today_paise'),
      sql<number>`sum(case when ${isToday} then 0 else 1 end)`.as('yesterday_n'),
      sql<number>`sum(case when ${isToday} then 0 else amount_paise end)`.as('yesterday_paise'),
    ])
    .where('state', '=', 'valid')
    .where('paid_at', '>=', new Date(indianDayStart(yesterday)).toISOString())
    .where('paid_at', '<', new Date(indianDayEnd(today)).toISOString())
    .executeTakeFirstOrThrow();
  // An empty range sums to null.
  const of = (date: string, receipts: unknown, paise: unknown): DayCollection => ({ date, receipts: Number(receipts ?? 0), paise: Number(paise ?? 0) });
  return { today: of(today, row.today_n, row.today_paise), yesterday: of(yesterday, row.yesterday_n, row.yesterday_paise) };
}
