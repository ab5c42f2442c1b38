import { parse } from 'csv-parse/sync';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { Actor } from '../../server/audit';
import { indianDate } from '../../lib/india-time';
import { financialYearOf } from './tax-arithmetic';
import { parseMobile, parsePropertyNumber, PROPERTY_TAX } from './property-tax.server';
import { councilWardCodes, describeWards, wardCode } from './ward-code';
import { sniffContentType } from '../../server/content/uploads';

/**
 * The property register: rows imported from a CSV file by an admin (all or nothing: one bad row and no row
 * is imported, and every bad row is named by its line), single properties edited in the back office (each
 * change in the audit log with the record before and after: its revisions), and each year's demands raised
 * from the rates per usage and area.
 */
export const USAGES = ['residential', 'commercial', 'mixed', 'vacant'] as const;
export type Usage = (typeof USAGES)[number];
export const CSV_COLUMNS = ['number', 'ward', 'holder_name', 'mobile', 'address', 'usage', 'area_sqft', 'floors'] as const;

export interface PropertyInput {
  number: string;
  ward: string;
  holder_name: string;
  mobile: string;
  address: string;
  usage: Usage;
  area_sqft: number;
  floors: number;
}

/**
 * One property's fields checked: the clean values, or what is wrong with each field. `wards` is the council's
 * list (councilWardCodes): a ward not on it is refused, so that a typo cannot open a ward of its own in the reports.
 */
export function checkProperty(raw: Record<string, unknown>, wards: ReadonlySet<string> | null): { value: PropertyInput | null; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string) => String(raw[name] ?? '').trim();
  const number = parsePropertyNumber(text('number'));
  if (!number) problems.push('number: letters, digits, - or /, 3 to 40 characters');
  const ward = wardCode(text('ward'));
  if (!ward) problems.push('ward: 1 to 10 letters or digits');
  else if (wards && !wards.has(ward)) problems.push(`ward: ${text('ward')} is not a ward of the council (${describeWards(wards)})`);
  const holder = text('holder_name');
  if (holder.length < 2 || holder.length > 120) problems.push('holder_name: 2 to 120 characters');
  const mobile = parseMobile(text('mobile'));
  if (!mobile) problems.push('mobile: a 10-digit Indian mobile number');
  const address = text('address');
  if (address.length < 3 || address.length > 300) problems.push('address: 3 to 300 characters');
  const usage = USAGES.find((u) => u === text('usage').toLowerCase());
  if (!usage) problems.push(`usage: one of ${USAGES.join(', ')}`);
  const area = /^\d{1,7}$/.test(text('area_sqft')) ? Number(text('area_sqft')) : NaN;
  if (!(area > 0)) problems.push('area_sqft: a whole number of square feet above 0');
  const floors = /^\d{1,2}$/.test(text('floors')) ? Number(text('floors')) : NaN;
  if (!(floors >= 0)) problems.push('floors: a whole number from 0 to 99');
  if (problems.length > 0) return { value: null, problems };
  return { value: { number: number!, ward: ward!, holder_name: holder, mobile: mobile!, address, usage: usage!, area_sqft: area, floors }, problems };
}

export interface ImportReport {
  imported: number;
  added: number;
  updated: number;
  errors: { line: number; problems: string[] }[];
}

export const MAX_IMPORT_ROWS = 20_000;

const KIND_NAMES = { image: 'a picture', document: 'a PDF document', video: 'a video' } as const;
const SAVE_AS_CSV = 'In the spreadsheet, save the register as "CSV UTF-8 (comma delimited)" and import that file.';

/** Control characters other than tab and line ends: a text file has none, a binary file has them everywhere. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What a file's first bytes say it is, when they name something that is not text. */
function binaryKind(bytes: Uint8Array): string | null {
  const sniffed = sniffContentType(bytes);
  if (sniffed) return KIND_NAMES[sniffed.kind];
  // An .xlsx workbook is a ZIP archive.
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'a spreadsheet workbook (.xlsx) or another ZIP file';
  return null;
}

