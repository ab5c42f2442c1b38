import { describe, expect, it } from 'vitest';
import { allocate, dueOn, financialYearOf, monthsLate, totalDue, totalWithoutRebate, type TaxRules } from '../../src/features/property-tax/tax-arithmetic';
import { paiseFromRupees, rupees } from '../../src/features/payments/money';

/**
 * The rebate and penalty arithmetic against cases worked out by hand (the working is in each row's note).
 * A: 5% rebate to 30 June, 1.5% a month after 30 September (the demo council's settings).
 * B: 10% rebate to 15 July, 2% a month after 31 January. C: neither. D: 1.25% a month after 30 September.
 */
const A: TaxRules = { rebateBp: 500, rebateUntil: '06-30', penaltyBpPerMonth: 150, penaltyAfter: '09-30' };
const B: TaxRules = { rebateBp: 1000, rebateUntil: '07-15', penaltyBpPerMonth: 200, penaltyAfter: '01-31' };
const C: TaxRules = { rebateBp: 0, rebateUntil: '06-30', penaltyBpPerMonth: 0, penaltyAfter: '09-30' };
const D: TaxRules = { rebateBp: 0, rebateUntil: '06-30', penaltyBpPerMonth: 125, penaltyAfter: '09-30' };

type Case = [note: string, rules: TaxRules, fy: string, amount: number, paid: number, penaltyPaid: number, today: string, rebate: number, penalty: number, due: number];

