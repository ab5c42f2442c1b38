import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, CASHIER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The counter and the register: a cashier takes cash and a cheque into the same receipt series as online
 * payments; a bounced cheque cancels its receipt (audited) and the amount is due again; the day's register
 * totals by cashier and mode, also as CSV; the CSV import of the property register refuses a file with any
 * bad row, naming each by its line, and imports nothing from it.
 */
let server: TestServer;
let database: Db;
let cashier: Record<string, string>;
let admin: Record<string, string>;
const url = (p: string) => `${server.url}${p}`;

const due = async (number: string) => {
  const p = await database.selectFrom('property').select('mobile').where('number', '=', number).executeTakeFirstOrThrow();
  return ((await (await fetch(url(`/api/Public/property-tax/${number}?mobile=${p.mobile}`))).json()) as { totalDuePaise: number }).totalDuePaise;
};

async function collect(number: string, fields: Record<string, string>, who = cashier) {
  const res = await fetch(url('/counter'), { method: 'POST', headers: who, body: new URLSearchParams({ action: 'collect', number, ...fields }), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '', html: res.status === 303 ? '' : await res.text() };
}

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  cashier = bearer(await login(CASHIER.email, CASHIER.password, server.url));
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('the counter', () => {
  it('a cashier takes cash for the whole amount: a receipt in the one series, and nothing is due', async () => {
    const series = await database.selectFrom('number_counter').selectAll().where('series', '=', 'receipt').execute();
    const owed = await due('W05-0001');
    expect(owed).toBeGreaterThan(0);
    const res = await collect('W05-0001', { mode: 'cash', instrument: '', amount: '' });
    expect(res.status).toBe(303);
    const number = decodeURIComponent(/done=([^&]+)/.exec(res.location)![1]);
    const receipt = await database.selectFrom('payment_receipt').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ mode: 'cash', amount_paise: owed, state: 'valid' });
    // The next number of its financial year's series, shared with online payments.
    expect(receipt.seq).toBe((series.find((s) => s.year === receipt.fy)?.last ?? 0) + 1);
    expect(await due('W05-0001')).toBe(0);
    const page = await (await fetch(url(res.location), { headers: cashier })).text();
    expect(page).toContain(number);
  });

  it('a cheque needs its number; when it bounces the receipt is cancelled, audited, and the amount is due again', async () => {
    const owed = await due('W05-0005');
    expect((await collect('W05-0005', { mode: 'cheque', instrument: '', amount: '' })).status).toBe(400);
    const res = await collect('W05-0005', { mode: 'cheque', instrument: '004512 State Bank of India', amount: '' });
    expect(res.status).toBe(303);
    const number = decodeURIComponent(/done=([^&]+)/.exec(res.location)![1]);
    expect(await due('W05-0005')).toBe(0);
    // The first press only asks: nothing is cancelled until the cashier confirms.
    const asked = await fetch(url('/counter'), { method: 'POST', headers: cashier, body: new URLSearchParams({ action: 'bounce', number: 'W05-0005', receipt: number, reason: 'insufficient funds' }), redirect: 'manual' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toMatch(new RegExp(`Cancel receipt ${number} of ₹[\\d,.]+ \\(004512 State Bank of India\\)\\?`));
    expect((await database.selectFrom('payment_receipt').select('state').where('number', '=', number).executeTakeFirstOrThrow()).state).toBe('valid');
    expect(await due('W05-0005')).toBe(0);
    const bounced = await fetch(url('/counter'), { method: 'POST', headers: cashier, body: new URLSearchParams({ action: 'bounce-confirm', number: 'W05-0005', receipt: number, reason: 'insufficient funds' }), redirect: 'manual' });
    expect(bounced.status).toBe(303);
    const receipt = await database.selectFrom('payment_receipt').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    expect(receipt.state).toBe('cancelled');
    expect(receipt.cancel_reason).toContain('insufficient funds');
    expect(await due('W05-0005')).toBe(owed);
    const verify = (await (await fetch(url(`/api/Public/receipts/${number}`))).json()) as { state: string };
    expect(verify.state).toBe('cancelled');
    const audit = await database.selectFrom('audit_log').selectAll().where('entity', '=', 'receipt').where('record_id', '=', receipt.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('a part payment below the minimum is refused; cash cannot bounce', async () => {
    const small = await collect('W05-0006', { mode: 'cash', instrument: '', amount: '1' });
    expect(small.status).toBe(400);
    // In rupees, as the cashier typed it, not in paise.
    expect(small.html).toMatch(/A part payment must be from ₹500\.00 to ₹[\d,]+\.\d\d\./);
    const res = await collect('W05-0006', { mode: 'upi', instrument: 'UPI-REF-9911', amount: '600' });
    expect(res.status).toBe(303);
    const number = decodeURIComponent(/done=([^&]+)/.exec(res.location)![1]);
    const cash = await collect('W05-0008', { mode: 'cash', instrument: '', amount: '' });
    const cashNumber = decodeURIComponent(/done=([^&]+)/.exec(cash.location)![1]);
    for (const action of ['bounce', 'bounce-confirm']) {
      const refused = await fetch(url('/counter'), { method: 'POST', headers: cashier, body: new URLSearchParams({ action, number: 'W05-0008', receipt: cashNumber, reason: 'wrong' }), redirect: 'manual' });
      expect(refused.status, action).toBe(400);
    }
    expect((await database.selectFrom('payment_receipt').select('amount_paise').where('number', '=', number).executeTakeFirstOrThrow()).amount_paise).toBe(60000);
  });

  it('the day\'s register totals by cashier and mode, and exports CSV', async () => {
    const html = await (await fetch(url('/collection-register'), { headers: cashier })).text();
    expect(html).toContain(CASHIER.email);
    const csv = await fetch(url('/collection-register?format=csv'), { headers: cashier });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('receipt,paid_at,kind,reference,mode,instrument,amount_rupees,state,cashier');
    // Only this file's properties: the demo also pays its trade licences at the counter today.
    const mine = lines.slice(1).filter((l) => l.endsWith(CASHIER.email) && l.split(',')[3].startsWith('W05-'));
    expect(mine.map((l) => l.split(',')[4]).sort()).toEqual(['cash', 'cash', 'cheque', 'upi']);
    expect(mine.find((l) => l.includes(',cheque,'))).toContain(',cancelled,');
    expect(mine.find((l) => l.includes(',upi,'))).toContain(',600.00,');
  });

  it('takes an approved trade licence fee by the application number, once in a burst, and issues the licence as online', async () => {
    const application = await database.selectFrom('service_case').select(['id', 'number', 'data']).where('service', '=', 'trade-licence').where('state', '=', 'PendingPayment').orderBy('id').executeTakeFirstOrThrow();
    const feePaise = (JSON.parse(application.data) as { feePaise: number }).feePaise;
    const page = await (await fetch(url(`/counter?number=${application.number}`), { headers: cashier })).text();
    expect(page).toContain(`data-application="${application.number}"`);
    // The same form sent many times at once: one receipt; every other answer says the fee is taken.
    const answers = await Promise.all(Array.from({ length: 20 }, () => collect(application.number.toLowerCase(), { mode: 'cash', instrument: '' })));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 303).map((a) => a.status)).toEqual(Array(19).fill(409));
    const receipts = await database.selectFrom('payment_receipt').selectAll().where('kind', '=', 'trade-licence').where('reference', '=', application.number).execute();
    expect(receipts).toMatchObject([{ mode: 'cash', amount_paise: feePaise, state: 'valid' }]);
    expect(receipts[0].number).toMatch(/^NPK-RCT-/);
    const after = await database.selectFrom('service_case').select('state').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(after.state).toBe('Issued');
    expect(await database.selectFrom('trade_licence').select('receipt_id').where('case_id', '=', application.id).executeTakeFirstOrThrow()).toEqual({ receipt_id: receipts[0].id });
    // The day's register links the receipt to its PDF, to print it again.
    const register = await (await fetch(url('/collection-register'), { headers: cashier })).text();
    expect(register).toContain(`href="/receipt/${receipts[0].token}.pdf"`);
    expect(register).toContain(`href="/receipt/${receipts[0].token}.pdf?lang=hi"`);
  });

  it('is closed to strangers and to the complaint desk', async () => {
    expect((await fetch(url('/counter'), { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(url('/counter'), { method: 'POST', body: new URLSearchParams({ action: 'collect', number: 'W05-0009', mode: 'cash' }), redirect: 'manual' })).status).toBe(302);
  });
});

describe('the CSV import of the register', () => {
  const header = 'number,ward,holder_name,mobile,address,usage,area_sqft,floors';
  const importCsv = async (csv: string) => {
    const form = new FormData();
    form.set('action', 'import');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'register.csv');
    const res = await fetch(url('/property-register'), { method: 'POST', headers: admin, body: form });
    return { status: res.status, html: await res.text() };
  };
  const count = async () => Number((await database.selectFrom('property').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('names every bad row by its line and imports nothing', async () => {
    const before = await count();
    const csv = [
      header,
      'W09-0001,09,Asha Devi,9812345670,"12, Station Road",residential,900,2',
      'W09-0002,09,Ravi,12345,Main Road,residential,900,1',
      'W09-0003,09,Kamla Devi,9812345671,Main Road,palace,900,1',
      'W09-0004,09,Mohan Lal,9812345672,Main Road,commercial,-5,1',
      'W09-0001,09,Asha Devi,9812345670,Main Road,residential,900,1',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    expect(res.html).toContain('Nothing was imported');
    expect(res.html).toMatch(/Line 3: mobile/);
    expect(res.html).toMatch(/Line 4: usage/);
    expect(res.html).toMatch(/Line 5: area_sqft/);
    expect(res.html).toMatch(/Line 6: number: W09-0001 is also on line 2/);
    expect(res.html).not.toMatch(/Line 2:/);
    expect(await count()).toBe(before);
  });

  it('refuses a file without the columns, and one that is not CSV', async () => {
    expect((await importCsv('number,ward\nW09-0009,09')).html).toContain('missing columns: holder_name');
    expect((await importCsv(`${header}\n"W09-0010,09`)).html).toContain('not a valid CSV file');
  });

  it('imports a clean file in one go, updating a property already on record', async () => {
    const before = await count();
    const res = await importCsv([header, 'W09-0001,09,Asha Devi,9812345670,"12, Station Road",residential,900,2', 'W05-0024,05,Farida Begum,9876510851,"24, Mohalla Rampur",commercial,1200,2'].join('\r\n'));
    expect(res.status).toBe(200);
    expect(res.html).toContain('Imported 2 rows: 1 added, 1 updated.');
    expect(await count()).toBe(before + 1);
    expect((await database.selectFrom('property').select('usage').where('number', '=', 'W05-0024').executeTakeFirstOrThrow()).usage).toBe('commercial');
  });

  it('is an admin\'s alone', async () => {
    const form = new FormData();
    form.set('action', 'import');
    form.set('csv', `${header}\nW09-0100,09,X Y,9812345679,Road,residential,100,1`);
    expect((await fetch(url('/property-register'), { method: 'POST', headers: cashier, body: form, redirect: 'manual' })).status).toBe(302);
  });
});
