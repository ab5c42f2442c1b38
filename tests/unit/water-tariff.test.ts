import { describe, expect, it } from 'vitest';
import { connectionFee, previousQuarter, quarterBill, quarterDays, quarterOf, type QuarterQuestion, type Tariff } from '../../src/features/water/tariff';

// The demo council's tariff (db/migrations/2026-11-30-wa-water.ts), in paise.
const TARIFF: Tariff = {
  connectionFeePaise: {
    domestic: { 15: 150_000, 20: 250_000, 25: 400_000, 40: 800_000, 50: 1_200_000 },
    commercial: { 15: 300_000, 20: 500_000, 25: 800_000, 40: 1_600_000, 50: 2_400_000 },
    institutional: { 15: 250_000, 20: 400_000, 25: 600_000, 40: 1_200_000, 50: 1_800_000 },
  },
  depositPaise: { domestic: 100_000, commercial: 300_000, institutional: 200_000 },
  flatQuarterPaise: { domestic: 45_000, commercial: 150_000, institutional: 90_000 },
  slabs: {
    domestic: [{ uptoKl: 30, paisePerKl: 700 }, { uptoKl: 60, paisePerKl: 1_000 }, { uptoKl: null, paisePerKl: 1_500 }],
    commercial: [{ uptoKl: 50, paisePerKl: 2_000 }, { uptoKl: null, paisePerKl: 3_000 }],
    institutional: [{ uptoKl: 100, paisePerKl: 1_200 }, { uptoKl: null, paisePerKl: 1_800 }],
  },
  meteredMinimumPaise: { domestic: 15_000, commercial: 50_000, institutional: 30_000 },
  dueDays: 30,
  lateFeeBp: 200,
};

const metered = (type: QuarterQuestion['type'], kl: number, extra: Partial<QuarterQuestion> = {}): QuarterQuestion =>
  ({ type, billing: 'metered', previousReadingKl: 1_000, currentReadingKl: 1_000 + kl, arrearsPaise: 0, arrearsOverdue: false, ...extra });
const flat = (type: QuarterQuestion['type'], extra: Partial<QuarterQuestion> = {}): QuarterQuestion => ({ type, billing: 'flat', arrearsPaise: 0, arrearsOverdue: false, ...extra });

describe('a new connection costs its fee and deposit', () => {
  // [what, type, pipe, total worked by hand]
  const CASES: [string, 'domestic' | 'commercial' | 'institutional', 15 | 20 | 25 | 40 | 50, number][] = [
    ['domestic, 15 mm: ₹1,500 fee + ₹1,000 deposit', 'domestic', 15, 250_000],
    ['commercial, 25 mm: ₹8,000 + ₹3,000', 'commercial', 25, 1_100_000],
    ['institutional, 50 mm: ₹18,000 + ₹2,000', 'institutional', 50, 2_000_000],
  ];
  for (const [what, type, pipe, total] of CASES) it(what, () => expect(connectionFee(TARIFF, type, pipe).totalPaise).toBe(total));

  it('names the fee and the deposit apart', () => {
    expect(connectionFee(TARIFF, 'domestic', 20)).toEqual({ connectionFeePaise: 250_000, depositPaise: 100_000, totalPaise: 350_000 });
  });
});

