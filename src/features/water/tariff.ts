/**
 * The water tariff as pure arithmetic over integer paise: the fee and deposit of a new connection, and a
 * quarter's bill (a flat rate per connection type, or metered consumption priced by slabs), with the arrears
 * of earlier quarters and a late fee on them. The form's quote, `GET /api/Public/water/fee`, the bill the
 * payments feature charges and the quarterly bills all come from here, so what a citizen is shown is what
 * they are charged. Browser-safe: no server code.
 */
export const CONNECTION_TYPES = ['domestic', 'commercial', 'institutional'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Service pipe sizes the council lays, in millimetres (half inch to two inches). */
export const PIPE_SIZES = [15, 20, 25, 40, 50] as const;
export type PipeSize = (typeof PIPE_SIZES)[number];

export type Billing = 'flat' | 'metered';

/** One band of metered consumption: kilolitres above the previous band's top up to `uptoKl` (null: no top). */
export interface Slab {
  uptoKl: number | null;
  paisePerKl: number;
}

export interface Tariff {
  /** The connection fee by type and pipe size. */
  connectionFeePaise: Record<ConnectionType, Record<PipeSize, number>>;
  /** The security deposit by type, refundable on disconnection. */
  depositPaise: Record<ConnectionType, number>;
  /** A flat-rate connection's charge for a quarter, by type. */
  flatQuarterPaise: Record<ConnectionType, number>;
  /** A metered connection's slabs by type, in order; the last has no top. */
  slabs: Record<ConnectionType, readonly Slab[]>;
  /** The least a metered connection pays for a quarter, whatever it drew. */
  meteredMinimumPaise: Record<ConnectionType, number>;
  /** Days from a bill's date to its due date. */
  dueDays: number;
  /** The late fee on what is carried over unpaid past its due date, in basis points (200 = 2%) per quarter. */
  lateFeeBp: number;
}

export const isConnectionType = (value: unknown): value is ConnectionType => CONNECTION_TYPES.includes(value as ConnectionType);
export const isPipeSize = (value: unknown): value is PipeSize => PIPE_SIZES.includes(Number(value) as PipeSize) && String(Number(value)) === String(value);

export interface ConnectionFee {
  connectionFeePaise: number;
  depositPaise: number;
  totalPaise: number;
}

/** What a new connection costs before it is laid: the fee for its type and pipe, and the deposit. */
export function connectionFee(tariff: Tariff, type: ConnectionType, pipe: PipeSize): ConnectionFee {
  const connectionFeePaise = tariff.connectionFeePaise[type][pipe];
  const depositPaise = tariff.depositPaise[type];
  return { connectionFeePaise, depositPaise, totalPaise: connectionFeePaise + depositPaise };
}

/** Kilolitres priced band by band: each slab charges the kilolitres that fall inside it. */
export function slabCharge(slabs: readonly Slab[], consumptionKl: number): { slabs: { fromKl: number; toKl: number; kl: number; paisePerKl: number; paise: number }[]; paise: number } {
  const lines = [];
  let below = 0;
  for (const slab of slabs) {
    if (consumptionKl <= below) break;
    const top = slab.uptoKl === null ? consumptionKl : Math.min(slab.uptoKl, consumptionKl);
    const kl = top - below;
    lines.push({ fromKl: below, toKl: top, kl, paisePerKl: slab.paisePerKl, paise: kl * slab.paisePerKl });
    below = top;
    if (slab.uptoKl === null) break;
  }
  return { slabs: lines, paise: lines.reduce((sum, line) => sum + line.paise, 0) };
}

export interface QuarterQuestion {
  type: ConnectionType;
  billing: Billing;
  /** Metered only: the meter's readings, in whole kilolitres, at the start and end of the quarter. */
  previousReadingKl?: number;
  currentReadingKl?: number;
  /** What earlier bills left unpaid (their charges and late fees), after every valid payment. */
  arrearsPaise: number;
  /** Whether that arrear is past its due date when this bill is made (a late fee applies only then). */
  arrearsOverdue: boolean;
}

export interface QuarterBill {
  consumptionKl: number | null;
  slabs: ReturnType<typeof slabCharge>['slabs'];
  chargePaise: number;
  arrearsPaise: number;
  lateFeePaise: number;
  totalPaise: number;
}

/** Basis points of an amount in whole paise, half a paisa and over rounded up. */
export const basisPoints = (paise: number, bp: number) => Math.floor((paise * bp + 5_000) / 10_000);

/**
 * A quarter's bill. Metered: the readings' difference priced by the type's slabs, never below its minimum; a
 * reading lower than the last is refused (a meter replaced or misread is for the office to settle). Flat: the
 * type's quarterly rate. The arrears are carried whole, and when overdue they draw the late fee.
 */
export function quarterBill(tariff: Tariff, q: QuarterQuestion): QuarterBill {
  if (!Number.isSafeInteger(q.arrearsPaise) || q.arrearsPaise < 0) throw new RangeError('arrears must be whole paise, not below nothing');
  let consumptionKl: number | null = null;
  let slabs: QuarterBill['slabs'] = [];
  let chargePaise: number;
  if (q.billing === 'metered') {
    const previous = q.previousReadingKl ?? NaN;
    const current = q.currentReadingKl ?? NaN;
    if (!Number.isSafeInteger(previous) || !Number.isSafeInteger(current) || previous < 0) throw new RangeError('a metered bill needs two readings in whole kilolitres');
    if (current < previous) throw new RangeError('the reading is below the last one');
    consumptionKl = current - previous;
    const priced = slabCharge(tariff.slabs[q.type], consumptionKl);
    slabs = priced.slabs;
    chargePaise = Math.max(priced.paise, tariff.meteredMinimumPaise[q.type]);
  } else {
    chargePaise = tariff.flatQuarterPaise[q.type];
  }
  const lateFeePaise = q.arrearsOverdue && q.arrearsPaise > 0 ? basisPoints(q.arrearsPaise, tariff.lateFeeBp) : 0;
  return { consumptionKl, slabs, chargePaise, arrearsPaise: q.arrearsPaise, lateFeePaise, totalPaise: chargePaise + q.arrearsPaise + lateFeePaise };
}

/** A quarter of the financial year by a day in it: 2026-11-28 → '2026-27-Q3' (April–June is Q1). */
export function quarterOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const q = month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}-Q${q}`;
}

/** The first and last day of a quarter named as quarterOf names it. */
export function quarterDays(quarter: string): { from: string; to: string } {
  const start = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(-1));
  const firstMonth = 4 + (q - 1) * 3; // 4, 7, 10, 13 (January of the next year)
  const y = firstMonth > 12 ? start + 1 : start;
  const m = firstMonth > 12 ? firstMonth - 12 : firstMonth;
  const from = `${y}-${String(m).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(y, m - 1 + 3, 0)).toISOString().slice(0, 10);
  return { from, to: last };
}

/** The quarter before: '2026-27-Q1' → '2025-26-Q4'. */
export function previousQuarter(quarter: string): string {
  return quarterOf(addDaysTo(quarterDays(quarter).from, -1));
}

function addDaysTo(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