const CASES: Case[] = [
  ['first day of the year: 5% of 1,000.00', A, '2026-27', 100000, 0, 0, '2026-04-01', 5000, 0, 95000],
  ['last day of the rebate still has it', A, '2026-27', 100000, 0, 0, '2026-06-30', 5000, 0, 95000],
  ['the day after: no rebate, no penalty yet', A, '2026-27', 100000, 0, 0, '2026-07-01', 0, 0, 100000],
  ['penalty date itself: none', A, '2026-27', 100000, 0, 0, '2026-09-30', 0, 0, 100000],
  ['one day late is a month: 1.5%', A, '2026-27', 100000, 0, 0, '2026-10-01', 0, 1500, 101500],
  ['30 Oct: still the first month', A, '2026-27', 100000, 0, 0, '2026-10-30', 0, 1500, 101500],
  ['31 Oct: into the second month', A, '2026-27', 100000, 0, 0, '2026-10-31', 0, 3000, 103000],
  ['26 Nov: two months', A, '2026-27', 100000, 0, 0, '2026-11-26', 0, 3000, 103000],
  ['31 Mar: 6 months and a day = 7', A, '2026-27', 100000, 0, 0, '2027-03-31', 0, 10500, 110500],
  ['617.25 rounds down to 617', A, '2026-27', 12345, 0, 0, '2026-05-01', 617, 0, 11728],
  ['617.5 rounds half up to 618', A, '2026-27', 12350, 0, 0, '2026-05-01', 618, 0, 11732],
  ['616.5 rounds half up to 617', A, '2026-27', 12330, 0, 0, '2026-05-01', 617, 0, 11713],
  ['4.95 rounds to 5', A, '2026-27', 99, 0, 0, '2026-05-01', 5, 0, 94],
  ['0.05 rounds to 0', A, '2026-27', 1, 0, 0, '2026-05-01', 0, 0, 1],
  ['0.5 rounds to 1', A, '2026-27', 10, 0, 0, '2026-05-01', 1, 0, 9],
  ['185.175 rounds to 185', A, '2026-27', 12345, 0, 0, '2026-10-05', 0, 185, 12530],
  ['two months: 370.35 → 370', A, '2026-27', 12345, 0, 0, '2026-11-05', 0, 370, 12715],
  ['three months: 555.525 → 556', A, '2026-27', 12345, 0, 0, '2026-12-05', 0, 556, 12901],
  ['49.995 → 50', A, '2026-27', 3333, 0, 0, '2026-10-01', 0, 50, 3383],
  ['15 exactly', A, '2026-27', 1000, 0, 0, '2026-10-01', 0, 15, 1015],
  ['1.5 → 2', A, '2026-27', 100, 0, 0, '2026-10-01', 0, 2, 102],
  ['0.495 → 0', A, '2026-27', 33, 0, 0, '2026-10-01', 0, 0, 33],
  ['0.51 → 1', A, '2026-27', 34, 0, 0, '2026-10-01', 0, 1, 35],
  ['rebate on what is left: 5% of 600.00', A, '2026-27', 100000, 40000, 0, '2026-05-01', 3000, 0, 57000],
  ['penalty on what is left: 1.5% of 600.00', A, '2026-27', 100000, 40000, 0, '2026-10-01', 0, 900, 60900],
  ['two months on 600.00 = 18.00 less 5.00 already paid', A, '2026-27', 100000, 40000, 500, '2026-11-01', 0, 1300, 61300],
  ['penalty paid beyond what is due now: none', A, '2026-27', 100000, 0, 2000, '2026-10-01', 0, 0, 100000],
  ['arrears: no rebate, 8 months from 30 Sep 2025', A, '2025-26', 100000, 0, 0, '2026-05-01', 0, 12000, 112000],
  ['arrears on 1 Apr: 7 months', A, '2025-26', 100000, 0, 0, '2026-04-01', 0, 10500, 110500],
  ['its own last day: 7 months', A, '2025-26', 100000, 0, 0, '2026-03-31', 0, 10500, 110500],
  ['two years behind: 26 months, 39%', A, '2024-25', 50000, 0, 0, '2026-11-26', 0, 19500, 69500],
  ["arrears during this year's rebate: 9 months", A, '2025-26', 20000, 0, 0, '2026-06-30', 0, 2700, 22700],
  ['that year in its own rebate period', A, '2025-26', 80000, 0, 0, '2025-06-30', 4000, 0, 76000],
  ['B: 10% rebate on its last day', B, '2026-27', 100000, 0, 0, '2026-07-15', 10000, 0, 90000],
  ['B: the day after', B, '2026-27', 100000, 0, 0, '2026-07-16', 0, 0, 100000],
  ['B: penalty date in January of the next calendar year', B, '2026-27', 100000, 0, 0, '2027-01-31', 0, 0, 100000],
  ['B: 1 Feb, one month at 2%', B, '2026-27', 100000, 0, 0, '2027-02-01', 0, 2000, 102000],
  ['B: 28 Feb is still one month', B, '2026-27', 100000, 0, 0, '2027-02-28', 0, 2000, 102000],
  ['B: 1 Mar, two months', B, '2026-27', 100000, 0, 0, '2027-03-01', 0, 4000, 104000],
  ['B: last year, 10 months from 31 Jan 2026', B, '2025-26', 100000, 0, 0, '2026-11-26', 0, 20000, 120000],
  ['C: old arrears, no penalty', C, '2024-25', 7777, 0, 0, '2026-11-26', 0, 0, 7777],
  ['C: early, no rebate', C, '2026-27', 7777, 0, 0, '2026-04-10', 0, 0, 7777],
  ['D: 125.0125 → 125', D, '2026-27', 10001, 0, 0, '2026-10-01', 0, 125, 10126],
  ['D: three months, 375.0375 → 375', D, '2026-27', 10001, 0, 0, '2026-12-15', 0, 375, 10376],
  ['D: 0.5 → 1', D, '2026-27', 40, 0, 0, '2026-10-01', 0, 1, 41],
  ['D: 0.4875 → 0', D, '2026-27', 39, 0, 0, '2026-10-01', 0, 0, 39],
  ['₹25 lakh, 26 months: 39% = 97,50,000 paise', A, '2024-25', 250000000, 0, 0, '2026-11-26', 0, 97500000, 347500000],
  ['5.05 → 5', A, '2026-27', 101, 0, 0, '2026-04-01', 5, 0, 96],
  ['5.5 → 6', A, '2026-27', 110, 0, 0, '2026-04-01', 6, 0, 104],
  ['partly paid arrears: 26 months on 300.00 = 117.00', A, '2024-25', 50000, 20000, 0, '2026-11-26', 0, 11700, 41700],
  ['B: rebate on a part left: 10% of 333.33 = 33.333 → 33', B, '2026-27', 50000, 16667, 0, '2026-04-02', 3333, 0, 30000],
];

