import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { deleteRow, saveRow } from '../../server/row-write';
import type { Actor } from '../../server/audit';
import { paiseFromRupees, decimalRupees } from '../payments/money';
import { STRUCTURE_SUB_TYPES } from './application-schema';
import { tradeTypes } from './catalogue.server';

/**
 * The admin's edits of the trade licence's tables: the fee table (`trade_fee_rate`) and the document
 * checklists (`trade_document_rule`). A line is typed as text, checked field by field (the reasons are keys
 * the page words in its language), and written through the audited write path. The fee function reads the
 * table on every call (catalogue.server.ts), so a saved line is the fee from the next request on.
 */
export const FEE_FIELDS = ['tradeType', 'structure', 'applicationKind', 'basis', 'fromUnits', 'toUnits', 'method', 'amount'] as const;
export const RULE_FIELDS = ['tradeType', 'applicationKind', 'code', 'nameEn', 'nameHi', 'position'] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
export type RuleField = (typeof RULE_FIELDS)[number];
export type FeeForm = Record<FeeField, string>;
export type RuleForm = Record<RuleField, string>;
export type SettingsError = 'choose' | 'whole' | 'range' | 'amount' | 'code' | 'name' | 'duplicate';
export type Errors<F extends string> = Partial<Record<F, SettingsError>>;

export const KINDS = ['*', 'new', 'renewal'] as const;
export const BASES = ['area', 'employees'] as const;
export const METHODS = ['flat', 'per_unit'] as const;
const MAX_UNITS = 10_000_000;
const MAX_PAISE = 100_000_000_00;

/** The form's text, bounded: a field longer than any good value is cut, then refused by its check. */
export function formFrom<F extends string>(fields: readonly F[], body: FormData): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, String(body.get(f) ?? '').slice(0, 200)])) as Record<F, string>;
}

const wholeIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d{1,8}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
};

export interface FeeRateRow {
  trade_type: string;
  structure: string;
  application_kind: string;
  basis: 'area' | 'employees';
  from_units: number;
  to_units: number | null;
  method: 'flat' | 'per_unit';
  amount_paise: number;
}

export async function parseFeeRate(form: FeeForm, database: Db = db()): Promise<{ row: FeeRateRow } | { errors: Errors<FeeField> }> {
  const errors: Errors<FeeField> = {};
  const types = (await tradeTypes(database)).map((t) => t.code);
  if (form.tradeType !== '*' && !types.includes(form.tradeType)) errors.tradeType = 'choose';
  if (form.structure !== '*' && !(STRUCTURE_SUB_TYPES as readonly string[]).includes(form.structure)) errors.structure = 'choose';
  if (!(KINDS as readonly string[]).includes(form.applicationKind)) errors.applicationKind = 'choose';
  if (!(BASES as readonly string[]).includes(form.basis)) errors.basis = 'choose';
  if (!(METHODS as readonly string[]).includes(form.method)) errors.method = 'choose';
  const from = wholeIn(form.fromUnits, 0, MAX_UNITS);
  if (from === null) errors.fromUnits = 'whole';
  const to = form.toUnits.trim() === '' ? null : wholeIn(form.toUnits, 0, MAX_UNITS);
  if (form.toUnits.trim() !== '' && to === null) errors.toUnits = 'whole';
  else if (to !== null && from !== null && to < from) errors.toUnits = 'range';
  const paise = paiseFromRupees(form.amount);
  if (paise === null || paise > MAX_PAISE) errors.amount = 'amount';
  if (Object.keys(errors).length) return { errors };
  return {
    row: {
      trade_type: form.tradeType, structure: form.structure, application_kind: form.applicationKind, basis: form.basis as FeeRateRow['basis'],
      from_units: from!, to_units: to, method: form.method as FeeRateRow['method'], amount_paise: paise!,
    },
  };
}

export interface RuleRow {
  trade_type: string;
  application_kind: string;
  code: string;
  name_en: string;
  name_hi: string;
  position: number;
}