/**
 * The file's text, or why it cannot be read as CSV: a known binary type named from its first bytes, control
 * characters (any other binary file), or text in another encoding than UTF-8 (whose Hindi names would be
 * garbled). Nothing of a refused file is shown back: a PDF's or a picture's bytes read as text are garbage.
 */
function csvTextOf(file: string | Uint8Array): { text: string } | { refusal: string } {
  const kind = typeof file === 'string' ? null : binaryKind(file);
  if (kind) return { refusal: `This file is not a CSV file: it is ${kind}. ${SAVE_AS_CSV}` };
  let text: string;
  try {
    text = typeof file === 'string' ? file : new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    const binary = (file as Uint8Array).some((byte) => CONTROL.test(String.fromCharCode(byte)));
    return { refusal: binary ? `This file is not a CSV file. ${SAVE_AS_CSV}` : `This file is not a CSV file in UTF-8: its letters would be garbled. ${SAVE_AS_CSV}` };
  }
  return CONTROL.test(text) ? { refusal: `This file is not a CSV file. ${SAVE_AS_CSV}` } : { text };
}

/**
 * Imports a CSV file's rows: every row is checked first, and only a file without a bad row is written, in one
 * transaction. A file that is not CSV text at all is refused as such (line 0: no line of it is meant).
 */
export async function importRegister(file: string | Uint8Array, actor: Actor, database: Db = db()): Promise<ImportReport> {
  const read = csvTextOf(file);
  if ('refusal' in read) return { imported: 0, added: 0, updated: 0, errors: [{ line: 0, problems: [read.refusal] }] };
  const csv = read.text;
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, skip_empty_lines: true, trim: true, info: true, relax_column_count: false });
  } catch (err) {
    const line = Number((err as { lines?: number }).lines ?? 0);
    return { imported: 0, added: 0, updated: 0, errors: [{ line, problems: [`not a valid CSV file: ${(err as Error).message}`] }] };
  }
  const errors: ImportReport['errors'] = [];
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = CSV_COLUMNS.filter((c) => records.length > 0 && !header.includes(c));
  if (records.length === 0) errors.push({ line: 1, problems: [`no rows: the first line names the columns ${CSV_COLUMNS.join(',')}`] });
  if (missing.length > 0) errors.push({ line: 1, problems: [`missing columns: ${missing.join(', ')}`] });
  if (records.length > MAX_IMPORT_ROWS) errors.push({ line: 1, problems: [`at most ${MAX_IMPORT_ROWS} rows per file`] });
  if (errors.length > 0) return { imported: 0, added: 0, updated: 0, errors };
  const seen = new Map<string, number>();
  const rows: PropertyInput[] = [];
  const wards = await councilWardCodes(database);
  for (const { record, info } of records) {
    const { value, problems } = checkProperty(record, wards);
    if (value) {
      const earlier = seen.get(value.number);
      if (earlier !== undefined) problems.push(`number: ${value.number} is also on line ${earlier}`);
      seen.set(value.number, info.lines);
    }
    if (problems.length > 0) errors.push({ line: info.lines, problems });
    else rows.push(value!);
  }
  if (errors.length > 0) return { imported: 0, added: 0, updated: 0, errors };
  return runWrite({ actor, entity: 'property', table: 'property', files: [], change: async (trx) => {
    const at = new Date(now()).toISOString();
    let added = 0;
    let updated = 0;
    for (const row of rows) {
      const existing = await trx.selectFrom('property').select('id').where('number', '=', row.number).executeTakeFirst();
      if (existing) {
        await trx.updateTable('property').set({ ...row, updated_at: at }).where('id', '=', existing.id).execute();
        updated++;
      } else {
        await trx.insertInto('property').values({ ...row, updated_at: at }).execute();
        added++;
      }
    }
    return { result: { imported: rows.length, added, updated, errors: [] }, audit: { action: 'create', recordId: null, before: null, after: { imported: rows.length, added, updated } } };
  } }, database);
}

