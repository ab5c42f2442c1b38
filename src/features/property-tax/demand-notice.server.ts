import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { siteOrigin } from '../../server/config';
import { messages } from '../../i18n/messages';
import { longDate } from '../../i18n/dates';
import type { Lang } from '../../i18n/lang';
import { line, paragraph, qrCode, streamedDocument, type Doc } from '../payments/receipt-pdf.server';
import { drawLogo, type Letterhead } from '../payments/letterhead.server';
import { addressLine } from '../../lib/council';
import { rupees } from '../payments/money';
import { dateInYear } from './tax-arithmetic';
import { headNames, statementOf, type HeadName, type PropertyRow, type Statement } from './property-tax.server';
import { percentText } from './reports.server';
import { indianDate } from '../../lib/india-time';
import { readHindiNames } from '../hindi-names/hindi-names.server';
import { storedNameKey } from '../../i18n/stored-names';
import { wardCode } from './ward-code';

/**
 * Demand notices as PDF, one page per property: the demand head by head with arrears, the rebate and penalty
 * dates, how to pay online and at the counter, and a QR code to the property's /viewpropertytax page (its
 * number only: the mobile never goes into a code printed on paper). A whole ward is one PDF, written and sent
 * a page at a time, yielding to other requests between pages, so that a large ward never holds the server.
 */

/** The public page of a property's demand, in the notice's language; the payer adds the mobile there. */
export const demandPageUrl = (lang: Lang, number: string) => `${siteOrigin()}${lang === 'hi' ? '/hi' : ''}/viewpropertytax?number=${encodeURIComponent(number)}`;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Pages written but not yet taken by the reader stay under this; past it the writer waits for the reader. */
const MAX_UNSENT_BYTES = 512 * 1024;

/** Waits while the reader is behind; false once the reader has gone (the download was cancelled). */
async function readerKeepsUp(doc: Doc): Promise<boolean> {
  while (!doc.destroyed && doc.readableLength > MAX_UNSENT_BYTES) {
    await new Promise<void>((resolve) => {
      const go = () => {
        doc.off('data', go);
        doc.off('close', go);
        resolve();
      };
      doc.on('data', go);
      doc.on('close', go);
    });
  }
  return !doc.destroyed;
}

/** A ward on the register, as a chooser offers it: its code, the name admins gave it (in Hindi), and how many properties it has. */
export interface NoticeWard {
  ward: string;
  name: string | null;
  properties: number;
}

/**
 * The wards whose notices can be opened: every ward with a property on the register, counted in one grouped
 * query, named where admins gave the council's ward a name at /hindi-names (the council lists its wards as
 * '7', the register writes them '07': wardCode makes the two one).
 */
export async function noticeWards(database: Db = db()): Promise<NoticeWard[]> {
  const [rows, council, names] = await Promise.all([
    database.selectFrom('property').select((eb) => ['ward', eb.fn.countAll<number>().as('n')]).groupBy('ward').orderBy('ward').execute(),
    database.selectFrom('ward').select('ward_number').execute(),
    readHindiNames(database),
  ]);
  const named = new Map<string, string>();
  for (const { ward_number } of council) {
    const name = names.ward.get(storedNameKey(ward_number));
    const code = wardCode(ward_number);
    if (name && code) named.set(code, name);
  }
  return rows.map((r) => ({ ward: r.ward, name: named.get(r.ward) ?? null, properties: Number(r.n) }));
}

/** Properties whose notices a ward asks for: those with something owed (a notice for tax already paid is a fault). */
export async function wardProperties(ward: string, database: Db = db()): Promise<PropertyRow[]> {
  return database.selectFrom('property').selectAll().where('ward', '=', ward).orderBy('number').execute();
}

/**
 * The PDF of the given properties' notices, streamed as it is written. With `onlyOwing`, properties with
 * nothing due get no page (a ward's run); a single property with nothing due gets a page that says so.
 */
