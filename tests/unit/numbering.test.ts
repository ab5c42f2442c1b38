import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import { migrateToLatest, type Db } from '../../src/server/db';
import { takeNumber, takeNumbers } from '../../src/server/numbering';
import { councilShortName, writeCouncilIdentity } from '../../src/server/council/identity';
import { checkedSeries, isNumberOf, parseDayNumber, type NumberSeries } from '../../src/lib/number-series';
import { GRIEVANCE } from '../../src/features/grievance/grievance.service';
import { TRADE_LICENCE } from '../../src/features/trade-licence/trade-licence.service';
import { RECEIPT_SERIES } from '../../src/features/payments/receipt-series';
import { LICENCE_SERIES } from '../../src/features/trade-licence/licence.server';
import { MODULES } from '../../src/modules';
import { STALL_PERMIT } from '../../src/features/stall-permit/stall-permit.service';
import { openTestDatabase } from '../support/database';

/**
 * One numbering mechanism for every series, on the engine the run names: the counters continue the numbers
 * issued before it; a burst of transactions on two connections (as two server processes) gets distinct
 * consecutive serials, and one that rolls back gives its serial back; each financial year counts afresh.
 */
const MIGRATION = '2026-11-30-nu-number-counters';
const BURST: NumberSeries = { name: 'burst', code: 'BST', shows: 'day' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'numbering-'));
let database: Db;
let second: Db | undefined;

