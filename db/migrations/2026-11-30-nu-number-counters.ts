import type { Kysely } from 'kysely';
import { financialYear } from '../../src/lib/india-time';

/**
 * Every number the council issues is taken from one counter per series and financial year
 * (src/server/numbering.ts). The counters start where the numbers already issued stop, so that the next one
 * continues its series: receipts from their own yearly counter (dropped here), each service's cases and the
 * trade licences from the highest serial their numbers carry in each year. A case's series is named after its
 * service, and the licences' series is 'licence', as their declarations name them. Until now a case's or a
 * licence's serial was its row's id, shared by every service and year; those numbers stay as they were.
 */
const DAY_NUMBER = /^[A-Z][A-Z0-9]{1,9}-[A-Z]{2,5}-(\d{4}-\d{2}-\d{2})-(\d{6,})$/;
const YEAR_NUMBER = /^[A-Z][A-Z0-9]{1,9}-[A-Z]{2,5}-(\d{4}-\d{2})-(\d{6,})$/;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('number_counter')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_counter_pk', ['series', 'year'])
    .execute();

  const last = new Map<string, { series: string; year: string; last: number }>();
  const seen = (series: string, year: string, serial: number) => {
    const key = `${series}\n${year}`;
    const known = last.get(key);
    if (!known) last.set(key, { series, year, last: serial });
    else known.last = Math.max(known.last, serial);
  };
  for (const row of await db.selectFrom('payment_receipt_series').select(['fy', 'last']).execute()) seen('receipt', row.fy, Number(row.last));
  for (const row of await db.selectFrom('payment_receipt').select('fy').select((eb) => eb.fn.max('seq').as('seq')).groupBy('fy').execute()) seen('receipt', row.fy, Number(row.seq));
  for (const row of await db.selectFrom('service_case').select(['service', 'number']).execute()) {
    const match = DAY_NUMBER.exec(row.number);
    if (match) seen(row.service, financialYear(match[1]), Number(match[2]));
  }
  for (const row of await db.selectFrom('trade_licence').select('number').execute()) {
    const match = YEAR_NUMBER.exec(row.number);
    if (match) seen('licence', match[1], Number(match[2]));
  }
  const rows = [...last.values()];
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('number_counter').values(rows.slice(i, i + 200)).execute();
  await db.schema.dropTable('payment_receipt_series').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('payment_receipt_series').addColumn('fy', 'text', (c) => c.primaryKey()).addColumn('last', 'integer', (c) => c.notNull()).execute();
  const receipts = await db.selectFrom('number_counter').select(['year', 'last']).where('series', '=', 'receipt').execute();
  if (receipts.length > 0) await db.insertInto('payment_receipt_series').values(receipts.map((r) => ({ fy: r.year, last: r.last }))).execute();
  await db.schema.dropTable('number_counter').execute();
}