export function demandNoticesPdf(properties: readonly PropertyRow[], lang: Lang, options: { onlyOwing: boolean; title: string; head: Letterhead }, database: Db = db()): ReadableStream<Uint8Array> {
  const { head } = options;
  const { doc, body } = streamedDocument(options.title, head.council.name.en);
  void (async () => {
    try {
      const heads = await headNames(database);
      const at = now();
      let pages = 0;
      for (const property of properties) {
        const statement = await statementOf(property, database, at);
        if (options.onlyOwing && statement.totalDuePaise <= 0) continue;
        if (pages > 0) doc.addPage();
        pages += 1;
        noticePage(doc, statement, heads, lang, head);
        await yieldToOthers();
        if (!(await readerKeepsUp(doc))) return;
      }
      if (pages === 0) paragraph(doc, messages(lang).taxReports.noDefaulters, { x: 48, y: 48, width: 500, size: 12 });
      doc.end();
    } catch (err) {
      doc.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return body;
}

function noticePage(doc: Doc, s: Statement, heads: Map<string, HeadName>, lang: Lang, head: Letterhead): void {
  const t = messages(lang).taxReports.pdf;
  const { council } = head;
  const day = (date: string) => longDate(date, lang) ?? date;
  const p = s.property;
  const left = 48;
  const x = drawLogo(doc, head, left, 40, 44);
  line(doc, council.name[lang], { size: 17, bold: true, x, y: 48 });
  const a = council.address[lang];
  line(doc, `${[a.line1, a.line2, a.town, a.district].filter(Boolean).join(', ')}, ${a.state} ${a.pinCode}`, { size: 8, x, y: 70 });
  line(doc, `${t.title} ${s.currentYear}`, { size: 14, bold: true, x: left, y: 90 });
  const url = demandPageUrl(lang, p.number);
  qrCode(doc, url, 440, 40, 100);

  let y = 118;
  const facts: [string, string][] = [
    [t.date, day(s.today)],
    [t.number, p.number],
    [t.ward, p.ward],
    [t.holder, p.holder_name],
    [t.address, p.address],
  ];
  for (const [label, value] of facts) {
    line(doc, label, { size: 10, x: left, y });
    y = paragraph(doc, value, { x: 170, y, width: 260, size: 10, bold: true });
    y += 2;
  }

  y += 8;
  const columns = [left, 110, 300, 360, 420, 480];
  const header = [t.year, t.head, t.principal, t.rebate, t.penalty, t.payable];
  header.forEach((h, i) => line(doc, h, { size: 9, bold: true, x: columns[i], y }));
  y += 15;
  doc.moveTo(left, y - 2).lineTo(547, y - 2).lineWidth(0.5).stroke();
  if (s.due.length === 0) {
    y = paragraph(doc, t.nothingDue, { x: left, y: y + 4, width: 499, size: 11, bold: true });
  }
  for (const l of s.due) {
    const name = heads.get(l.head)?.[lang] ?? l.head;
    line(doc, l.fy, { size: 9, x: columns[0], y });
    line(doc, l.fy < s.currentYear ? `${name} ${t.arrears}` : name, { size: 9, x: columns[1], y });
    [l.principalPaise, -l.rebatePaise, l.penaltyPaise, l.duePaise].forEach((v, i) => line(doc, rupees(v), { size: 9, x: columns[i + 2], y }));
    y += 14;
    if (y > 740) {
      doc.addPage();
      y = 48;
    }
  }
  doc.moveTo(left, y).lineTo(547, y).lineWidth(0.5).stroke();
  y += 6;
  line(doc, t.total, { size: 11, bold: true, x: left, y });
  line(doc, `₹ ${rupees(s.totalDuePaise)}`, { size: 11, bold: true, x: 440, y });
  y += 24;

  if (s.totalDuePaise > 0) {
    const rules = s.settings;
    if (s.today <= s.rebateUntil && rules.rebateBp > 0) y = paragraph(doc, t.rebateBy(percentText(rules.rebateBp), day(s.rebateUntil)), { x: left, y, width: 499 });
    const penaltyFrom = dateInYear(s.currentYear, rules.penaltyAfter);
    if (rules.penaltyBpPerMonth > 0) y = paragraph(doc, t.penaltyAfter(percentText(rules.penaltyBpPerMonth), day(penaltyFrom)), { x: left, y, width: 499 });
    if (s.due.some((l) => l.fy < s.currentYear && l.penaltyPaise > 0)) y = paragraph(doc, t.arrearsPenalty, { x: left, y, width: 499 });
    y += 12;
    line(doc, t.howToPay, { size: 12, bold: true, x: left, y });
    y = doc.y + 4;
    y = paragraph(doc, t.online(`${siteOrigin()}${lang === 'hi' ? '/hi' : ''}/paypropertytax`), { x: left, y, width: 499 });
    y = paragraph(doc, t.onlineSteps, { x: left, y, width: 499 });
    y += 6;
    y = paragraph(doc, t.counter, { x: left, y, width: 499 });
    y = paragraph(doc, `${addressLine(council, lang)}. ${council.hours[lang]}`, { x: left, y, width: 499 });
    y += 6;
    y = paragraph(doc, t.ignoreIfPaid, { x: left, y, width: 499, size: 8 });
  }
  y += 10;
  line(doc, t.scan, { size: 8, x: left, y });
  line(doc, url, { size: 8, x: left, y: y + 11 });
}

/** Today's date for a notice's file name. */
export const noticeDate = () => indianDate(now());
