import { describe, expect, it } from 'vitest';
import { tradeLicenceFee, type FeeRate, type FeeTable, type FeeQuestion } from '../../src/features/trade-licence/fee';

// The small town's starting table (db/migrations/2026-11-26-0401-trade-licence.ts), ids in the order entered.
const rate = (id: number, tradeType: string, structure: string, applicationKind: string, basis: 'area' | 'employees', fromUnits: number, toUnits: number | null, method: 'flat' | 'per_unit', amountPaise: number): FeeRate =>
  ({ id, tradeType, structure, applicationKind, basis, fromUnits, toUnits, method, amountPaise });
const TABLE: FeeTable = {
  rates: [
    rate(1, 'grocery', '*', '*', 'area', 0, 200, 'flat', 50_000),
    rate(2, 'grocery', '*', 'renewal', 'area', 0, 200, 'flat', 40_000),
    rate(3, 'grocery', '*', '*', 'area', 201, null, 'per_unit', 300),
    rate(4, 'restaurant', '*', '*', 'area', 0, null, 'per_unit', 500),
    rate(5, 'tailoring', '*', '*', 'area', 0, null, 'flat', 30_000),
    rate(6, 'tailoring', 'kutcha', '*', 'area', 0, null, 'flat', 20_000),
    rate(7, 'flour-mill', '*', '*', 'area', 0, 500, 'flat', 150_000),
    rate(8, 'flour-mill', '*', '*', 'area', 501, null, 'per_unit', 350),
    rate(9, 'cold-storage', '*', '*', 'area', 0, null, 'per_unit', 200),
    rate(10, '*', '*', '*', 'employees', 0, 5, 'flat', 0),
    rate(11, '*', '*', '*', 'employees', 6, 20, 'per_unit', 5_000),
    rate(12, '*', '*', '*', 'employees', 21, null, 'per_unit', 10_000),
  ],
  lateAfter: '04-30',
  lateFeePaisePerMonth: 10_000,
};

const ask = (q: Partial<FeeQuestion>): FeeQuestion => ({ tradeType: 'grocery', structure: 'pucca', kind: 'new', areaSqft: 100, employees: 2, financialYear: '2026-27', today: '2026-04-10', ...q });