describe('dueOn: one demand line, worked by hand', () => {
  it('has at least 50 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(50));
  it.each(CASES)('%s', (_note, rules, fy, amount, paid, penaltyPaid, today, rebate, penalty, due) => {
    const [line] = dueOn([{ fy, head: 'holding', amountPaise: amount, paidPaise: paid, penaltyPaidPaise: penaltyPaid }], rules, today);
    expect(line).toEqual({ fy, head: 'holding', principalPaise: amount - paid, rebatePaise: rebate, penaltyPaise: penalty, duePaise: due });
  });

  it('a line paid in full is not due at all', () => {
    expect(dueOn([{ fy: '2026-27', head: 'holding', amountPaise: 100000, paidPaise: 100000 }], A, '2026-10-01')).toEqual([]);
  });

  it("a year not yet begun is not due: next year's demand raised in March is owed from 1 April", () => {
    const lines = [{ fy: '2027-28', head: 'holding', amountPaise: 100000, paidPaise: 0 }];
    expect(dueOn(lines, A, '2027-03-31')).toEqual([]);
    expect(dueOn(lines, A, '2027-04-01')).toEqual([{ fy: '2027-28', head: 'holding', principalPaise: 100000, rebatePaise: 5000, penaltyPaise: 0, duePaise: 95000 }]);
  });
});

describe('a bill of several lines, and how a payment is spread', () => {
  // 2025-26 holding 600.00: 8 months × 1.5% = 72.00 → 672.00; 2026-27 holding 600.00 less 5% = 570.00;
  // 2026-27 water 120.00 less 5% = 114.00. Total 1,356.00; without rebate 1,392.00.
  const lines = dueOn(
    [
      { fy: '2026-27', head: 'holding', amountPaise: 60000, paidPaise: 0 },
      { fy: '2025-26', head: 'holding', amountPaise: 60000, paidPaise: 0 },
      { fy: '2026-27', head: 'water', amountPaise: 12000, paidPaise: 0 },
    ],
    A,
    '2026-05-01',
  );

  it('orders the oldest year first and totals by hand', () => {
    expect(lines.map((l) => [l.fy, l.head, l.duePaise])).toEqual([
      ['2025-26', 'holding', 67200],
      ['2026-27', 'holding', 57000],
      ['2026-27', 'water', 11400],
    ]);
    expect(totalDue(lines)).toBe(135600);
    expect(totalWithoutRebate(lines)).toBe(139200);
  });

  it('the whole bill pays every line with its rebate', () => {
    expect(allocate(lines, 135600)).toEqual([
      { fy: '2025-26', head: 'holding', principalPaise: 60000, penaltyPaise: 7200, rebatePaise: 0 },
      { fy: '2026-27', head: 'holding', principalPaise: 60000, penaltyPaise: 0, rebatePaise: 3000 },
      { fy: '2026-27', head: 'water', principalPaise: 12000, penaltyPaise: 0, rebatePaise: 600 },
    ]);
  });

  it('a part payment of 700.00 clears the arrears (penalty first) and 28.00 of this year', () => {
    expect(allocate(lines, 70000)).toEqual([
      { fy: '2025-26', head: 'holding', principalPaise: 60000, penaltyPaise: 7200, rebatePaise: 0 },
      { fy: '2026-27', head: 'holding', principalPaise: 2800, penaltyPaise: 0, rebatePaise: 0 },
    ]);
  });

  it('a part payment smaller than the penalty pays penalty only', () => {
    expect(allocate(lines, 5000)).toEqual([{ fy: '2025-26', head: 'holding', principalPaise: 0, penaltyPaise: 5000, rebatePaise: 0 }]);
  });

  it('more than is owed is refused', () => {
    expect(() => allocate(lines, 139201)).toThrow(RangeError);
  });
});

describe('calendar and money helpers', () => {
  it.each([
    ['2026-04-01', '2026-27'],
    ['2026-03-31', '2025-26'],
    ['2027-01-15', '2026-27'],
    ['2099-12-31', '2099-00'],
  ])('%s is in financial year %s', (date, fy) => expect(financialYearOf(date)).toBe(fy));

  it.each([
    ['2026-09-30', '2026-09-30', 0],
    ['2026-09-30', '2026-09-29', 0],
    ['2026-09-30', '2026-10-01', 1],
    ['2026-01-31', '2026-02-28', 1],
    ['2026-01-31', '2026-03-01', 2],
  ])('from %s to %s: %i months', (after, on, months) => expect(monthsLate(after, on)).toBe(months));

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123456, '1,234.56'],
    [123456789, '12,34,567.89'],
  ])('%i paise reads ₹%s', (paise, text) => expect(rupees(paise)).toBe(text));

  it.each([
    ['1234.5', 123450],
    ['1,234.56', 123456],
    ['7', 700],
    ['1.234', null],
    ['-5', null],
    ['abc', null],
  ])('"%s" typed is %s paise', (text, paise) => expect(paiseFromRupees(text)).toBe(paise));
});
