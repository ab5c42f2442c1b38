import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { pathIn, type Lang } from '../../i18n/lang';
import { endOfIndianDay, indianDate } from '../../lib/india-time';
import { findCase } from '../cases/case-queries.server';
import { takeStepWithin, SYSTEM_ACTOR } from '../cases/cases.server';
import { admitLookup } from '../grievance/grievance-limits.server';
import { parseMobile } from '../property-tax/property-tax.server';
import type { Payable } from '../payments/payable';
import { CONNECTION_FEE_KIND, WATER_CHARGES_KIND, outstandingPaise } from './requirements';
import { WATER, type WaterApplication } from './water.service';
import { waterWords } from './water-words';
import { takeNumber } from '../../server/numbering';
import { isNumberOf, type NumberSeries } from '../../lib/number-series';

/**
 * A connection once paid for: the fee and deposit are a payable (kind 'water-connection', the application's
 * number) whose receipt lays the connection in its own transaction, numbering it and making the plumber's
 * work order; its quarterly bills are another (kind 'water-charges', the connection's number), part payments
 * allowed, every payment counted against the oldest bill first.
 */
/** The numbers a connection is given when laid, each a series that counts for good: its own, the plumber's work order's, and a metered connection's meter's. */
export const CONNECTION_SERIES: NumberSeries = { name: 'water-connection', code: 'WC', shows: 'nothing' };
export const WORK_ORDER_SERIES: NumberSeries = { name: 'water-work-order', code: 'WO', shows: 'nothing' };
export const METER_SERIES: NumberSeries = { name: 'water-meter', code: 'WM', shows: 'nothing' };
export const isConnectionNumber = (value: string) => isNumberOf(CONNECTION_SERIES, value);

const stateWords = (state: string) => (WATER.states as Record<string, { en: string }>)[state]?.en ?? state;
const endOfToday = () => new Date(endOfIndianDay(now()) - 1).toISOString();

export const connectionFeePayable: Payable = {
  kind: CONNECTION_FEE_KIND,
  title: { en: 'Water connection fee and deposit', hi: 'जल संयोजन शुल्क और सुरक्षा जमा' },
  referenceName: { en: 'Application number', hi: 'आवेदन संख्या' },
  async quote(trx, reference, request) {
    const found = await findCase(reference, now(), trx, [WATER]);
    if (!found || (!request.atCounter && found.contact.mobile !== request.mobile)) throw new HttpError(404, 'No application has this number with this mobile number.');
    if (found.state !== 'PendingPayment') throw new HttpError(409, `The fee is paid once the application is approved; it is ${stateWords(found.state)}.`);
    const data = found.data as unknown as WaterApplication;
    return {
      amountPaise: data.feePaise, description: `Water connection ${reference}`, payer: { name: found.contact.name, mobile: found.contact.mobile, email: found.contact.email || undefined },
      details: { connectionFeePaise: data.connectionFeePaise, depositPaise: data.depositPaise }, validUntil: endOfToday(),
    };
  },
  async onPaid(trx, bill, receipt) {
    const found = await findCase(bill.reference, now(), trx, [WATER]);
    if (!found) throw new Error(`no water application ${bill.reference}`);
    const data = found.data as unknown as WaterApplication;
    const property = await trx.selectFrom('property').select(['ward']).where('number', '=', data.propertyNumber).executeTakeFirst();
    const today = indianDate(now());
    const connectionNumber = (await takeNumber(trx, CONNECTION_SERIES, today)).number;
    const workOrder = (await takeNumber(trx, WORK_ORDER_SERIES, today)).number;
    const meterNumber = data.billing === 'metered' ? (await takeNumber(trx, METER_SERIES, today)).number : '';
    await trx
      .insertInto('water_connection')
      .values({
        number: connectionNumber, case_id: found.id, property_number: data.propertyNumber, ward: property?.ward ?? '', holder_name: found.contact.name,
        mobile: found.contact.mobile, connection_type: data.connectionType, pipe_mm: data.pipeMm, billing: data.billing, meter_number: meterNumber, connected_on: today,
        work_order: workOrder, receipt_id: receipt.id,
      })
      .execute();
    await takeStepWithin(trx, WATER, bill.reference, 'pay', {
      note: `Connection ${connectionNumber}; plumber's work order ${workOrder}.`, fields: { connectionNumber, workOrder, receipt: receipt.number },
    }, SYSTEM_ACTOR);
  },
  async onCancelled() {
    // A bounced cheque for the fee leaves the connection on record; the office recovers the fee (docs/deviations.md).
  },
  async receiptLines(database, receiptId, lang) {
    const receipt = await database.selectFrom('payment_receipt').select(['reference', 'bill_id']).where('id', '=', receiptId).executeTakeFirstOrThrow();
    const billRow = await database.selectFrom('payment_bill').select('details_json').where('id', '=', receipt.bill_id).executeTakeFirstOrThrow();
    const details = JSON.parse(billRow.details_json) as { connectionFeePaise: number; depositPaise: number };
    const w = waterWords(lang).facts;
    return [
      { label: `${w.fee} ${receipt.reference}`, amountPaise: details.connectionFeePaise },
      { label: `${w.deposit} ${receipt.reference}`, amountPaise: details.depositPaise },
    ];
  },
  returnPath: (lang: Lang, transactionId: string) => pathIn(lang, `/water/track?txn=${encodeURIComponent(transactionId)}`),
  payerLang: async (database, reference) => {
    const row = await database.selectFrom('service_case').select('lang').where('number', '=', reference).where('service', '=', WATER.name).executeTakeFirst();
    return row ? (row.lang === 'hi' ? 'hi' : 'en') : null;
  },
};