afterAll(async () => {
  await second?.destroy();
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const serialOf = (number: string) => Number(number.slice(number.lastIndexOf('-') + 1));

/** A case row carrying a number, as a lodging writes it. */
const caseRow = (service: string, number: string) => {
  const at = '2026-11-28T06:00:00.000Z';
  return { service, number, state: 'Open', lodged_at: at, state_since: at, updated_at: at, lang: 'en' as const, source: 'web', data: '{}' };
};

describe('the number counters', () => {
  it('start where the numbers issued before them stop, per series and financial year', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1])).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    await old.insertInto('payment_receipt_series').values([{ fy: '2025-26', last: 40 }, { fy: '2026-27', last: 17 }]).execute();
    // Until now every case took its row's id as its serial, whatever its service.
    const lodged = async (service: string, number: string) => Number((await old.insertInto('service_case').values(caseRow(service, number)).returning('id').executeTakeFirstOrThrow()).id);
    await lodged('grievance', 'NPK-PGR-2026-11-01-000005');
    const application = await lodged('trade-licence', 'NPK-TL-2026-11-02-000006');
    await lodged('grievance', 'NPK-PGR-2026-11-03-000007');
    await lodged('grievance', 'NPK-PGR-2026-03-30-000003');
    await lodged('grievance', 'NPK-PGR-T-1');
    const issuedAt = '2026-11-20T06:00:00.000Z';
    await old.insertInto('trade_licence').values({
      number: 'NPK-TLN-2026-27-000002', case_id: application, trade_name: 'Shop', trade_type: 'grocery', ward: '1', address: 'Lane 1',
      valid_from: '2026-11-20', valid_until: '2027-03-31', receipt_id: 1, issued_at: issuedAt, cancelled_at: null,
    }).execute();

    await migrateToLatest(database);
    await writeCouncilIdentity(database, { name: { en: 'Nagar Parishad Test', hi: 'नगर परिषद परीक्षण' }, shortName: 'NPT' });
    const counters = await database.selectFrom('number_counter').selectAll().orderBy('series').orderBy('year').execute();
    expect(counters.map((c) => ({ ...c, last: Number(c.last) }))).toEqual([
      { series: 'grievance', year: '2025-26', last: 3 },
      { series: 'grievance', year: '2026-27', last: 7 },
      { series: 'licence', year: '2026-27', last: 2 },
      { series: 'receipt', year: '2025-26', last: 40 },
      { series: 'receipt', year: '2026-27', last: 17 },
      { series: 'trade-licence', year: '2026-27', last: 6 },
    ]);
    const prefix = await councilShortName(database);
    expect(prefix).toBe('NPT');
    await database.transaction().execute(async (trx) => {
      expect(await takeNumber(trx, GRIEVANCE.series, '2026-11-28')).toEqual({ number: `${prefix}-PGR-2026-11-28-000008`, serial: 8, year: '2026-27' });
      expect((await takeNumber(trx, GRIEVANCE.series, '2026-03-31')).number).toBe(`${prefix}-PGR-2026-03-31-000004`);
      expect((await takeNumber(trx, TRADE_LICENCE.series, '2026-11-28')).number).toBe(`${prefix}-TL-2026-11-28-000007`);
      expect((await takeNumber(trx, RECEIPT_SERIES, '2026-11-28')).number).toBe(`${prefix}-RCT-2026-27-000018`);
      // A licence counts in the financial year applied for, which its number shows.
      expect((await takeNumber(trx, LICENCE_SERIES, '2027-03-20', '2027-28')).number).toBe(`${prefix}-TLN-2027-28-000001`);
      expect((await takeNumber(trx, LICENCE_SERIES, '2026-11-28')).number).toBe(`${prefix}-TLN-2026-27-000003`);
    });
  });

  it('give a burst on two connections distinct consecutive serials, and a rolled-back transaction its serial back', async () => {
    second = await openTestDatabase(dataDir);
    const handles = [database, second];
    const committed = 200;
    const outcomes = await Promise.allSettled(
      Array.from({ length: committed + 20 }, (_, i) =>
        handles[i % 2].transaction().execute(async (trx) => {
          const { number } = await takeNumber(trx, BURST, '2026-11-28');
          await trx.insertInto('service_case').values(caseRow('burst', number)).execute();
          // Every eleventh fails after it took its number and wrote its row.
          if (i % 11 === 10) throw new Error('rolled back');
          return number;
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(Array(20).fill('rolled back'));
    const numbers = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(new Set(numbers).size).toBe(committed);
    expect(numbers.map(serialOf).sort((a, b) => a - b)).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
    const stored = await database.selectFrom('service_case').select('number').where('service', '=', 'burst').execute();
    expect(stored.map((r) => r.number).sort()).toEqual([...numbers].sort());
    // The next one follows on, with no gap where the rolled-back ones were.
    expect((await takeNumber(database, BURST, '2026-11-28')).serial).toBe(committed + 1);
  });

  it('count each financial year from one, and give a block of numbers in order', async () => {
    const series: NumberSeries = { name: 'yearly', code: 'YRL', shows: 'day' };
    expect((await takeNumbers(database, series, '2027-03-31', 2)).map((n) => n.serial)).toEqual([1, 2]);
    const april = await takeNumbers(database, series, '2027-04-01', 3);
    expect(april.map((n) => [n.serial, n.year])).toEqual([[1, '2027-28'], [2, '2027-28'], [3, '2027-28']]);
    expect(april[2].number).toBe('NPT-YRL-2027-04-01-000003');
    await expect(takeNumbers(database, series, '2027-04-01', 0)).rejects.toThrow(/one or more/);
    // A number that lasts (a water connection's) shows no period and counts on across the years.
    const lasting: NumberSeries = { name: 'lasting', code: 'LST', shows: 'nothing' };
    expect((await takeNumber(database, lasting, '2027-03-31')).number).toBe('NPT-LST-000001');
    expect(await takeNumber(database, lasting, '2027-04-01')).toEqual({ number: 'NPT-LST-000002', serial: 2, year: '' });
    expect(isNumberOf(lasting, 'NPK-LST-000002')).toBe(true);
    expect(isNumberOf(lasting, 'NPK-LST-2027-04-01-000002')).toBe(false);
  });
});

describe('reading numbers', () => {
  it('knows a series by its code under any council prefix, old numbers and new alike', () => {
    for (const number of ['NPK-PGR-2026-11-23-000042', 'ABC2-PGR-2027-04-01-1000042']) expect(isNumberOf(GRIEVANCE.series, number)).toBe(true);
    expect(isNumberOf(GRIEVANCE.series, 'NPK-TL-2026-11-23-000042')).toBe(false);
    expect(isNumberOf(LICENCE_SERIES, 'XY-TLN-2026-27-000001')).toBe(true);
    expect(isNumberOf(LICENCE_SERIES, 'XY-TLN-2026-11-23-000001')).toBe(false);
    expect(parseDayNumber(' npk-stl-2026-11-23-000042 ')).toBe('NPK-STL-2026-11-23-000042');
    expect(parseDayNumber('NPK-RCT-2026-27-000042')).toBeNull();
  });

  it('refuses two series with one name or one code, and a code that is not two to five capitals', () => {
    expect(() => checkedSeries([BURST, { ...BURST, code: 'BSU' }])).toThrow('Two number series share the name burst.');
    expect(() => checkedSeries([BURST, { ...BURST, name: 'other' }])).toThrow('Two number series share the code BST.');
    expect(() => checkedSeries([{ ...BURST, code: 'b1' }])).toThrow(/two to five capital letters/);
  });

  it('no source file writes a number with a prefix of its own: every prefix is the council\'s short name, read by the numbering alone', () => {
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? files(full) : /\.(ts|astro|mjs|js)$/.test(e.name) ? [full] : [];
    });
    // A literal that begins a number: a prefix of capitals before the code of a declared series.
    const codes = [...MODULES.flatMap((m) => [...(m.series ?? []), ...(m.services ?? []).map((service) => service.series)]), STALL_PERMIT.series].map((series) => series.code);
    expect(codes).toEqual(expect.arrayContaining(['PGR', 'TL', 'TLN', 'RCT', 'STL', 'WA', 'WC', 'WO', 'WM']));
    const literalPrefix = new RegExp(`['"\`][A-Z][A-Z0-9]{1,9}-(${codes.join('|')})\\b`);
    const offending = files('src').filter((file) => literalPrefix.test(fs.readFileSync(file, 'utf8')));
    expect(offending).toEqual([]);
    const callers = files('src').filter((file) => /\bcouncilShortName\(/.test(fs.readFileSync(file, 'utf8')));
    expect(callers.sort()).toEqual([path.join('src', 'server', 'council', 'identity.ts'), path.join('src', 'server', 'numbering.ts')]);
  });
});
