import { parse } from 'csv-parse/sync';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { Actor } from '../../server/audit';
import { parseMobile, parsePropertyNumber } from './property-tax.server';

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

/** One property's fields checked: the clean values, or what is wrong with each field. */
export function checkProperty(raw: Record<string, unknown>): { value: PropertyInput | null; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string) => String(raw[name] ?? '').trim();
  const number = parsePropertyNumber(text('number'));
  if (!number) problems.push('number: letters, digits, - or /, 3 to 40 characters');
  const ward = text('ward');
  if (!/^[A-Za-z0-9-]{1,10}$/.test(ward)) problems.push('ward: 1 to 10 letters or digits');
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
  return { value: { number: number!, ward, holder_name: holder, mobile: mobile!, address, usage: usage!, area_sqft: area, floors }, problems };
}

export interface ImportReport {
  imported: number;
  added: number;
  updated: number;
  errors: { line: number; problems: string[] }[];
}

export const MAX_IMPORT_ROWS = 20_000;

/** Imports a CSV file's rows: every row is checked first, and only a file without a bad row is written, in one transaction. */
export async function importRegister(csv: string, actor: Actor, database: Db = db()): Promise<ImportReport> {
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
  for (const { record, info } of records) {
    const { value, problems } = checkProperty(record);
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
  const { value, problems } = checkProperty({ ...raw, number });
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
  const rates = await trx.selectFrom('property_tax_rate').selectAll().where('paise_per_sqft', '>', 0).execute();
  const properties = await trx.selectFrom('property').select(['id', 'usage', 'area_sqft']).execute();
  let raised = 0;
  for (const p of properties) {
    const values = rates.filter((r) => r.usage === p.usage).map((r) => ({ property_id: p.id, fy, head: r.head, amount_paise: p.area_sqft * r.paise_per_sqft }));
    if (values.length === 0) continue;
    const result = await trx.insertInto('property_tax_demand').values(values).onConflict((oc) => oc.columns(['property_id', 'fy', 'head']).doNothing()).executeTakeFirst();
    raised += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return raised;
}

export async function raiseDemandsAudited(fy: string, actor: Actor, database: Db = db()): Promise<number> {
  if (!/^\d{4}-\d{2}$/.test(fy)) throw new HttpError(400, 'A financial year is written 2026-27.');
  return runWrite({ actor, entity: 'property-tax-demand', table: 'property_tax_demand', files: [], change: async (trx) => {
    const raised = await raiseDemands(trx, fy);
    return { result: raised, audit: { action: 'create', recordId: null, before: null, after: { fy, raised } } };
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
