import { dateInYear, monthsLate } from '../property-tax/tax-arithmetic';

/**
 * The trade licence fee, in whole paise, from the fee table the admin sets: the one function that both
 * shows the trader the fee before they apply and bills it, so the figure shown is the figure billed.
 *
 * For each basis (area in square feet, number of employees) the most specific line whose range holds the
 * trade's figure applies: a line naming the trade type beats one for any ('*'), then one naming the
 * structure, then one naming new or renewal; among equals the first entered. A flat line charges its amount;
 * a per-unit line charges its rate times every unit. A trade with no area line has no fee (it cannot be
 * licensed online). A renewal applied after the late date of its financial year pays the late fee for each
 * month or part of a month since.
 */
export type ApplicationKind = 'new' | 'renewal';
export type FeeBasis = 'area' | 'employees';

export interface FeeRate {
  id: number;
  tradeType: string;
  structure: string;
  applicationKind: string;
  basis: FeeBasis;
  fromUnits: number;
  /** Inclusive; null: no upper end. */
  toUnits: number | null;
  method: 'flat' | 'per_unit';
  amountPaise: number;
}

export interface FeeTable {
  rates: readonly FeeRate[];
  /** MM-DD within the financial year. */
  lateAfter: string;
  lateFeePaisePerMonth: number;
}

export interface FeeQuestion {
  tradeType: string;
  structure: string;
  kind: ApplicationKind;
  areaSqft: number;
  employees: number;
  /** '2026-27' */
  financialYear: string;
  /** The day the fee is worked out for, 'YYYY-MM-DD' in India. */
  today: string;
}

export interface FeeLine {
  basis: FeeBasis | 'late';
  rateId: number | null;
  units: number;
  amountPaise: number;
}

export type FeeAnswer = { ok: true; lines: FeeLine[]; totalPaise: number } | { ok: false; reason: 'no-rate' };

const specificity = (rate: FeeRate, q: FeeQuestion) =>
  (rate.tradeType === q.tradeType ? 4 : 0) + (rate.structure === q.structure ? 2 : 0) + (rate.applicationKind === q.kind ? 1 : 0);

function lineFor(table: FeeTable, q: FeeQuestion, basis: FeeBasis, units: number): FeeLine | null {
  const fits = table.rates.filter(
    (r) =>
      r.basis === basis &&
      (r.tradeType === q.tradeType || r.tradeType === '*') &&
      (r.structure === q.structure || r.structure === '*') &&
      (r.applicationKind === q.kind || r.applicationKind === '*') &&
      units >= r.fromUnits &&
      (r.toUnits === null || units <= r.toUnits),
  );
  if (fits.length === 0) return null;
  const best = fits.reduce((a, b) => (specificity(b, q) > specificity(a, q) || (specificity(b, q) === specificity(a, q) && b.id < a.id) ? b : a));
  const amountPaise = best.method === 'flat' ? best.amountPaise : best.amountPaise * units;
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError('fee too large');
  return { basis, rateId: best.id, units, amountPaise };
}

export function tradeLicenceFee(table: FeeTable, q: FeeQuestion): FeeAnswer {
  if (!Number.isInteger(q.areaSqft) || q.areaSqft < 0 || !Number.isInteger(q.employees) || q.employees < 0) throw new RangeError('area and employees are whole numbers');
  const area = lineFor(table, q, 'area', q.areaSqft);
  if (!area) return { ok: false, reason: 'no-rate' };
  const lines = [area];
  const staff = lineFor(table, q, 'employees', q.employees);
  if (staff && staff.amountPaise > 0) lines.push(staff);
  if (q.kind === 'renewal') {
    const months = monthsLate(dateInYear(q.financialYear, table.lateAfter), q.today);
    if (months > 0 && table.lateFeePaisePerMonth > 0) lines.push({ basis: 'late', rateId: null, units: months, amountPaise: months * table.lateFeePaisePerMonth });
  }
  return { ok: true, lines, totalPaise: lines.reduce((sum, l) => sum + l.amountPaise, 0) };
}