export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof connectionByNumber>>>;

export async function connectionByNumber(number: string, database: Db = db()) {
  return database
    .selectFrom('water_connection')
    .innerJoin('service_case', 'service_case.id', 'water_connection.case_id')
    .selectAll('water_connection')
    .select(['service_case.state', 'service_case.number as application_number', 'service_case.lang'])
    .where('water_connection.number', '=', number)
    .executeTakeFirst();
}

/** A connection whose number and holder's mobile match; one answer (null) for every kind of mismatch. */
export async function connectionFor(numberRaw: unknown, mobileRaw: unknown, database: Db = db()): Promise<ConnectionRow | null> {
  const number = String(numberRaw ?? '').trim().toUpperCase();
  const mobile = parseMobile(mobileRaw);
  if (!isConnectionNumber(number) || !mobile) return null;
  const found = await connectionByNumber(number, database);
  return found && found.mobile === mobile ? found : null;
}

/** A stranger's look-up by number and mobile, counted against their address's failures as a property's is. */
export async function lookUpConnection(numberRaw: unknown, mobileRaw: unknown, address: string): Promise<ConnectionRow | null> {
  const lookup = await admitLookup(address);
  const found = await connectionFor(numberRaw, mobileRaw);
  if (found) await lookup.found();
  return found;
}

/** Connections are billed while the water flows: connected, or asked to be cut but not yet cut. */
export const BILLED_STATES = ['Connected', 'DisconnectionRequested'];

export const waterChargesPayable: Payable = {
  kind: WATER_CHARGES_KIND,
  title: { en: 'Water charges', hi: 'जल शुल्क' },
  referenceName: { en: 'Connection number', hi: 'संयोजन संख्या' },
  async quote(trx, reference, request) {
    const connection = request.atCounter ? ((await connectionByNumber(reference, trx)) ?? null) : await connectionFor(reference, request.mobile, trx);
    if (!connection) throw new HttpError(404, 'No connection has this number with this mobile number on record.');
    const owed = await outstandingPaise(trx, connection.id);
    if (owed <= 0) throw new HttpError(409, waterWords('en').refusals.nothingDue);
    const amountPaise = request.amountPaise ?? owed;
    // Any whole amount up to what is owed: a household pays what it can, and the rest stays in arrears.
    if (!Number.isSafeInteger(amountPaise) || amountPaise < 100 || amountPaise > owed) {
      throw new HttpError(400, `A part payment must be from ₹1.00 to ₹${(owed / 100).toFixed(2)}.`, { amount: 'range' });
    }
    return {
      amountPaise, description: `Water charges ${connection.number}`, payer: { name: connection.holder_name, mobile: connection.mobile },
      details: { connectionId: connection.id }, validUntil: endOfToday(),
    };
  },
  async onPaid(trx, bill, receipt) {
    const { connectionId } = bill.details as { connectionId: number };
    await trx.insertInto('water_payment').values({ receipt_id: receipt.id, connection_id: connectionId, amount_paise: bill.amountPaise }).execute();
  },
  async onCancelled() {
    // The payment row stays as history; outstandingPaise counts only valid receipts, so the amount is owed again.
  },
  async receiptLines(database, receiptId, lang) {
    const receipt = await database.selectFrom('payment_receipt').select(['reference', 'amount_paise']).where('id', '=', receiptId).executeTakeFirstOrThrow();
    return [{ label: `${lang === 'hi' ? 'जल शुल्क' : 'Water charges'} ${receipt.reference}`, amountPaise: receipt.amount_paise }];
  },
  returnPath: (lang: Lang, transactionId: string) => pathIn(lang, `/water/connection?txn=${encodeURIComponent(transactionId)}`),
  payPath: (lang: Lang, reference: string) => pathIn(lang, `/water/connection?number=${encodeURIComponent(reference)}`),
  payerLang: async (database, reference) => {
    const row = await connectionByNumber(reference, database);
    return row ? (row.lang === 'hi' ? 'hi' : 'en') : null;
  },
};
