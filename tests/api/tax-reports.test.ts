import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, CASHIER, USER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { receiptCheckCode } from '../../src/features/payments/receipt-check';

/**
 * The staff's property tax reports, notices and settings: defaulters by ward and collection against demand
 * agree with what each payer is billed and with the counter's receipts, as HTML in both languages and as CSV;
 * demand notices are PDFs, a page per owing property for a ward; the admin's settings are validated in the
 * page's language, audited, change what a citizen is billed, and never change a receipt.
 */
let server: TestServer;
let database: Db;
let cashier: Record<string, string>;
let admin: Record<string, string>;
let desk: Record<string, string>;
const url = (p: string) => `${server.url}${p}`;

interface Due { totalDuePaise: number; lines: { fy: string; principalPaise: number; rebatePaise: number; penaltyPaise: number }[]; receipts: { number: string; amountPaise: number }[] }
async function demand(number: string): Promise<Due> {
  const p = await database.selectFrom('property').select('mobile').where('number', '=', number).executeTakeFirstOrThrow();
  return (await (await fetch(url(`/api/Public/property-tax/${number}?mobile=${p.mobile}`))).json()) as Due;
}

/** A CSV without quoted commas (the demo's names and addresses are quoted; the columns read here come before them or are numbers). */
function csvRows(text: string): Record<string, string>[] {
  const [head, ...rows] = text.trim().split('\n');
  const names = head.split(',');
  return rows.map((row) => {
    const cells: string[] = [];
    for (const m of row.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)) {
      if (m.index === row.length && cells.length === names.length) break;
      cells.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    }
    return Object.fromEntries(names.map((n, i) => [n, cells[i]]));
  });
}
const paise = (rupees: string) => Math.round(Number(rupees) * 100);

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  cashier = bearer(await login(CASHIER.email, CASHIER.password, server.url));
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  desk = bearer(await login(USER.email, USER.password, server.url));
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('defaulters by ward', () => {
  it('lists every property that owes, with what each payer is billed today, largest first; the paid ones not at all', async () => {
    const res = await fetch(url('/tax-defaulters?ward=05&format=csv'), { headers: cashier });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const rows = csvRows(await res.text());
    expect(rows.length).toBeGreaterThan(3);
    const numbers = rows.map((r) => r.property);
    expect(numbers).toContain('W05-0001');
    expect(numbers).not.toContain('W05-0003');
    const owed = rows.map((r) => paise(r.owed_rupees));
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    for (const row of rows.slice(0, 6)) {
      const due = await demand(row.property);
      const withoutRebate = due.lines.reduce((s, l) => s + l.principalPaise + l.penaltyPaise, 0);
      expect(paise(row.owed_rupees)).toBe(withoutRebate);
      expect(paise(row.arrears_rupees) + paise(row.current_rupees) + paise(row.penalty_rupees)).toBe(paise(row.owed_rupees));
      const arrearsYears = [...new Set(due.lines.filter((l) => l.fy < (due as unknown as { currentYear: string }).currentYear).map((l) => l.fy))];
      expect(row.arrears_years).toBe(arrearsYears.join(' '));
    }
    expect(rows.find((r) => r.property === 'W05-0001')!.arrears_years).not.toBe('');
  });

  it('prints in English and Hindi for admins and cashiers, and is no page for the complaint desk', async () => {
    const en = await fetch(url('/tax-defaulters'), { headers: admin });
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('Defaulters by ward');
    expect(html).toContain('W05-0001');
    expect(html).toContain('/demand-notice?number=W05-0001');
    const hi = await (await fetch(url('/tax-defaulters?ward=05&lang=hi'), { headers: cashier })).text();
    expect(hi).toContain('<html lang="hi"');
    expect(hi).toContain('वार्डवार बकायेदार');
    expect(hi).toMatch(/\/demand-notice\?ward=05&(amp;|#38;)lang=hi/);
    const refused = await fetch(url('/tax-defaulters'), { headers: desk, redirect: 'manual' });
    expect([302, 403]).toContain(refused.status);
    expect((await fetch(url('/tax-collection'), { redirect: 'manual' })).status).not.toBe(200);
  });
});

describe('collection against demand by ward', () => {
  it('counts the day\'s counter receipt, and the year\'s outstanding is what the defaulters still owe', async () => {
    const before = csvRows(await (await fetch(url('/tax-collection?period=day&format=csv'), { headers: cashier })).text());
    const owed = (await demand('W05-0004')).totalDuePaise;
    expect(owed).toBeGreaterThan(0);
    const taken = await fetch(url('/counter'), { method: 'POST', headers: cashier, body: new URLSearchParams({ action: 'collect', number: 'W05-0004', mode: 'cash', instrument: '', amount: '' }), redirect: 'manual' });
    expect(taken.status).toBe(303);
    const day = csvRows(await (await fetch(url('/tax-collection?period=day&format=csv'), { headers: cashier })).text());
    const ward = (rows: Record<string, string>[]) => rows.find((r) => r.ward === '05') ?? { collected_rupees: '0' };
    expect(paise(ward(day).collected_rupees) - paise(ward(before).collected_rupees)).toBe(owed);
    const total = day.find((r) => r.ward === 'Total')!;
    expect(paise(total.collected_rupees)).toBe(day.filter((r) => r.ward !== 'Total').reduce((s, r) => s + paise(r.collected_rupees), 0));

    const year = csvRows(await (await fetch(url('/tax-collection?period=year&format=csv'), { headers: admin })).text());
    const w05 = year.find((r) => r.ward === '05')!;
    expect(paise(w05.collected_rupees)).toBe(paise(w05.tax_settled_rupees) - paise(w05.rebate_rupees) + paise(w05.penalty_rupees));
    expect(paise(w05.outstanding_rupees)).toBe(paise(w05.demand_rupees) - paise(w05.tax_settled_rupees));
    expect(paise(w05.collected_rupees)).toBeGreaterThanOrEqual(paise(ward(day).collected_rupees));
    const defaulters = csvRows(await (await fetch(url('/tax-defaulters?ward=05&format=csv'), { headers: admin })).text());
    expect(paise(w05.outstanding_rupees)).toBe(defaulters.reduce((s, r) => s + paise(r.arrears_rupees) + paise(r.current_rupees), 0));
    expect(Number(w05.settled_percent)).toBe(Math.floor((paise(w05.tax_settled_rupees) * 10_000) / paise(w05.demand_rupees)) / 100);

    const hi = await (await fetch(url('/tax-collection?period=year&lang=hi'), { headers: cashier })).text();
    expect(hi).toContain('वार्डवार माँग के विरुद्ध वसूली');
    const bad = await (await fetch(url('/tax-collection?date=2026-13-45'), { headers: cashier })).text();
    expect(bad).toContain('Enter a day as dd/mm/yyyy');
    // The day is typed day first, whatever the browser's locale; links keep the wire's YYYY-MM-DD.
    const typed = await (await fetch(url('/tax-collection?date=05%2F03%2F2026'), { headers: cashier })).text();
    expect(typed).not.toContain('Enter a day as');
    expect(typed).toContain('value="05/03/2026"');
    expect(typed).toContain('date=2026-03-05');
    const impossible = await (await fetch(url('/collection-register?date=31%2F02%2F2026'), { headers: cashier })).text();
    expect(impossible).toContain('Enter a real date as dd/mm/yyyy');
    expect(impossible).toContain('value="31/02/2026"');
    const register = await (await fetch(url('/collection-register?date=01%2F04%2F2026'), { headers: cashier })).text();
    expect(register).toContain('Collection register, 1 Apr 2026');
  });
});

describe('demand notices', () => {
  const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  it('one property\'s notice is a PDF of one page, in English and in Hindi', async () => {
    const en = await fetch(url('/demand-notice?number=W05-0001'), { headers: cashier });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/pdf');
    const enPdf = Buffer.from(await en.arrayBuffer());
    expect(enPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(enPdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pages(enPdf)).toBe(1);
    const hiPdf = Buffer.from(await (await fetch(url('/demand-notice?number=W05-0001&lang=hi'), { headers: cashier })).arrayBuffer());
    expect(pages(hiPdf)).toBe(1);
    // The Hindi notice embeds the Devanagari font; the English one draws no Devanagari but the rupee sign.
    expect(hiPdf.length).toBeGreaterThan(enPdf.length);
    expect((await fetch(url('/demand-notice?number=W99-9999'), { headers: cashier })).status).toBe(404);
    expect((await fetch(url('/demand-notice?number=W05-0001'), { redirect: 'manual' })).status).not.toBe(200);
  });

  it('a ward\'s notices are one PDF with a page for each property that owes', async () => {
    const owing = csvRows(await (await fetch(url('/tax-defaulters?ward=05&format=csv'), { headers: admin })).text()).length;
    const res = await fetch(url('/demand-notice?ward=05&lang=hi'), { headers: admin });
    expect(res.status).toBe(200);
    expect(pages(Buffer.from(await res.arrayBuffer()))).toBe(owing);
  });

  it('asked for nothing, /demand-notice offers the wards on the register to choose from, named where they have a name', async () => {
    await database.insertInto('hindi_name').values({ kind: 'ward', english_key: '5', name_hi: 'गांधी नगर' }).execute();
    try {
      const res = await fetch(url('/demand-notice'), { headers: cashier });
      expect(res.status).toBe(200);
      const html = await res.text();
      const wards = await database.selectFrom('property').select('ward').distinct().execute();
      const options = /<select id="notice-ward" name="ward"[\s\S]*?<\/select>/.exec(html)![0];
      // Every ward with a property, by its code, the name given to it and its count; each opens its notices.
      for (const { ward } of wards) expect(options).toContain(`<option value="${ward}"`);
      const inWard05 = (await database.selectFrom('property').select((eb) => eb.fn.countAll<number>().as('n')).where('ward', '=', '05').executeTakeFirstOrThrow()).n;
      expect(options).toContain(`Ward 05 (गांधी नगर): ${Number(inWard05)} properties`);
      expect(html).toMatch(/<form method="get" action="\/demand-notice"/);
      // In Hindi when asked, as the notices are.
      expect(await (await fetch(url('/demand-notice?lang=hi'), { headers: cashier })).text()).toContain('माँग पत्र खोलें (PDF)');
      // The register's demand section offers the same chooser.
      expect(await (await fetch(url('/property-register'), { headers: admin })).text()).toContain(`Ward 05 (गांधी नगर): ${Number(inWard05)} properties`);
    } finally {
      await database.deleteFrom('hindi_name').where('kind', '=', 'ward').where('english_key', '=', '5').execute();
    }
  });

  it('a ward or number the register does not have is said so on the chooser, with what was asked kept', async () => {
    const ward = await fetch(url('/demand-notice?ward=99&lang=hi'), { headers: admin });
    expect(ward.status).toBe(404);
    const wardHtml = await ward.text();
    expect(wardHtml).toContain('सूची में से कोई वार्ड चुनें');
    expect(wardHtml).toContain('<html lang="hi"');
    const bad = await fetch(url('/demand-notice?ward=%3Cx%3E'), { headers: admin });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose one of the wards listed');
    const number = await fetch(url('/demand-notice?number=W99-9999'), { headers: cashier });
    expect(number.status).toBe(404);
    const numberHtml = await number.text();
    expect(numberHtml).toContain('No property has this number.');
    expect(numberHtml).toMatch(/name="number" value="W99-9999"/);
  });
});

describe('the property tax settings', () => {
  const post = (fields: Record<string, string>, lang = '') =>
    fetch(url(`/property-tax-settings${lang}`), { method: 'POST', headers: admin, body: new URLSearchParams(fields), redirect: 'manual' });

  it('refuses bad values in the page\'s language, keeps what was typed, and saves nothing', async () => {
    const before = await database.selectFrom('property_tax_setting').selectAll().executeTakeFirstOrThrow();
    const res = await post({ rebatePercent: '5.555', rebateUntil: '31-02', penaltyPercent: '1.5', penaltyAfter: '30-09', partialAllowed: 'on', partialMin: 'lots' }, '?lang=hi');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('प्रतिशत लिखें');
    expect(html).toContain('दिन और माह लिखें');
    expect(html).toContain('कम से कम 1 रुपये');
    expect(html).toContain('value="5.555"');
    expect(html).toContain('value="31-02"');
    expect(html).toContain('value="lots"');
    const order = await post({ rebatePercent: '5', rebateUntil: '31-10', penaltyPercent: '1.5', penaltyAfter: '30-09', partialAllowed: 'on', partialMin: '500' });
    expect(order.status).toBe(400);
    expect(await order.text()).toContain('The penalty must start after the rebate ends');
    expect(await database.selectFrom('property_tax_setting').selectAll().executeTakeFirstOrThrow()).toEqual(before);
    const cashierTry = await fetch(url('/property-tax-settings'), { method: 'POST', headers: cashier, body: new URLSearchParams({ rebatePercent: '50' }), redirect: 'manual' });
    expect(cashierTry.status).not.toBe(303);
    expect(await database.selectFrom('property_tax_setting').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a saved change is audited and bills citizens at once, and no receipt changes', async () => {
    const receiptBefore = await database.selectFrom('payment_receipt').selectAll().where('reference', '=', 'W05-0004').where('state', '=', 'valid').executeTakeFirstOrThrow();
    const rowsBefore = await database.selectFrom('property_tax_payment').selectAll().where('receipt_id', '=', receiptBefore.id).execute();
    const arrears = await demand('W05-0001');
    const penaltyBefore = arrears.lines.reduce((s, l) => s + l.penaltyPaise, 0);
    expect(penaltyBefore).toBeGreaterThan(0);
    expect(arrears.lines.every((l) => l.rebatePaise === 0)).toBe(true);

    // Penalty doubled; the rebate runs to the year's end at 10%, so today's current-year tax earns it.
    const res = await post({ rebatePercent: '10', rebateUntil: '31-12', penaltyPercent: '3', penaltyAfter: '31-01', partialAllowed: 'on', partialMin: '250' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/property-tax-settings?saved=1');
    expect(await database.selectFrom('property_tax_setting').selectAll().executeTakeFirstOrThrow()).toMatchObject({ rebate_bp: 1000, rebate_until: '12-31', penalty_bp_per_month: 300, penalty_after: '01-31', partial_allowed: 1, partial_min_paise: 25_000 });
    const audit = await database.selectFrom('audit_log').selectAll().where('entity', '=', 'property-tax-setting').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].after_json ?? '{}')).toMatchObject({ rebateBp: 1000, penaltyBpPerMonth: 300 });

    const after = await demand('W05-0001');
    const current = after.lines.filter((l) => l.fy === (after as unknown as { currentYear: string }).currentYear);
    expect(current.length).toBeGreaterThan(0);
    for (const l of current) expect(l.rebatePaise).toBe(Math.floor((l.principalPaise * 1000 * 2 + 10_000) / 20_000));
    const arrearsLines = after.lines.filter((l) => !current.includes(l));
    expect(arrearsLines.length).toBeGreaterThan(0);
    for (const l of arrearsLines) expect(l.rebatePaise).toBe(0);
    expect(after.totalDuePaise).not.toBe(arrears.totalDuePaise);

    const receiptAfter = await database.selectFrom('payment_receipt').selectAll().where('id', '=', receiptBefore.id).executeTakeFirstOrThrow();
    expect(receiptAfter).toEqual(receiptBefore);
    expect(await database.selectFrom('property_tax_payment').selectAll().where('receipt_id', '=', receiptBefore.id).execute()).toEqual(rowsBefore);
    const code = receiptCheckCode(receiptBefore.token, receiptBefore.number);
    const verified = (await (await fetch(url(`/api/Public/receipts/${receiptBefore.number}?code=${code}`))).json()) as { amountPaise: number };
    expect(verified.amountPaise).toBe(receiptBefore.amount_paise);

    const page = await (await fetch(url('/property-tax-settings?saved=1'), { headers: admin })).text();
    expect(page).toContain('Saved.');
    expect(page).toContain('value="31-12"');
  });
});
