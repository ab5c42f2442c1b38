import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { financialYearOf } from '../../src/features/property-tax/tax-arithmetic';
import { indianDate } from '../../src/lib/india-time';
import { ADMIN, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * A year's demands at /property-register: only this year or the next can be raised, nothing is written before
 * the admin confirms what would be raised, next year's lines are not owed before 1 April, and a year raised by
 * mistake can be withdrawn where nothing was paid on it. The CSV import writes one ward one way and refuses a
 * ward the council does not have. On a server of its own: it changes what properties owe.
 */
let server: TestServer;
let database: Db;
let admin: Record<string, string>;
const url = (p: string) => `${server.url}${p}`;
const thisYear = financialYearOf(indianDate(Date.now()));
const nextYear = `${Number(thisYear.slice(0, 4)) + 1}-${String((Number(thisYear.slice(0, 4)) + 2) % 100).padStart(2, '0')}`;

const post = async (fields: Record<string, string>) => {
  const res = await fetch(url('/property-register'), { method: 'POST', headers: admin, body: new URLSearchParams(fields) });
  return { status: res.status, html: await res.text() };
};
const linesOf = async (fy: string) => Number((await database.selectFrom('property_tax_demand').select((eb) => eb.fn.countAll<number>().as('n')).where('fy', '=', fy).executeTakeFirstOrThrow()).n);
const owed = async (number: string) => {
  const p = await database.selectFrom('property').select('mobile').where('number', '=', number).executeTakeFirstOrThrow();
  return ((await (await fetch(url(`/api/Public/property-tax/${number}?mobile=${p.mobile}`))).json()) as { totalDuePaise: number }).totalDuePaise;
};

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe("a year's demands", () => {
  it('refuses a year other than this one or the next, and writes nothing', async () => {
    const before = await linesOf('2030-31');
    for (const fy of ['2030-31', '2020-21', '2026-28', '', 'next']) {
      const res = await post({ action: 'raise-confirm', fy });
      expect(res.status, fy).toBe(400);
      expect(res.html).toContain(`Demands can be raised for ${thisYear} or ${nextYear} only`);
    }
    expect((await post({ action: 'raise', fy: '2030-31' })).status).toBe(400);
    expect(await linesOf('2030-31')).toBe(before);
  });

  it("shows what next year would raise and writes it only when confirmed; next year's lines are not owed today", async () => {
    const fullyPaid = await database.selectFrom('property').select('number').where('number', '=', 'W05-0001').executeTakeFirstOrThrow();
    const owedBefore = await owed(fullyPaid.number);
    const properties = Number((await database.selectFrom('property').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await linesOf(nextYear)).toBe(0);

    const preview = await post({ action: 'raise', fy: nextYear });
    expect(preview.status).toBe(200);
    const asked = /Raise (\d+) demand lines for (\d+) properties, ₹([\d,.]+) in all, for (\S+)\?/.exec(preview.html);
    expect(asked).not.toBeNull();
    expect(Number(asked![2])).toBe(properties);
    expect(asked![4]).toBe(nextYear);
    expect(await linesOf(nextYear)).toBe(0);

    const done = await post({ action: 'raise-confirm', fy: nextYear });
    expect(done.status).toBe(200);
    expect(done.html).toContain(`${asked![1]} demand lines raised for ${nextYear}.`);
    expect(await linesOf(nextYear)).toBe(Number(asked![1]));
    // Owed from 1 April of that year, not today: nobody's bill or defaulter status changes now.
    expect(await owed(fullyPaid.number)).toBe(owedBefore);
    const audit = await database.selectFrom('audit_log').selectAll().where('entity', '=', 'property-tax-demand').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ fy: nextYear, raised: Number(asked![1]) });

    expect((await post({ action: 'raise', fy: nextYear })).html).toContain(`Every demand for ${nextYear} is raised already`);
  });

  it('withdraws a year raised by mistake once confirmed, and keeps the lines something was paid on', async () => {
    const lines = await linesOf(nextYear);
    expect(lines).toBeGreaterThan(0);
    const preview = await post({ action: 'withdraw', fy: nextYear });
    expect(preview.html).toContain(`Withdraw ${lines} demand lines`);
    expect(await linesOf(nextYear)).toBe(lines);
    expect((await post({ action: 'withdraw-confirm', fy: nextYear })).html).toContain(`${lines} demand lines of ${nextYear} withdrawn.`);
    expect(await linesOf(nextYear)).toBe(0);

    // This year: the properties with a receipt keep their lines, so a paid receipt never loses what it paid.
    const paid = await database.selectFrom('property_tax_payment').select('property_id').distinct().where('fy', '=', thisYear).execute();
    expect(paid.length).toBeGreaterThan(0);
    const kept = await post({ action: 'withdraw', fy: thisYear });
    expect(kept.html).toMatch(new RegExp(`(\\d+) properties keep their lines of ${thisYear}`));
    await post({ action: 'withdraw-confirm', fy: thisYear });
    const left = await database.selectFrom('property_tax_demand').select('property_id').distinct().where('fy', '=', thisYear).execute();
    expect(left.map((l) => l.property_id).sort()).toEqual(expect.arrayContaining(paid.map((p) => p.property_id)));
    // Raised again at today's rates, as before.
    await post({ action: 'raise-confirm', fy: thisYear });
  });
});

describe("the register's wards", () => {
  const header = 'number,ward,holder_name,mobile,address,usage,area_sqft,floors';
  const importCsv = async (csv: string) => {
    const form = new FormData();
    form.set('action', 'import');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'register.csv');
    const res = await fetch(url('/property-register'), { method: 'POST', headers: admin, body: form });
    return { status: res.status, html: await res.text() };
  };

  it('writes ward 5 as 05 and refuses a ward the council does not have', async () => {
    const refused = await importCsv([header, 'W05-0901,5,Asha Devi,9812345670,Main Road,residential,900,2', 'W99-0001,99,Ravi Kumar,9812345671,Main Road,residential,900,1'].join('\n'));
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/Line 3: ward: 99 is not a ward of the council \(01 to 25\)/);
    expect(refused.html).not.toMatch(/Line 2:/);

    const taken = await importCsv([header, 'W05-0901,5,Asha Devi,9812345670,Main Road,residential,900,2', 'W05-0902,005,Kamla Devi,9812345672,Main Road,residential,700,1'].join('\n'));
    expect(taken.status).toBe(200);
    const wards = await database.selectFrom('property').select('ward').where('number', 'in', ['W05-0901', 'W05-0902']).execute();
    expect(wards.map((w) => w.ward)).toEqual(['05', '05']);
  });

  it("finds a ward's report by either spelling", async () => {
    const padded = await (await fetch(url('/tax-defaulters?ward=05'), { headers: admin })).text();
    const bare = await (await fetch(url('/tax-defaulters?ward=5'), { headers: admin })).text();
    expect(padded).toContain('W05-0002');
    expect(bare.replace(/ward=0?5/g, '')).toBe(padded.replace(/ward=0?5/g, ''));
  });
});