describe("a quarter's bill, worked by hand", () => {
  // [what, question, charge, late fee, total]
  const CASES: [string, QuarterQuestion, number, number, number][] = [
    ['flat domestic: ₹450 a quarter', flat('domestic'), 45_000, 0, 45_000],
    ['flat commercial: ₹1,500', flat('commercial'), 150_000, 0, 150_000],
    ['flat institutional with ₹900 arrears not yet due: no late fee', flat('institutional', { arrearsPaise: 90_000 }), 90_000, 0, 180_000],
    ['flat domestic with ₹450 overdue: 2% late fee ₹9', flat('domestic', { arrearsPaise: 45_000, arrearsOverdue: true }), 45_000, 900, 90_900],
    ['metered domestic, nothing drawn: the ₹150 minimum', metered('domestic', 0), 15_000, 0, 15_000],
    ['metered domestic, 20 kL: 20 × ₹7 = ₹140, under the minimum', metered('domestic', 20), 15_000, 0, 15_000],
    ['metered domestic, 22 kL: ₹154, over the minimum', metered('domestic', 22), 15_400, 0, 15_400],
    ['metered domestic, 30 kL: the top of the first slab, ₹210', metered('domestic', 30), 21_000, 0, 21_000],
    ['metered domestic, 31 kL: ₹210 + 1 × ₹10', metered('domestic', 31), 22_000, 0, 22_000],
    ['metered domestic, 60 kL: ₹210 + 30 × ₹10', metered('domestic', 60), 51_000, 0, 51_000],
    ['metered domestic, 75 kL: ₹510 + 15 × ₹15', metered('domestic', 75), 73_500, 0, 73_500],
    ['metered commercial, 50 kL: 50 × ₹20', metered('commercial', 50), 100_000, 0, 100_000],
    ['metered commercial, 51 kL: ₹1,000 + ₹30', metered('commercial', 51), 103_000, 0, 103_000],
    ['metered commercial, 10 kL: ₹200, under the ₹500 minimum', metered('commercial', 10), 50_000, 0, 50_000],
    ['metered institutional, 150 kL: 100 × ₹12 + 50 × ₹18', metered('institutional', 150), 210_000, 0, 210_000],
    ['metered domestic 1234 → 1274 kL with ₹333.33 overdue: ₹310 + ₹333.33 + ₹6.67 (2% of 333.33 = 6.6666 rounds up)',
      metered('domestic', 0, { previousReadingKl: 1_234, currentReadingKl: 1_274, arrearsPaise: 33_333, arrearsOverdue: true }), 31_000, 667, 65_000],
    ['flat domestic, ₹123.24 overdue: 2% is 246.48 paise, rounded down to 246', flat('domestic', { arrearsPaise: 12_324, arrearsOverdue: true }), 45_000, 246, 57_570],
    ['flat domestic, ₹1.25 overdue: 2% is 2.5 paise, half rounds up to 3', flat('domestic', { arrearsPaise: 125, arrearsOverdue: true }), 45_000, 3, 45_128],
    ['metered commercial 0 kL with ₹1,030 overdue: the minimum, the arrears and ₹20.60', metered('commercial', 0, { arrearsPaise: 103_000, arrearsOverdue: true }), 50_000, 2_060, 155_060],
    ['an overdue flag with nothing carried over draws no late fee', flat('commercial', { arrearsPaise: 0, arrearsOverdue: true }), 150_000, 0, 150_000],
  ];
  for (const [what, question, charge, lateFee, total] of CASES) {
    it(what, () => {
      const bill = quarterBill(TARIFF, question);
      expect({ charge: bill.chargePaise, lateFee: bill.lateFeePaise, total: bill.totalPaise }).toEqual({ charge, lateFee, total });
      expect(bill.totalPaise).toBe(bill.chargePaise + bill.arrearsPaise + bill.lateFeePaise);
    });
  }

  it('lists the slabs a metered quarter fell in, and a flat one none', () => {
    expect(quarterBill(TARIFF, metered('domestic', 75)).slabs.map((s) => [s.kl, s.paise])).toEqual([[30, 21_000], [30, 30_000], [15, 22_500]]);
    expect(quarterBill(TARIFF, metered('domestic', 75)).consumptionKl).toBe(75);
    expect(quarterBill(TARIFF, flat('domestic')).slabs).toEqual([]);
    expect(quarterBill(TARIFF, flat('domestic')).consumptionKl).toBeNull();
  });

  it('refuses a reading below the last, a missing reading and arrears that are not whole paise', () => {
    expect(() => quarterBill(TARIFF, metered('domestic', 0, { previousReadingKl: 500, currentReadingKl: 499 }))).toThrow(/below the last/);
    expect(() => quarterBill(TARIFF, metered('domestic', 0, { currentReadingKl: undefined }))).toThrow(RangeError);
    expect(() => quarterBill(TARIFF, flat('domestic', { arrearsPaise: 10.5 }))).toThrow(RangeError);
    expect(() => quarterBill(TARIFF, flat('domestic', { arrearsPaise: -1 }))).toThrow(RangeError);
  });
});

describe('quarters of the financial year', () => {
  it('names the quarter of a day, its days and the one before', () => {
    expect([quarterOf('2026-04-01'), quarterOf('2026-06-30'), quarterOf('2026-11-28'), quarterOf('2027-01-01'), quarterOf('2027-03-31')]).toEqual(['2026-27-Q1', '2026-27-Q1', '2026-27-Q3', '2026-27-Q4', '2026-27-Q4']);
    expect(quarterDays('2026-27-Q4')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(quarterDays('2026-27-Q3')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(previousQuarter('2026-27-Q1')).toBe('2025-26-Q4');
    expect(previousQuarter('2026-27-Q4')).toBe('2026-27-Q3');
  });
});
