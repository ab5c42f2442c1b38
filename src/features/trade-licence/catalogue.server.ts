import { db, type Db } from '../../server/db';
import type { ApplicationKind, FeeTable } from './fee';

/**
 * The trade licence's tables the admin edits: trade types, the fee table, the late fee, the document
 * checklist per trade type and new or renewal.
 */
export interface TradeType {
  code: string;
  en: string;
  hi: string;
  category: string;
  /** 0: to the end of the financial year. */
  validityMonths: number;
}

export async function tradeTypes(database: Db = db()): Promise<TradeType[]> {
  const rows = await database.selectFrom('trade_type').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ code: r.code, en: r.name_en, hi: r.name_hi, category: r.category, validityMonths: r.validity_months }));
}

export async function feeTable(database: Db = db()): Promise<FeeTable> {
  const rates = await database.selectFrom('trade_fee_rate').selectAll().orderBy('id').execute();
  const setting = await database.selectFrom('trade_fee_setting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    rates: rates.map((r) => ({
      id: r.id, tradeType: r.trade_type, structure: r.structure, applicationKind: r.application_kind, basis: r.basis, fromUnits: r.from_units,
      toUnits: r.to_units, method: r.method, amountPaise: r.amount_paise,
    })),
    lateAfter: setting.late_after,
    lateFeePaisePerMonth: setting.late_fee_paise_per_month,
  };
}

export interface ChecklistItem {
  code: string;
  en: string;
  hi: string;
}

/** The documents an application of this trade type must carry, new or renewal; a rule for '*' holds for all. */
export async function documentChecklist(tradeType: string, kind: ApplicationKind, database: Db = db()): Promise<ChecklistItem[]> {
  const rows = await database
    .selectFrom('trade_document_rule')
    .selectAll()
    .where('trade_type', 'in', [tradeType, '*'])
    .where('application_kind', 'in', [kind, '*'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code)).map((r) => ({ code: r.code, en: r.name_en, hi: r.name_hi }));
}

/** Every code any checklist names, for the form's file fields. */
export async function allDocumentCodes(database: Db = db()): Promise<string[]> {
  const rows = await database.selectFrom('trade_document_rule').select('code').distinct().execute();
  return rows.map((r) => r.code).sort();
}