// [what, question, total in paise worked out by hand]
const CASES: [string, Partial<FeeQuestion>, number][] = [
  ['grocery 100 sq ft, 2 staff: the flat ₹500', {}, 50_000],
  ['grocery at the top of the flat band, 200 sq ft', { areaSqft: 200 }, 50_000],
  ['grocery 201 sq ft: 201 × ₹3 = ₹603', { areaSqft: 201 }, 60_300],
  ['grocery 1 000 sq ft: ₹3 000', { areaSqft: 1000 }, 300_000],
  ['grocery 0 sq ft still falls in the first band', { areaSqft: 0 }, 50_000],
  ['grocery renewal 150 sq ft: the renewal line beats the any-kind line, ₹400', { kind: 'renewal', areaSqft: 150 }, 40_000],
  ['grocery renewal 300 sq ft: no renewal line there, 300 × ₹3 = ₹900', { kind: 'renewal', areaSqft: 300 }, 90_000],
  ['grocery, 5 staff: the 0–5 band is free', { employees: 5 }, 50_000],
  ['grocery, 6 staff: ₹500 + 6 × ₹50 = ₹800', { employees: 6 }, 80_000],
  ['grocery, 20 staff: ₹500 + ₹1 000 = ₹1 500', { employees: 20 }, 150_000],
  ['grocery, 21 staff: ₹500 + 21 × ₹100 = ₹2 600', { employees: 21 }, 260_000],
  ['grocery 250 sq ft and 10 staff: ₹750 + ₹500 = ₹1 250', { areaSqft: 250, employees: 10 }, 125_000],
  ['restaurant 1 sq ft: ₹5', { tradeType: 'restaurant', areaSqft: 1 }, 500],
  ['restaurant 400 sq ft: ₹2 000', { tradeType: 'restaurant', areaSqft: 400 }, 200_000],
  ['restaurant 400 sq ft, 12 staff: ₹2 000 + ₹600', { tradeType: 'restaurant', areaSqft: 400, employees: 12 }, 260_000],
  ['tailoring pucca: ₹300 flat', { tradeType: 'tailoring', areaSqft: 80 }, 30_000],
  ['tailoring kutcha: the structure line beats the any-structure line, ₹200', { tradeType: 'tailoring', structure: 'kutcha', areaSqft: 80 }, 20_000],
  ['tailoring kutcha, big: still ₹200 flat', { tradeType: 'tailoring', structure: 'kutcha', areaSqft: 5000 }, 20_000],
  ['flour mill 500 sq ft: ₹1 500 flat', { tradeType: 'flour-mill', areaSqft: 500 }, 150_000],
  ['flour mill 501 sq ft: 501 × ₹3.50 = ₹1 753.50', { tradeType: 'flour-mill', areaSqft: 501 }, 175_350],
  ['flour mill 1 001 sq ft: ₹3 503.50', { tradeType: 'flour-mill', areaSqft: 1001 }, 350_350],
  ['flour mill 800 sq ft, 25 staff: ₹2 800 + ₹2 500', { tradeType: 'flour-mill', areaSqft: 800, employees: 25 }, 530_000],
  ['cold storage 10 000 sq ft: ₹20 000', { tradeType: 'cold-storage', areaSqft: 10_000 }, 2_000_000],
  ['cold storage 3 sq ft: ₹6', { tradeType: 'cold-storage', areaSqft: 3 }, 600],
  ['renewal on the late date itself: no late fee', { kind: 'renewal', today: '2026-04-30' }, 40_000],
  ['renewal a day late: one month, ₹100', { kind: 'renewal', today: '2026-05-01' }, 50_000],
  ['renewal on 30 May: still one month', { kind: 'renewal', today: '2026-05-30' }, 50_000],
  ['renewal on 31 May: a second month started', { kind: 'renewal', today: '2026-05-31' }, 60_000],
  ['renewal on 26 Nov 2026: seven months', { kind: 'renewal', today: '2026-11-26' }, 110_000],
  ['renewal in March of the year: eleven months', { kind: 'renewal', today: '2027-03-15' }, 150_000],
  ['renewal for next year applied early: no late fee', { kind: 'renewal', financialYear: '2027-28', today: '2027-03-15' }, 40_000],
  ['a new licence is never late', { kind: 'new', today: '2026-11-26' }, 50_000],
  ['late restaurant renewal with staff: ₹2 000 + ₹350 + 2 × ₹100', { tradeType: 'restaurant', kind: 'renewal', areaSqft: 400, employees: 7, today: '2026-06-15' }, 255_000],
];

describe('the trade licence fee, worked out by hand', () => {
  it.each(CASES)('%s', (_what, question, total) => {
    const answer = tradeLicenceFee(TABLE, ask(question));
    expect(answer.ok && answer.totalPaise).toBe(total);
  });

  it('names each line: area, employees, late months', () => {
    expect(tradeLicenceFee(TABLE, ask({ kind: 'renewal', areaSqft: 250, employees: 10, today: '2026-06-01' }))).toEqual({
      ok: true,
      totalPaise: 75_000 + 50_000 + 20_000,
      lines: [
        { basis: 'area', rateId: 3, units: 250, amountPaise: 75_000 },
        { basis: 'employees', rateId: 11, units: 10, amountPaise: 50_000 },
        { basis: 'late', rateId: null, units: 2, amountPaise: 20_000 },
      ],
    });
  });

  it('has no fee for a trade the table does not name, and refuses fractions', () => {
    expect(tradeLicenceFee(TABLE, ask({ tradeType: 'fireworks' }))).toEqual({ ok: false, reason: 'no-rate' });
    expect(() => tradeLicenceFee(TABLE, ask({ areaSqft: 10.5 }))).toThrow(RangeError);
    expect(() => tradeLicenceFee(TABLE, ask({ employees: -1 }))).toThrow(RangeError);
  });

  it('among equally specific lines takes the first entered', () => {
    const doubled: FeeTable = { ...TABLE, rates: [...TABLE.rates, rate(13, 'grocery', '*', '*', 'area', 0, 200, 'flat', 99_900)] };
    expect(tradeLicenceFee(doubled, ask({})).ok && (tradeLicenceFee(doubled, ask({})) as { totalPaise: number }).totalPaise).toBe(50_000);
  });
});