export async function parseDocumentRule(form: RuleForm, id: number | null, database: Db = db()): Promise<{ row: RuleRow } | { errors: Errors<RuleField> }> {
  const errors: Errors<RuleField> = {};
  const types = (await tradeTypes(database)).map((t) => t.code);
  if (form.tradeType !== '*' && !types.includes(form.tradeType)) errors.tradeType = 'choose';
  if (!(KINDS as readonly string[]).includes(form.applicationKind)) errors.applicationKind = 'choose';
  // The code names the form's file field (doc_<code>): letters, digits, hyphens and underscores only.
  const code = form.code.trim().toLowerCase();
  if (!/^[a-z][a-z0-9_-]{1,39}$/.test(code)) errors.code = 'code';
  const nameEn = form.nameEn.replace(/\s+/g, ' ').trim();
  const nameHi = form.nameHi.replace(/\s+/g, ' ').trim();
  if (nameEn.length < 2 || nameEn.length > 120) errors.nameEn = 'name';
  if (nameHi.length < 2 || nameHi.length > 120) errors.nameHi = 'name';
  const position = form.position.trim() === '' ? 0 : wholeIn(form.position, 0, 999);
  if (position === null) errors.position = 'whole';
  if (!errors.code && !errors.tradeType && !errors.applicationKind) {
    const same = await database
      .selectFrom('trade_document_rule')
      .select('id')
      .where('trade_type', '=', form.tradeType)
      .where('application_kind', '=', form.applicationKind)
      .where('code', '=', code)
      .executeTakeFirst();
    if (same && same.id !== id) errors.code = 'duplicate';
  }
  if (Object.keys(errors).length) return { errors };
  return { row: { trade_type: form.tradeType, application_kind: form.applicationKind, code, name_en: nameEn, name_hi: nameHi, position: position! } };
}

export const feeFormOf = (r: FeeRateRow): FeeForm => ({
  tradeType: r.trade_type, structure: r.structure, applicationKind: r.application_kind, basis: r.basis, fromUnits: String(r.from_units),
  toUnits: r.to_units === null ? '' : String(r.to_units), method: r.method, amount: decimalRupees(r.amount_paise),
});

export const ruleFormOf = (r: RuleRow): RuleForm => ({
  tradeType: r.trade_type, applicationKind: r.application_kind, code: r.code, nameEn: r.name_en, nameHi: r.name_hi, position: String(r.position),
});

function adminOnly(actor: Actor): void {
  // The route table lets only admins reach the page; the write refuses anyone else as well.
  if (actor.role !== 'admin') throw new HttpError(403, 'Only an admin may change the trade licence tables.');
}

type Table = 'trade_fee_rate' | 'trade_document_rule';
const ENTITY: Record<Table, string> = { trade_fee_rate: 'trade-fee-rate', trade_document_rule: 'trade-document-rule' };

/** Adds a line (id null) or replaces one; answers its id, or null when the line to edit is gone. */
export async function saveLine(table: Table, id: number | null, row: FeeRateRow | RuleRow, actor: Actor, database: Db = db()): Promise<number | null> {
  adminOnly(actor);
  // The row was parsed for this table by parseFeeRate or parseDocumentRule; the union cannot say which.
  return saveRow({ actor, entity: ENTITY[table], table }, id, row as never, database);
}

export async function removeLine(table: Table, id: number, actor: Actor, database: Db = db()): Promise<void> {
  adminOnly(actor);
  await deleteRow({ actor, entity: ENTITY[table], table }, id, database);
}

export async function feeRateRows(database: Db = db()) {
  return database.selectFrom('trade_fee_rate').selectAll().orderBy('id').execute();
}

export async function documentRuleRows(database: Db = db()) {
  return database.selectFrom('trade_document_rule').selectAll().orderBy('trade_type').orderBy('application_kind').orderBy('position').orderBy('id').execute();
}
