import { beforeAll, describe, expect, it } from 'vitest';
import { noticeType } from '../../src/features/notice/notice.schema';
import { tenderType } from '../../src/features/tender/tender.schema';
import { formatDayMonthYear, formatWhen } from '../../src/lib/format';
import { indianDate, indianOffsetTime } from '../../src/lib/india-time';
import { receiptCheckCode } from '../../src/features/payments/receipt-check';
import { demoSettings } from '../support/demo-council';
import { ADMIN, baseUrl, bearer, login } from '../support/api';
import { contentForm, samplePdf, sampleValues } from '../support/content-samples';
import { pdfText, pdfWords } from '../support/pdf-text';

/**
 * What staff and payers read of a moment is India's time in the one style of src/lib/format.ts ('12 May 2026,
 * 11:00 AM'), never an ISO date or a UTC time: the property ledger, the day's collection register and its CSV
 * (India's time with its offset), a payer's statement, a receipt's verification page, the receipt PDF in both
 * languages (the Hindi one with the council's Hindi address, its amounts right-aligned under one another and a
 * total row), and the history screen's dates. A content form refuses a date that does not exist with one
 * message, and the property import refuses a file that is not CSV without echoing its bytes. Reads the demo's
 * receipts and writes only a notice of its own.
 */
let admin: Record<string, string>;
const get = async (path: string) => {
  const res = await fetch(`${baseUrl()}${path}`, { headers: admin });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: res };
};
/** A page's main content as words, without the frame, its styles and scripts. */
const textOf = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html).replace(/<(style|script)[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]*>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;

/** W05-0003 is the demo property paid in full at the counter, one receipt a year. */
const PROPERTY = 'W05-0003';
interface DemoReceipt { number: string; paidAt: string; amountPaise: number; token: string }
let receipts: DemoReceipt[];
let ledgerHtml: string;
let mobile: string;

beforeAll(async () => {
  admin = bearer(await login(ADMIN.email, ADMIN.password));
  const ledger = await get(`/property-ledger/${PROPERTY}`);
  expect(ledger.status).toBe(200);
  ledgerHtml = await ledger.body.text();
  mobile = /Mobile (\d{10})/.exec(ledgerHtml)![1];
  const statement = (await (await fetch(`${baseUrl()}/api/Public/property-tax/${PROPERTY}?mobile=${mobile}`)).json()) as { receipts: Omit<DemoReceipt, 'token'>[] };
  receipts = statement.receipts.map((r) => ({ ...r, token: new RegExp(`href="/receipt/([\\w-]+)\\.pdf" target="_blank" data-receipt-pdf="${r.number}"`).exec(ledgerHtml)![1] }));
  expect(receipts.length).toBeGreaterThan(0);
});

describe('moments on staff screens and files', () => {
  it('the ledger dates each receipt in India\'s time, with the time of day', () => {
    const text = textOf(ledgerHtml);
    for (const r of receipts) expect(text).toContain(`${r.number} हिन्दी ${formatWhen(r.paidAt)}`);
    expect(text).not.toMatch(ISO_DAY);
  });

  it('so does the payer\'s own statement, in either language', async () => {
    for (const lang of ['en', 'hi'] as const) {
      const res = await fetch(`${baseUrl()}${lang === 'hi' ? '/hi' : ''}/viewpropertytax`, { method: 'POST', body: new URLSearchParams({ number: PROPERTY, mobile }) });
      const text = textOf(await res.text());
      for (const r of receipts) expect(text, lang).toContain(formatWhen(r.paidAt, lang));
      expect(text, lang).not.toMatch(ISO_DAY);
    }
  });

  it('the collection register names its day and each receipt\'s time for people, and its CSV in India\'s time with the offset', async () => {
    const r = receipts[0];
    const day = indianDate(Date.parse(r.paidAt));
    const page = textOf(await (await get(`/collection-register?date=${day}`)).body.text());
    expect(page).toContain(`Collection register, ${formatDayMonthYear(day)}`);
    expect(page).toContain(`${r.number} हिन्दी ${formatWhen(r.paidAt)}`);
    expect(page).not.toMatch(/\d{1,2}:\d{2}:\d{2}/);
    const csv = await (await get(`/collection-register?date=${day}&format=csv`)).body.text();
    const row = csv.split('\n').find((line) => line.startsWith(`${r.number},`))!;
    const paidAt = row.split(',')[1];
    expect(paidAt).toBe(indianOffsetTime(Date.parse(r.paidAt)));
    // The same instant as stored, for any program that reads the file.
    expect(Date.parse(paidAt)).toBe(Date.parse(r.paidAt));
    expect(csv).not.toMatch(/\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
  });
});

/** A receipt's PDF as pdftotext reads it, and the amounts of its table of heads with where each ends. */
async function receiptPdf(r: DemoReceipt, lang: 'en' | 'hi') {
  const res = await get(`/receipt/${r.token}.pdf${lang === 'hi' ? '?lang=hi' : ''}`);
  expect(res.type).toBe('application/pdf');
  const pdf = new Uint8Array(await res.body.arrayBuffer());
  const words = await pdfWords(pdf);
  const heading = words.find((w) => w.text === (lang === 'hi' ? 'मद' : 'Head'))!;
  const amounts = words.filter((w) => w.yMin > heading.yMin && /^-?[\d,]+\.\d\d$/.test(w.text));
  return { text: await pdfText(pdf), amounts };
}

const paise = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

describe('a receipt verified by its number and check code', () => {
  it('names the day it was paid for people, in either language', async () => {
    const r = receipts[0];
    const code = receiptCheckCode(r.token, r.number);
    for (const lang of ['en', 'hi'] as const) {
      const res = await fetch(`${baseUrl()}${lang === 'hi' ? '/hi' : ''}/verify/${r.number}?code=${code}`);
      const text = textOf(await res.text());
      expect(text, lang).toContain(formatDayMonthYear(r.paidAt, lang));
      expect(text, lang).not.toMatch(ISO_DAY);
    }
  });
});

describe('the receipt PDF', () => {
  it('in Hindi: the council\'s Hindi name and address, its date in Hindi, amounts right-aligned and a total row that adds up', async () => {
    const r = receipts[0];
    const { text, amounts } = await receiptPdf(r, 'hi');
    const a = demoSettings.addressHindi;
    expect(text).toContain(demoSettings.councilNameHindi);
    for (const part of [a.line1, a.town, a.district, a.state]) expect(text).toContain(part);
    expect(text).not.toContain(demoSettings.address.line1);
    expect(text).not.toContain(demoSettings.address.town);
    expect(text).toContain(formatWhen(r.paidAt, 'hi'));
    expect(text).not.toMatch(ISO_DAY);
    // The head lines and the total below them end at one right edge.
    expect(amounts.length).toBeGreaterThan(2);
    const right = amounts[0].xMax;
    for (const amount of amounts) expect(Math.abs(amount.xMax - right), amount.text).toBeLessThan(0.5);
    const total = /कुल\s+([\d,]+\.\d\d)\s*$/m.exec(text);
    expect(total, text).not.toBeNull();
    expect(paise(total![1])).toBe(r.amountPaise);
    expect(amounts.slice(0, -1).reduce((sum, w) => sum + paise(w.text), 0)).toBe(r.amountPaise);
  });

  it('in English: the English address, the date and time in India, and the same table', async () => {
    const r = receipts[receipts.length - 1];
    const { text, amounts } = await receiptPdf(r, 'en');
    expect(text).toContain(demoSettings.address.line1);
    expect(text).toContain(formatWhen(r.paidAt));
    expect(text).not.toMatch(ISO_DAY);
    for (const amount of amounts) expect(Math.abs(amount.xMax - amounts[0].xMax), amount.text).toBeLessThan(0.5);
    expect(paise(/Total\s+([\d,]+\.\d\d)\s*$/m.exec(text)![1])).toBe(r.amountPaise);
  });
});

describe('dates in the content forms and their history', () => {
  const api = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}/api/Admin/${path}`, { ...init, headers: { ...admin, ...(init.headers ?? {}) } });

  it('a day that does not exist gets one message, that it is not a real date, and no comparison with it', async () => {
    const values = { ...sampleValues(tenderType), publish_date: '2026-02-31', last_date_of_submission: '2026-02-28' };
    const res = await api('tender', { method: 'POST', body: contentForm(tenderType, values, { tender_document: new File([samplePdf('impossible')], 'tender.pdf', { type: 'application/pdf' }) }) });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors)).toEqual(['publish_date']);
    expect(errors.publish_date).toMatch(/not a real date/);
    // A real day after it is still held to the order of the two.
    const backwards = await api('tender', { method: 'POST', body: contentForm(tenderType, { ...values, publish_date: '2026-03-01' }, { tender_document: new File([samplePdf('backwards')], 'tender.pdf', { type: 'application/pdf' }) }) });
    expect(backwards.status).toBe(400);
    expect(Object.keys(((await backwards.json()) as { errors: Record<string, string> }).errors)).toEqual(['last_date_of_submission']);
  });

  it('the history screen shows a changed date and an unchanged one as people write them', async () => {
    const stamp = Date.now().toString(36);
    const values = { ...sampleValues(noticeType), title: `Dated notice ${stamp}`, issueDate: '2026-11-20' };
    const created = await api('notice', { method: 'POST', body: contentForm(noticeType, values, { filePath: new File([samplePdf(stamp)], 'n.pdf', { type: 'application/pdf' }) }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api('notice', { method: 'PUT', body: contentForm(noticeType, { issueDate: '2026-12-21' }, {}, id) })).status).toBe(200);
    const changed = textOf(await (await get(`/history/notice/${id}`)).body.text());
    expect(changed).toMatch(/Issue Date .*20 Nov.*21 Dec.* 2026/);
    expect((await api('notice', { method: 'PUT', body: contentForm(noticeType, { title: `Dated notice ${stamp} (2)` }, {}, id) })).status).toBe(200);
    const unchanged = textOf(await (await get(`/history/notice/${id}`)).body.text());
    expect(unchanged).toContain('Issue Date 21 Dec 2026');
    for (const page of [changed, unchanged]) expect(page).not.toMatch(ISO_DAY);
  });
});

describe('the property register\'s import of a file that is not CSV', () => {
  const importFile = async (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
    const form = new FormData();
    form.set('action', 'import');
    form.set('file', new Blob([bytes], { type }), name);
    const res = await fetch(`${baseUrl()}/property-register`, { method: 'POST', headers: admin, body: form });
    return { status: res.status, html: await res.text() };
  };

  it('says so, and shows none of its bytes: a PDF (a receipt) and a picture', async () => {
    const pdf = new Uint8Array(await (await get(`/receipt/${receipts[0].token}.pdf`)).body.arrayBuffer());
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]);
    for (const [bytes, name, type] of [[pdf, 'register.pdf', 'application/pdf'], [png, 'register.csv', 'text/csv']] as const) {
      const res = await importFile(bytes, name, type);
      expect(res.status, name).toBe(400);
      const alert = /<div class="alert" role="alert" data-import-errors>([\s\S]*?)<\/div>/.exec(res.html)?.[1] ?? '';
      expect(textOf(alert), name).toContain('This file is not a CSV file');
      // Nothing of the file's own text or bytes: no PDF syntax, no control characters, no replacement marks.
      expect(alert, name).not.toMatch(/%PDF|obj|stream|PNG|IHDR|\uFFFD|[\u0000-\u0008\u000e-\u001f]/);
    }
  });
});
