import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { dateInYear, dueOn, financialYearOf, type DemandLine } from './tax-arithmetic';
import { readTaxSettings, PROPERTY_TAX } from './property-tax.server';
import { addDays, indianDate, indianDayStart } from '../../lib/india-time';
import { wardCode } from './ward-code';

/**
 * The staff's property tax reports, worked out from the demands and the valid receipts' head-by-head
 * payments with the same arithmetic that bills a payer (tax-arithmetic.ts), all in whole paise:
 * - defaulters: every property with anything owed as of today, with its arrears years, by ward, largest first;
 * - collection against demand by ward, for one Indian day or for the financial year up to and including it.
 */

/** The moment an Indian calendar day starts, as the ISO text receipts are stamped with (UTC). */
const startOfIndianDay = (date: string) => new Date(indianDayStart(date)).toISOString();
const nextDay = (date: string) => addDays(date, 1);

/** A ward as typed in a form or an address ('5' finds ward 05), or null for every ward. */
export const parseWard = wardCode;

export async function wardsOnRecord(database: Db = db()): Promise<string[]> {
  const rows = await database.selectFrom('property').select('ward').distinct().orderBy('ward').execute();
  return rows.map((r) => r.ward);
}

interface PaidRow {
  property_id: number;
  fy: string;
  head: string;
  principal_paise: number;
  penalty_paise: number;
  rebate_paise: number;
  paid_at: string;
}

/** Demands and valid payments of a ward (or all), each list in one query, so a report costs two reads. */
async function ledgerOf(ward: string | null, database: Db) {
  let demandQuery = database
    .selectFrom('property_tax_demand')
    .innerJoin('property', 'property.id', 'property_tax_demand.property_id')
    .innerJoin('property_tax_head', 'property_tax_head.code', 'property_tax_demand.head')
    .select(['property_tax_demand.property_id', 'property.ward', 'fy', 'head', 'amount_paise'])
    .orderBy('property_tax_demand.property_id')
    .orderBy('fy')
    .orderBy('property_tax_head.position');
  let paidQuery = database
    .selectFrom('property_tax_payment')
    .innerJoin('payment_receipt', 'payment_receipt.id', 'property_tax_payment.receipt_id')
    .innerJoin('property', 'property.id', 'property_tax_payment.property_id')
    .select(['property_tax_payment.property_id', 'property_tax_payment.fy', 'property_tax_payment.head', 'principal_paise', 'penalty_paise', 'rebate_paise', 'payment_receipt.paid_at'])
    .where('payment_receipt.state', '=', 'valid')
    .where('payment_receipt.kind', '=', PROPERTY_TAX);
  if (ward) {
    demandQuery = demandQuery.where('property.ward', '=', ward);
    paidQuery = paidQuery.where('property.ward', '=', ward);
  }
  const [demands, paid] = await Promise.all([demandQuery.execute(), paidQuery.execute() as Promise<PaidRow[]>]);
  return { demands, paid };
}

const lineKey = (propertyId: number, fy: string, head: string) => `${propertyId}|${fy}|${head}`;

/** Each property's demand lines with what valid receipts paid on them (before `before`, when given). */
function linesByProperty(ledger: Awaited<ReturnType<typeof ledgerOf>>, before?: string): Map<number, DemandLine[]> {
  const paid = new Map<string, { principal: number; penalty: number }>();
  for (const p of ledger.paid) {
    if (before && p.paid_at >= before) continue;
    const key = lineKey(p.property_id, p.fy, p.head);
    const sum = paid.get(key) ?? { principal: 0, penalty: 0 };
    sum.principal += p.principal_paise;
    sum.penalty += p.penalty_paise;
    paid.set(key, sum);
  }
  const out = new Map<number, DemandLine[]>();
  for (const d of ledger.demands) {
    const p = paid.get(lineKey(d.property_id, d.fy, d.head));
    const lines = out.get(d.property_id) ?? [];
    lines.push({ fy: d.fy, head: d.head, amountPaise: d.amount_paise, paidPaise: p?.principal ?? 0, penaltyPaidPaise: p?.penalty ?? 0 });
    out.set(d.property_id, lines);
  }
  return out;
}

export interface Defaulter {
  number: string;
  ward: string;
  holder: string;
  mobile: string;
  address: string;
  /** The earlier financial years with tax still owed, oldest first. */
  arrearsYears: string[];
  arrearsPaise: number;
  currentPaise: number;
  penaltyPaise: number;
  /** What paying in full today would cost: tax owed plus penalty (no rebate is counted for a defaulter). */
  owedPaise: number;
}

export interface DefaultersReport {
  today: string;
  currentYear: string;
  ward: string | null;
  wards: { ward: string; count: number; owedPaise: number; rows: Defaulter[] }[];
  count: number;
  owedPaise: number;
}

