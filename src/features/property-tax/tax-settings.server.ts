import { db, type Db } from '../../server/db';
import { runWrite } from '../../server/write-path';
import type { Actor } from '../../server/audit';
import { paiseFromRupees } from '../payments/money';
import { dateInYear } from './tax-arithmetic';
import { readTaxSettings, type TaxSettings } from './property-tax.server';

/**
 * The admin's property tax settings: the rebate (basis points, last day), the penalty (basis points a month,
 * from the day after a date), and whether part payments are taken, with their minimum. The same row is what
 * tax-arithmetic.ts bills with, so a change shows at once in what a citizen is asked to pay; a bill already
 * paid and its receipt keep the amounts they were made with (the receipt's payment rows are its own).
 */

/** The form as typed: kept to be shown again when refused. */
export interface TaxSettingsForm {
  rebatePercent: string;
  rebateUntil: string;
  penaltyPercent: string;
  penaltyAfter: string;
  partialAllowed: boolean;
  partialMin: string;
}

export type TaxSettingsField = keyof TaxSettingsForm;
export type TaxSettingsError = 'percent' | 'date' | 'order' | 'amount';

/** 525 → '5.25', 500 → '5'. */
export const percentFromBp = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`);
/** '06-30' → '30-06', the council's way of writing a day and month. */
const dayMonth = (monthDay: string) => `${monthDay.slice(3, 5)}-${monthDay.slice(0, 2)}`;

export function formOf(s: TaxSettings): TaxSettingsForm {
  return {
    rebatePercent: percentFromBp(s.rebateBp),
    rebateUntil: dayMonth(s.rebateUntil),
    penaltyPercent: percentFromBp(s.penaltyBpPerMonth),
    penaltyAfter: dayMonth(s.penaltyAfter),
    partialAllowed: s.partialAllowed,
    partialMin: String(s.partialMinPaise / 100),
  };
}

/** '5', '5.2' or '5.25' percent → basis points, at most `maxBp`; null otherwise. */
function basisPointsOf(text: string, maxBp: number): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= maxBp ? bp : null;
}

/** 'DD-MM' (or 'DD/MM') → 'MM-DD' of a day every year has; null otherwise. */
function monthDayOf(text: string): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (!days || day < 1 || day > days) return null;
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The settings from a typed form, or the field-by-field reasons it is refused. */
export function parseTaxSettings(form: TaxSettingsForm): { settings: TaxSettings } | { errors: Partial<Record<TaxSettingsField, TaxSettingsError>> } {
  const errors: Partial<Record<TaxSettingsField, TaxSettingsError>> = {};
  const rebateBp = basisPointsOf(form.rebatePercent, 5000);
  if (rebateBp === null) errors.rebatePercent = 'percent';
  const rebateUntil = monthDayOf(form.rebateUntil);
  if (!rebateUntil) errors.rebateUntil = 'date';
  const penaltyBp = basisPointsOf(form.penaltyPercent, 1000);
  if (penaltyBp === null) errors.penaltyPercent = 'percent';
  const penaltyAfter = monthDayOf(form.penaltyAfter);
  if (!penaltyAfter) errors.penaltyAfter = 'date';
  // Both are days of the financial year (April to March): the rebate must end before the penalty starts.
  if (rebateUntil && penaltyAfter && dateInYear('2000-01', rebateUntil) >= dateInYear('2000-01', penaltyAfter)) errors.penaltyAfter = 'order';
  const minPaise = form.partialMin.trim() === '' && !form.partialAllowed ? 0 : paiseFromRupees(form.partialMin);
  if (minPaise === null || minPaise < 100 && form.partialAllowed) errors.partialMin = 'amount';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    settings: { rebateBp: rebateBp!, rebateUntil: rebateUntil!, penaltyBpPerMonth: penaltyBp!, penaltyAfter: penaltyAfter!, partialAllowed: form.partialAllowed, partialMinPaise: minPaise! },
  };
}

/** Saves the settings, audited with the row before and after. */
export async function saveTaxSettings(settings: TaxSettings, actor: Actor, database: Db = db()): Promise<void> {
  await runWrite({ actor, entity: 'property-tax-setting', table: 'property_tax_setting', files: [], change: async (trx) => {
    const before = await readTaxSettings(trx);
    await trx
      .updateTable('property_tax_setting')
      .set({
        rebate_bp: settings.rebateBp,
        rebate_until: settings.rebateUntil,
        penalty_bp_per_month: settings.penaltyBpPerMonth,
        penalty_after: settings.penaltyAfter,
        partial_allowed: settings.partialAllowed ? 1 : 0,
        partial_min_paise: settings.partialMinPaise,
      })
      .where('id', '=', 1)
      .execute();
    return { result: undefined, audit: { action: 'update', recordId: 1, before, after: settings } };
  } }, database);
}
