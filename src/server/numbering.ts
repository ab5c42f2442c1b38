import { sql } from 'kysely';
import type { Db } from './db';
import { councilShortName } from './council/identity';
import { financialYear, indianDate } from '../lib/india-time';
import { formatNumber, SHORT_NAME_PATTERN, type NumberSeries } from '../lib/number-series';
import { now } from './clock';

/**
 * The one way a number is given (src/lib/number-series.ts says their shape). A series counts per financial
 * year in a row of number_counter, moved on by one upsert in the caller's transaction, the one that writes the
 * row carrying the number: the row's lock makes concurrent transactions take turns, on PostgreSQL as on SQLite
 * (whose writers take turns anyway), so each gets the next serial; a transaction that rolls back gives its
 * serial back with it, and the series has no gaps.
 */
export interface IssuedNumber {
  number: string;
  serial: number;
  /** The financial year the serial counts in ('2026-27'). */
  year: string;
}

/** The prefix of new numbers: the council's short name (of the database given), refused loudly when a number could not carry it. */
async function prefix(database?: Db): Promise<string> {
  const shortName = await councilShortName(database);
  if (!SHORT_NAME_PATTERN.test(shortName)) throw new Error(`The council's short name "${shortName}" cannot begin a number: one capital letter, then one to nine capitals or digits.`);
  return shortName;
}

/**
 * The next `count` numbers of a series, in order, for a day (India's date, 'YYYY-MM-DD'): counted in the
 * day's financial year unless the number names another (a licence numbered for the year applied for), or in
 * one count for good when the series shows no period ('' as its year).
 */
export async function takeNumbers(trx: Db, series: NumberSeries, day: string, count: number, yearGiven?: string): Promise<IssuedNumber[]> {
  const year = series.shows === 'nothing' ? '' : yearGiven ?? financialYear(day);
  if (!Number.isInteger(count) || count < 1) throw new Error(`Numbers are taken one or more at a time, not ${count}.`);
  // Read before the counter's row is taken, which the transaction then holds until it ends.
  const start = await prefix(trx);
  const row = await trx
    .insertInto('number_counter')
    .values({ series: series.name, year, last: count })
    .onConflict((oc) => oc.columns(['series', 'year']).doUpdateSet({ last: sql<number>`number_counter.last + ${count}` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  const first = Number(row.last) - count + 1;
  const period = series.shows === 'day' ? day : year;
  return Array.from({ length: count }, (_, i) => ({ number: formatNumber(start, series, period, first + i), serial: first + i, year }));
}

/** The next number of a series, in the caller's transaction. */
export async function takeNumber(trx: Db, series: NumberSeries, day: string, year?: string): Promise<IssuedNumber> {
  const [issued] = await takeNumbers(trx, series, day, 1, year);
  return issued;
}

/** What a number of the series looks like today, for a form's placeholder: the council's prefix and serial 42. */
export async function exampleNumber(series: NumberSeries): Promise<string> {
  const day = indianDate(now());
  return formatNumber(await prefix(), series, series.shows === 'day' ? day : financialYear(day), 42);
}