/** Every property with something owed today, by ward (in ward order), each ward's largest amount first. */
export async function defaulters(ward: string | null, database: Db = db(), at = now()): Promise<DefaultersReport> {
  const today = indianDate(at);
  const currentYear = financialYearOf(today);
  const settings = await readTaxSettings(database);
  const ledger = await ledgerOf(ward, database);
  const lines = linesByProperty(ledger);
  let properties = database.selectFrom('property').select(['id', 'number', 'ward', 'holder_name', 'mobile', 'address']);
  if (ward) properties = properties.where('ward', '=', ward);
  const byWard = new Map<string, Defaulter[]>();
  for (const p of await properties.execute()) {
    const due = dueOn(lines.get(p.id) ?? [], settings, today);
    if (due.length === 0) continue;
    const arrears = due.filter((l) => l.fy < currentYear);
    const row: Defaulter = {
      number: p.number,
      ward: p.ward,
      holder: p.holder_name,
      mobile: p.mobile,
      address: p.address,
      arrearsYears: [...new Set(arrears.map((l) => l.fy))],
      arrearsPaise: arrears.reduce((s, l) => s + l.principalPaise, 0),
      currentPaise: due.filter((l) => l.fy >= currentYear).reduce((s, l) => s + l.principalPaise, 0),
      penaltyPaise: due.reduce((s, l) => s + l.penaltyPaise, 0),
      owedPaise: 0,
    };
    row.owedPaise = row.arrearsPaise + row.currentPaise + row.penaltyPaise;
    byWard.set(p.ward, [...(byWard.get(p.ward) ?? []), row]);
  }
  const wards = [...byWard.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, rows]) => {
      rows.sort((a, b) => b.owedPaise - a.owedPaise || (a.number < b.number ? -1 : 1));
      return { ward: name, count: rows.length, owedPaise: rows.reduce((s, r) => s + r.owedPaise, 0), rows };
    });
  return { today, currentYear, ward, wards, count: wards.reduce((s, w) => s + w.count, 0), owedPaise: wards.reduce((s, w) => s + w.owedPaise, 0) };
}

export interface CollectionRow {
  ward: string;
  /** Arrears owed when the year began plus the year's own demand. */
  demandPaise: number;
  /** Money received: tax settled less rebate plus penalty. */
  collectedPaise: number;
  /** Tax settled (the part of the demand that receipts cleared, rebate included). */
  settledPaise: number;
  rebatePaise: number;
  penaltyPaise: number;
  /** Demand not settled by the end of the period. */
  outstandingPaise: number;
  /** settled / demand in basis points (10 000 = 100%), rounded down. */
  percentBp: number;
}

export interface CollectionReport {
  date: string;
  period: 'day' | 'year';
  year: string;
  from: string;
  rows: CollectionRow[];
  total: CollectionRow;
}

/**
 * Collection against demand by ward, for the Indian day `date` (period 'day') or for its financial year from
 * 1 April to the end of that day (period 'year'). Demand is the year's: arrears still owed on 1 April plus
 * the year's own demand. Outstanding is that demand less the tax settled by the end of `date`.
 */
export async function collectionAgainstDemand(date: string, period: 'day' | 'year', database: Db = db()): Promise<CollectionReport> {
  const year = financialYearOf(date);
  const yearStart = startOfIndianDay(dateInYear(year, '04-01'));
  const from = period === 'day' ? startOfIndianDay(date) : yearStart;
  const to = startOfIndianDay(nextDay(date));
  const ledger = await ledgerOf(null, database);
  const wardOf = new Map<number, string>();
  for (const d of ledger.demands) wardOf.set(d.property_id, d.ward);
  const rows = new Map<string, CollectionRow>();
  const rowOf = (ward: string) => {
    let row = rows.get(ward);
    if (!row) rows.set(ward, (row = { ward, demandPaise: 0, collectedPaise: 0, settledPaise: 0, rebatePaise: 0, penaltyPaise: 0, outstandingPaise: 0, percentBp: 0 }));
    return row;
  };
  // Demand: the year's own lines, and what earlier years' lines still owed when the year began.
  const paidBeforeYear = new Map<string, number>();
  for (const p of ledger.paid) {
    if (p.paid_at >= yearStart) continue;
    const key = lineKey(p.property_id, p.fy, p.head);
    paidBeforeYear.set(key, (paidBeforeYear.get(key) ?? 0) + p.principal_paise);
  }
  for (const d of ledger.demands) {
    if (d.fy > year) continue;
    const owed = d.fy === year ? d.amount_paise : Math.max(0, d.amount_paise - (paidBeforeYear.get(lineKey(d.property_id, d.fy, d.head)) ?? 0));
    rowOf(d.ward).demandPaise += owed;
  }
  // Settled within the year by the end of the day, on lines of this year or before: what the demand lost.
  for (const p of ledger.paid) {
    if (p.fy > year || p.paid_at < yearStart || p.paid_at >= to) continue;
    const row = rowOf(wardOf.get(p.property_id) ?? '');
    row.outstandingPaise -= p.principal_paise;
    if (p.paid_at < from) continue;
    row.settledPaise += p.principal_paise;
    row.rebatePaise += p.rebate_paise;
    row.penaltyPaise += p.penalty_paise;
    row.collectedPaise += p.principal_paise - p.rebate_paise + p.penalty_paise;
  }
  const total: CollectionRow = { ward: '', demandPaise: 0, collectedPaise: 0, settledPaise: 0, rebatePaise: 0, penaltyPaise: 0, outstandingPaise: 0, percentBp: 0 };
  const list = [...rows.values()].sort((a, b) => (a.ward < b.ward ? -1 : a.ward > b.ward ? 1 : 0));
  for (const row of list) {
    row.outstandingPaise += row.demandPaise;
    for (const k of ['demandPaise', 'collectedPaise', 'settledPaise', 'rebatePaise', 'penaltyPaise', 'outstandingPaise'] as const) total[k] += row[k];
  }
  for (const row of [...list, total]) row.percentBp = row.demandPaise > 0 ? Math.floor((row.settledPaise * 10_000) / row.demandPaise) : 0;
  return { date, period, year, from: period === 'day' ? date : dateInYear(year, '04-01'), rows: list, total };
}

/** 1234 basis points → '12.34'. */
export const percentText = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