/** One property edited in the back office; the audit log keeps it before and after. */
export async function editProperty(number: string, raw: Record<string, unknown>, actor: Actor, database: Db = db()): Promise<void> {
  const { value, problems } = checkProperty({ ...raw, number }, await councilWardCodes(database));
  if (!value) throw new HttpError(400, problems[0], Object.fromEntries(problems.map((p) => [p.split(':')[0], p])));
  await runWrite({ actor, entity: 'property', table: 'property', files: [], change: async (trx) => {
    const before = await trx.selectFrom('property').selectAll().where('number', '=', number).executeTakeFirst();
    if (!before) throw new HttpError(404, 'No such property.');
    await trx.updateTable('property').set({ ...value, updated_at: new Date(now()).toISOString() }).where('id', '=', before.id).execute();
    const after = await trx.selectFrom('property').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    return { result: undefined, audit: { action: 'update', recordId: before.id, before, after } };
  } }, database);
}

/**
 * Raises a financial year's demand for every property: per head, its rate for the property's usage times the
 * built-up area, in paise. A demand already raised is left as it is (raising twice changes nothing).
 */
export async function raiseDemands(trx: Db, fy: string): Promise<number> {
  let raised = 0;
  for (const values of await demandsNotYetRaised(trx, fy)) {
    const result = await trx.insertInto('property_tax_demand').values(values).onConflict((oc) => oc.columns(['property_id', 'fy', 'head']).doNothing()).executeTakeFirst();
    raised += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return raised;
}

/** Each property's demand lines for `fy` from today's rates, leaving out the lines already raised. */
async function demandsNotYetRaised(database: Db, fy: string) {
  const rates = await database.selectFrom('property_tax_rate').selectAll().where('paise_per_sqft', '>', 0).execute();
  const properties = await database.selectFrom('property').select(['id', 'usage', 'area_sqft']).execute();
  const raised = new Set((await database.selectFrom('property_tax_demand').select(['property_id', 'head']).where('fy', '=', fy).execute()).map((d) => `${d.property_id}|${d.head}`));
  return properties
    .map((p) => rates.filter((r) => r.usage === p.usage && !raised.has(`${p.id}|${r.head}`)).map((r) => ({ property_id: p.id, fy, head: r.head, amount_paise: p.area_sqft * r.paise_per_sqft })))
    .filter((values) => values.length > 0);
}

/**
 * The years an admin may raise demands for: the current financial year and the next (prepared in March; its
 * lines are owed only from 1 April, see dueOn). Any other year is refused: a year typed wrong would otherwise
 * bill every property at once. `today` is an Indian date, yyyy-mm-dd.
 */
export function raisableYears(today: string): [string, string] {
  const current = financialYearOf(today);
  return [current, nextFinancialYear(current)];
}

const nextFinancialYear = (fy: string) => {
  const start = Number(fy.slice(0, 4)) + 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

function checkRaisableYear(fy: string, today: string): void {
  const years = raisableYears(today);
  if (!years.includes(fy)) throw new HttpError(400, `Demands can be raised for ${years[0]} or ${years[1]} only; ${fy || 'no year'} was given.`, { fy: 'not a year that can be raised' });
}

export interface DemandPreview {
  fy: string;
  lines: number;
  properties: number;
  totalPaise: number;
}

/** What raising `fy` would add, written nowhere: the admin confirms this before anything is raised. */
export async function previewRaise(fy: string, database: Db = db(), today = indianDate(now())): Promise<DemandPreview> {
  checkRaisableYear(fy, today);
  const pending = await demandsNotYetRaised(database, fy);
  const lines = pending.flat();
  return { fy, lines: lines.length, properties: pending.length, totalPaise: lines.reduce((sum, l) => sum + l.amount_paise, 0) };
}

export async function raiseDemandsAudited(fy: string, actor: Actor, database: Db = db(), today = indianDate(now())): Promise<number> {
  checkRaisableYear(fy, today);
  return runWrite({ actor, entity: 'property-tax-demand', table: 'property_tax_demand', files: [], change: async (trx) => {
    const raised = await raiseDemands(trx, fy);
    return { result: raised, audit: { action: 'create', recordId: null, before: null, after: { fy, raised } } };
  } }, database);
}

export interface WithdrawPreview extends DemandPreview {
  /** Properties whose lines stay: something was paid on them (a receipt, valid or cancelled), or a bill is open. */
  kept: number;
}

/**
 * The lines of `fy` that can be taken back: those of properties on which nothing of that year was ever paid
 * (a cancelled receipt counts, as its rows are the history of what was collected) and with no bill open, since
 * an open bill holds its lines and may still be paid.
 */
async function withdrawable(database: Db, fy: string) {
  const lines = await database.selectFrom('property_tax_demand').select(['id', 'property_id', 'amount_paise']).where('fy', '=', fy).execute();
  const paid = new Set((await database.selectFrom('property_tax_payment').select('property_id').where('fy', '=', fy).execute()).map((p) => p.property_id));
  const openBills = await database
    .selectFrom('payment_bill')
    .innerJoin('property', 'property.number', 'payment_bill.reference')
    .select('property.id')
    .where('payment_bill.kind', '=', PROPERTY_TAX)
    .where('payment_bill.state', '=', 'open')
    .execute();
  const busy = new Set([...paid, ...openBills.map((b) => b.id)]);
  const free = lines.filter((l) => !busy.has(l.property_id));
  const keptProperties = new Set(lines.filter((l) => busy.has(l.property_id)).map((l) => l.property_id));
  return { free, kept: keptProperties.size };
}

export async function previewWithdraw(fy: string, database: Db = db()): Promise<WithdrawPreview> {
  if (!/^\d{4}-\d{2}$/.test(fy)) throw new HttpError(400, 'A financial year is written 2026-27.', { fy: 'not a financial year' });
  const { free, kept } = await withdrawable(database, fy);
  return { fy, lines: free.length, properties: new Set(free.map((l) => l.property_id)).size, totalPaise: free.reduce((sum, l) => sum + l.amount_paise, 0), kept };
}

/** Takes back a year's demands that nothing was paid on, in one audited write that keeps every line removed. */
export async function withdrawDemandsAudited(fy: string, actor: Actor, database: Db = db()): Promise<number> {
  if (!/^\d{4}-\d{2}$/.test(fy)) throw new HttpError(400, 'A financial year is written 2026-27.', { fy: 'not a financial year' });
  return runWrite({ actor, entity: 'property-tax-demand', table: 'property_tax_demand', files: [], change: async (trx) => {
    const { free } = await withdrawable(trx, fy);
    const removed = await trx.selectFrom('property_tax_demand').selectAll().where('id', 'in', free.length > 0 ? free.map((l) => l.id) : [-1]).execute();
    for (let i = 0; i < removed.length; i += 500) {
      await trx.deleteFrom('property_tax_demand').where('id', 'in', removed.slice(i, i + 500).map((l) => l.id)).execute();
    }
    return { result: removed.length, audit: { action: 'delete', recordId: null, before: { fy, lines: removed }, after: { fy, withdrawn: removed.length } } };
  } }, database);
}

/** The admin's table of rates: paise per square foot a year, per head and usage. */
export async function saveRates(rates: { head: string; usage: string; paisePerSqft: number }[], actor: Actor, database: Db = db()): Promise<void> {
  await runWrite({ actor, entity: 'property-tax-rate', table: 'property_tax_rate', files: [], change: async (trx) => {
    const before = await trx.selectFrom('property_tax_rate').selectAll().execute();
    for (const r of rates) {
      await trx.insertInto('property_tax_rate').values({ head: r.head, usage: r.usage, paise_per_sqft: r.paisePerSqft }).onConflict((oc) => oc.columns(['head', 'usage']).doUpdateSet({ paise_per_sqft: r.paisePerSqft })).execute();
    }
    const after = await trx.selectFrom('property_tax_rate').selectAll().execute();
    return { result: undefined, audit: { action: 'update', recordId: null, before: { rates: before }, after: { rates: after } } };
  } }, database);
}
