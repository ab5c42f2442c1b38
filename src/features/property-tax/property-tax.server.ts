import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { pathIn, type Lang } from '../../i18n/lang';
import type { Payable } from '../payments/payable';
import { allocate, dateInYear, dueOn, financialYearOf, totalDue, totalWithoutRebate, type Allocation, type DemandLine, type LineDue, type TaxRules } from './tax-arithmetic';
import { indianDate, indianDayEnd } from '../../lib/india-time';
import { rupees } from '../payments/money';
import { admitLookup } from '../grievance/grievance-limits.server';

/**
 * Property tax: a property's demand as of today, head by head, what has been paid and by which receipt, and
 * the payable that lets the payments feature bill it ('property-tax', property number).
 */
export const PROPERTY_TAX = 'property-tax';

/** An Indian mobile: ten digits starting 6-9, with +91 or 0 in front allowed. Null otherwise. */
export function parseMobile(raw: unknown): string | null {
  const digits = String(raw ?? '').replace(/[\s-]/g, '').replace(/^(\+91|0091|0)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** A property number as typed: upper case, no spaces; null when it cannot be one. */
export function parsePropertyNumber(raw: unknown): string | null {
  const value = String(raw ?? '').trim().toUpperCase().replace(/\s+/g, '');
  return /^[A-Z0-9][A-Z0-9/-]{2,39}$/.test(value) ? value : null;
}

export interface TaxSettings extends TaxRules {
  partialAllowed: boolean;
  partialMinPaise: number;
}

export async function readTaxSettings(database: Db = db()): Promise<TaxSettings> {
  const s = await database.selectFrom('property_tax_setting').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    rebateBp: s.rebate_bp,
    rebateUntil: s.rebate_until,
    penaltyBpPerMonth: s.penalty_bp_per_month,
    penaltyAfter: s.penalty_after,
    partialAllowed: s.partial_allowed === 1,
    partialMinPaise: s.partial_min_paise,
  };
}

export type PropertyRow = NonNullable<Awaited<ReturnType<typeof propertyByNumber>>>;

export async function propertyByNumber(number: string, database: Db = db()) {
  return database.selectFrom('property').selectAll().where('number', '=', number).executeTakeFirst();
}

/** The property when its number and the mobile on record match; one answer (null) for every kind of mismatch. */
export async function propertyFor(numberRaw: unknown, mobileRaw: unknown, database: Db = db()): Promise<PropertyRow | null> {
  const number = parsePropertyNumber(numberRaw);
  const mobile = parseMobile(mobileRaw);
  if (!number || !mobile) return null;
  const found = await propertyByNumber(number, database);
  return found && found.mobile === mobile ? found : null;
}

/**
 * A stranger's look-up by number and mobile (the tax pages, the public API): propertyFor, counted against the
 * client address's failed look-ups, the same budget as tracking a grievance, so that mobiles cannot be tried
 * one after another against a number. Refused (429) once the address has spent it.
 */
export async function lookUpProperty(numberRaw: unknown, mobileRaw: unknown, address: string): Promise<PropertyRow | null> {
  const lookup = await admitLookup(address);
  const found = await propertyFor(numberRaw, mobileRaw);
  if (found) await lookup.found();
  return found;
}

/** Each demand line with the principal and penalty paid on it by valid receipts. */
export async function demandLines(propertyId: number, database: Db = db()): Promise<DemandLine[]> {
  const demands = await database
    .selectFrom('property_tax_demand')
    .innerJoin('property_tax_head', 'property_tax_head.code', 'property_tax_demand.head')
    .select(['fy', 'head', 'amount_paise', 'property_tax_head.position'])
    .where('property_id', '=', propertyId)
    .orderBy('fy')
    .orderBy('property_tax_head.position')
    .execute();
  const paid = await database
    .selectFrom('property_tax_payment')
    .innerJoin('payment_receipt', 'payment_receipt.id', 'property_tax_payment.receipt_id')
    .select(['property_tax_payment.fy', 'property_tax_payment.head', 'principal_paise', 'penalty_paise'])
    .where('property_tax_payment.property_id', '=', propertyId)
    .where('payment_receipt.state', '=', 'valid')
    .execute();
  return demands.map((d) => {
    const mine = paid.filter((p) => p.fy === d.fy && p.head === d.head);
    return {
      fy: d.fy,
      head: d.head,
      amountPaise: d.amount_paise,
      paidPaise: mine.reduce((s, p) => s + p.principal_paise, 0),
      penaltyPaidPaise: mine.reduce((s, p) => s + p.penalty_paise, 0),
    };
  });
}

export interface HeadName {
  code: string;
  en: string;
  hi: string;
}

export async function headNames(database: Db = db()): Promise<Map<string, HeadName>> {
  const rows = await database.selectFrom('property_tax_head').selectAll().orderBy('position').execute();
  return new Map(rows.map((r) => [r.code, { code: r.code, en: r.name_en, hi: r.name_hi }]));
}

export interface ReceiptLine {
  number: string;
  paidAt: string;
  amountPaise: number;
  mode: string;
  state: 'valid' | 'cancelled';
  token: string;
}

export interface Statement {
  property: PropertyRow;
  today: string;
  currentYear: string;
  settings: TaxSettings;
  demands: DemandLine[];
  due: LineDue[];
  totalDuePaise: number;
  /** What a part payment is measured against: the total without any rebate. */
  totalWithoutRebatePaise: number;
  rebateUntil: string;
  receipts: ReceiptLine[];
}

/** Everything a payer or the counter sees of one property, as of the server's today. */
export async function statementOf(property: PropertyRow, database: Db = db(), at = now()): Promise<Statement> {
  const today = indianDate(at);
  const settings = await readTaxSettings(database);
  const demands = await demandLines(property.id, database);
  const due = dueOn(demands, settings, today);
  const receipts = await database
    .selectFrom('payment_receipt')
    .select(['number', 'paid_at', 'amount_paise', 'mode', 'state', 'token'])
    .where('kind', '=', PROPERTY_TAX)
    .where('reference', '=', property.number)
    .orderBy('paid_at', 'desc')
    .execute();
  const currentYear = financialYearOf(today);
  return {
    property,
    today,
    currentYear,
    settings,
    demands,
    due,
    totalDuePaise: totalDue(due),
    totalWithoutRebatePaise: totalWithoutRebate(due),
    rebateUntil: dateInYear(currentYear, settings.rebateUntil),
    receipts: receipts.map((r) => ({ number: r.number, paidAt: r.paid_at, amountPaise: r.amount_paise, mode: r.mode, state: r.state, token: r.token })),
  };
}

/**
 * The amount a payer may pay now: the whole bill, or, where the council allows part payment, any amount from
 * the minimum (or the whole, if that is less) up to the total without rebate. Throws a 400 that says why.
 */
export function checkAmount(statement: Statement, amountPaise: number | undefined): number {
  const whole = statement.totalDuePaise;
  if (amountPaise === undefined || amountPaise === whole) return whole;
  const { partialAllowed, partialMinPaise } = statement.settings;
  if (!partialAllowed) throw new HttpError(400, 'Only the whole amount due can be paid.', { amount: 'whole' });
  const ceiling = statement.totalWithoutRebatePaise;
  const floor = Math.min(partialMinPaise, ceiling);
  if (!Number.isInteger(amountPaise) || amountPaise < floor || amountPaise > ceiling) {
    // Said in rupees: the cashier at the counter types rupees, and reads this message as it is.
    throw new HttpError(400, `A part payment must be from ₹${rupees(floor)} to ₹${rupees(ceiling)}.`, { amount: 'range' });
  }
  return amountPaise;
}

interface BillDetails {
  propertyId: number;
  allocation: Allocation[];
}

export const propertyTaxPayable: Payable = {
  kind: PROPERTY_TAX,
  title: { en: 'Property tax', hi: 'संपत्ति कर' },
  referenceName: { en: 'Property number', hi: 'संपत्ति संख्या' },
  async quote(trx, reference, request) {
    const property = request.atCounter ? ((await propertyByNumber(reference, trx)) ?? null) : await propertyFor(reference, request.mobile, trx);
    if (!property) throw new HttpError(404, 'No property has this number with this mobile number on record.');
    const statement = await statementOf(property, trx);
    if (statement.totalDuePaise <= 0) throw new HttpError(409, 'Nothing is due on this property.');
    const amountPaise = checkAmount(statement, request.amountPaise);
    const details: BillDetails = { propertyId: property.id, allocation: allocate(statement.due, amountPaise) };
    const endOfDay = new Date(indianDayEnd(statement.today) - 1).toISOString();
    return {
      amountPaise,
      description: `Property tax ${property.number}`,
      payer: { name: property.holder_name, mobile: property.mobile },
      details,
      validUntil: endOfDay,
    };
  },
  async onPaid(trx, bill, receipt) {
    const details = bill.details as BillDetails;
    if (details.allocation.length === 0) return;
    await trx
      .insertInto('property_tax_payment')
      .values(details.allocation.map((a) => ({ receipt_id: receipt.id, property_id: details.propertyId, fy: a.fy, head: a.head, principal_paise: a.principalPaise, penalty_paise: a.penaltyPaise, rebate_paise: a.rebatePaise })))
      .execute();
  },
  async onCancelled() {
    // The payment rows stay as history; demandLines counts only valid receipts, so the amount is owed again.
  },
  async receiptLines(database, receiptId, lang) {
    const heads = await headNames(database);
    const rows = await database.selectFrom('property_tax_payment').selectAll().where('receipt_id', '=', receiptId).orderBy('fy').orderBy('id').execute();
    const words = lang === 'hi' ? { penalty: 'दंड', rebate: 'छूट' } : { penalty: 'penalty', rebate: 'rebate' };
    const lines: { label: string; amountPaise: number }[] = [];
    for (const r of rows) {
      const name = heads.get(r.head)?.[lang] ?? r.head;
      if (r.principal_paise) lines.push({ label: `${r.fy} ${name}`, amountPaise: r.principal_paise });
      if (r.penalty_paise) lines.push({ label: `${r.fy} ${name}: ${words.penalty}`, amountPaise: r.penalty_paise });
      if (r.rebate_paise) lines.push({ label: `${r.fy} ${name}: ${words.rebate}`, amountPaise: -r.rebate_paise });
    }
    return lines;
  },
  returnPath: (lang: Lang, transactionId: string) => pathIn(lang, `/paypropertytax?txn=${encodeURIComponent(transactionId)}`),
  // A bounced cheque's notice sends the holder here, the property's number filled in. The register keeps no
  // holder's language, so that notice is written in Hindi and English together.
  payPath: (lang: Lang, reference: string) => pathIn(lang, `/paypropertytax?number=${encodeURIComponent(reference)}`),
};

/** The properties on record for a mobile (a signed-in citizen's /my). */
export async function propertiesOfMobile(mobile: string, database: Db = db()): Promise<PropertyRow[]> {
  return database.selectFrom('property').selectAll().where('mobile', '=', mobile).orderBy('number').limit(50).execute();
}
