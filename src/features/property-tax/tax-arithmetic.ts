/**
 * The property tax arithmetic, in whole paise and nothing else: what is due on each demand line (financial
 * year and head) on a given day, with the rebate for paying early and the penalty for paying late, and how a
 * payment is spread over the lines. Pure functions, so that a table of cases worked out by hand can check them.
 *
 * Rules (the council's settings, property_tax_setting):
 * - The financial year runs April to March; '2026-27' starts on 2026-04-01.
 * - Rebate: on the current year's lines only, `rebateBp` basis points of what is still owed, when the whole
 *   bill is paid on or before `rebateUntil` (a month-day of the financial year). A part payment gets none.
 * - Penalty: on any year's line, `penaltyBpPerMonth` basis points of what is still owed per month or part of
 *   a month after `penaltyAfter` (a month-day of that line's own year), simple, not compounded, less any
 *   penalty an earlier part payment already paid on that line.
 * - Each rebate and penalty is rounded to the nearest paisa, halves up, line by line.
 */
export interface TaxRules {
  rebateBp: number;
  /** 'MM-DD' within the financial year. */
  rebateUntil: string;
  penaltyBpPerMonth: number;
  /** 'MM-DD' within the financial year. */
  penaltyAfter: string;
}

export interface DemandLine {
  fy: string;
  head: string;
  /** The demand for the year and head. */
  amountPaise: number;
  /** Principal already paid against it. */
  paidPaise: number;
  /** Penalty already paid on it (by earlier part payments), taken off the penalty now due. */
  penaltyPaidPaise?: number;
}

export interface LineDue {
  fy: string;
  head: string;
  principalPaise: number;
  rebatePaise: number;
  penaltyPaise: number;
  /** principal - rebate + penalty. */
  duePaise: number;
}

/** The financial year a calendar date ('YYYY-MM-DD') falls in: '2026-27' for 2026-04-01 to 2027-03-31. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The calendar date of a month-day within a financial year: '06-30' in '2026-27' is 2026-06-30, '01-31' is 2027-01-31. */
export function dateInYear(fy: string, monthDay: string): string {
  const start = Number(fy.slice(0, 4));
  const month = Number(monthDay.slice(0, 2));
  return `${month >= 4 ? start : start + 1}-${monthDay}`;
}

/** Months or parts of months from `after` (exclusive) to `on`: 0 when `on` is not later than `after`. */
export function monthsLate(after: string, on: string): number {
  if (on <= after) return 0;
  const [ay, am, ad] = after.split('-').map(Number);
  const [oy, om, od] = on.split('-').map(Number);
  let months = (oy - ay) * 12 + (om - am);
  if (od > ad) months += 1;
  return Math.max(months, 1);
}

/** n × bp / 10 000, rounded to the nearest whole number, halves up; n and bp whole and not negative. */
export function basisPoints(n: number, bp: number): number {
  const product = n * bp;
  if (!Number.isSafeInteger(product * 2)) throw new RangeError('amount too large');
  return Math.floor((product * 2 + 10_000) / 20_000);
}

/** What is due on each line with anything owed, on `today`, if the whole bill is paid that day. Ordered oldest year first, then by head order given. */
export function dueOn(lines: readonly DemandLine[], rules: TaxRules, today: string): LineDue[] {
  const currentYear = financialYearOf(today);
  const out: LineDue[] = [];
  for (const line of [...lines].sort((a, b) => (a.fy < b.fy ? -1 : a.fy > b.fy ? 1 : 0))) {
    // A year not yet begun is raised in advance (in March) and owed only from its 1 April.
    if (line.fy > currentYear) continue;
    const principal = line.amountPaise - line.paidPaise;
    if (principal <= 0) continue;
    const rebate = line.fy === currentYear && today <= dateInYear(line.fy, rules.rebateUntil) ? basisPoints(principal, rules.rebateBp) : 0;
    const months = monthsLate(dateInYear(line.fy, rules.penaltyAfter), today);
    const penalty = Math.max(0, basisPoints(principal, rules.penaltyBpPerMonth * months) - (line.penaltyPaidPaise ?? 0));
    out.push({ fy: line.fy, head: line.head, principalPaise: principal, rebatePaise: rebate, penaltyPaise: penalty, duePaise: principal - rebate + penalty });
  }
  return out;
}

export const totalDue = (lines: readonly LineDue[]) => lines.reduce((sum, l) => sum + l.duePaise, 0);

/** What a part payment leaves out: the rebate. The total owed with no rebate. */
export const totalWithoutRebate = (lines: readonly LineDue[]) => lines.reduce((sum, l) => sum + l.principalPaise + l.penaltyPaise, 0);

export interface Allocation {
  fy: string;
  head: string;
  principalPaise: number;
  penaltyPaise: number;
  rebatePaise: number;
}

/**
 * How `amountPaise` pays the lines. The whole bill (the total due, rebate taken off) pays every line as
 * due. Less than that is a part payment: no rebate, and it pays the oldest year first, each line's penalty
 * before its principal, so that the penalty, which grows, is cleared first. Lines left untouched are left out.
 */
export function allocate(lines: readonly LineDue[], amountPaise: number): Allocation[] {
  if (amountPaise === totalDue(lines)) {
    return lines.map((l) => ({ fy: l.fy, head: l.head, principalPaise: l.principalPaise, penaltyPaise: l.penaltyPaise, rebatePaise: l.rebatePaise }));
  }
  if (amountPaise > totalWithoutRebate(lines)) throw new RangeError('more than is owed');
  let left = amountPaise;
  const out: Allocation[] = [];
  for (const l of lines) {
    if (left <= 0) break;
    const penalty = Math.min(left, l.penaltyPaise);
    left -= penalty;
    const principal = Math.min(left, l.principalPaise);
    left -= principal;
    out.push({ fy: l.fy, head: l.head, principalPaise: principal, penaltyPaise: penalty, rebatePaise: 0 });
  }
  return out;
}
