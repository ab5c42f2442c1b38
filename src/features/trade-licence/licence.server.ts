import { db, type Db } from '../../server/db';
import { premisesOf } from './staff-facts';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { channelsFor, pokeOutbox, queueMessages } from '../../server/outbox';
import { pathIn, type Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { defineJob, type JobContext } from '../../server/jobs';
import { findCase } from '../cases/case-queries.server';
import { takeStep, takeStepWithin, SYSTEM_ACTOR } from '../cases/cases.server';
import type { Payable } from '../payments/payable';
import type { Application } from './application-schema';
import { tradeTypes } from './catalogue.server';
import { TRADE_LICENCE } from './trade-licence.service';
import { endOfIndianDay, indianDate, addDays } from '../../lib/india-time';
import { takeNumber } from '../../server/numbering';
import { isNumberOf, type NumberSeries } from '../../lib/number-series';

/**
 * The licence itself: billed through the payments feature once approved (kind 'trade-licence', the
 * application's number), issued in the receipt's transaction with its number and validity, verified by
 * anyone by its number, reminded of before it ends and expired on the day after.
 */
export const TRADE_LICENCE_KIND = 'trade-licence';

/** The licences' series, declared by the trade licence module: numbered in the financial year applied for. */
export const LICENCE_SERIES: NumberSeries = { name: 'licence', code: 'TLN', shows: 'financial-year' };

export const isLicenceNumber = (value: string) => isNumberOf(LICENCE_SERIES, value);

export { premisesOf } from './staff-facts';

/** The last day of a financial year ('2026-27' → 2027-03-31). */
const endOfFinancialYear = (fy: string) => `${Number(fy.slice(0, 4)) + 1}-03-31`;

/** A day `months` calendar months after `from`, less one day: 2026-11-26 + 36 months → 2029-11-25. */
function monthsOn(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number);
  return addDays(new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10), -1);
}

/** From the later of the day paid and the start of the year applied for, to the year's end or the trade type's months. */
export function validityOf(data: Application, paidOn: string, validityMonths: number): { validFrom: string; validUntil: string } {
  const yearStart = `${data.financialYear.slice(0, 4)}-04-01`;
  const validFrom = paidOn > yearStart ? paidOn : yearStart;
  return { validFrom, validUntil: validityMonths > 0 ? monthsOn(validFrom, validityMonths) : endOfFinancialYear(data.financialYear) };
}

interface BillDetails {
  feePaise: number;
}

export const tradeLicencePayable: Payable = {
  kind: TRADE_LICENCE_KIND,
  title: { en: 'Trade licence fee', hi: 'व्यापार लाइसेंस शुल्क' },
  referenceName: { en: 'Application number', hi: 'आवेदन संख्या' },
  async quote(trx, reference, request) {
    const found = await findCase(reference, now(), trx, [TRADE_LICENCE]);
    if (!found || (!request.atCounter && found.contact.mobile !== request.mobile)) throw new HttpError(404, 'No application has this number with this mobile number.');
    if (found.state !== 'PendingPayment') throw new HttpError(409, `The fee is paid once the application is approved; it is ${(TRADE_LICENCE.states as Record<string, { en: string }>)[found.state]?.en ?? found.state}.`);
    const feePaise = Number((found.data as Application).feePaise);
    const details: BillDetails = { feePaise };
    const endOfDay = new Date(endOfIndianDay(now()) - 1).toISOString();
    return { amountPaise: feePaise, description: `Trade licence fee ${reference}`, payer: { name: found.contact.name, mobile: found.contact.mobile, email: found.contact.email || undefined }, details, validUntil: endOfDay };
  },
  async onPaid(trx, bill, receipt) {
    const found = await findCase(bill.reference, now(), trx, [TRADE_LICENCE]);
    if (!found) throw new Error(`no application ${bill.reference}`);
    const data = found.data as Application;
    const type = (await tradeTypes(trx)).find((t) => t.code === data.tradeType);
    const { validFrom, validUntil } = validityOf(data, indianDate(now()), type?.validityMonths ?? 0);
    const issuedAt = new Date(now()).toISOString();
    const ward = await trx.selectFrom('ward').select('ward_number').where('id', '=', data.wardId).executeTakeFirst();
    const { number: licenceNumber } = await takeNumber(trx, LICENCE_SERIES, indianDate(now()), data.financialYear);
    await trx
      .insertInto('trade_licence')
      .values({
        number: licenceNumber, case_id: found.id, trade_name: data.tradeName, trade_type: data.tradeType, ward: ward?.ward_number ?? '',
        address: premisesOf(data), valid_from: validFrom, valid_until: validUntil, receipt_id: receipt.id, issued_at: issuedAt, cancelled_at: null,
      })
      .execute();
    await takeStepWithin(trx, TRADE_LICENCE, bill.reference, 'pay', { note: `Licence ${licenceNumber}, valid ${validFrom} to ${validUntil}.`, fields: { licenceNumber, validFrom, validUntil, receipt: receipt.number } }, SYSTEM_ACTOR);
  },
  async onCancelled(trx, receipt) {
    // A bounced cheque: the licence it paid for stands cancelled.
    await trx.updateTable('trade_licence').set({ cancelled_at: new Date(now()).toISOString() }).where('receipt_id', '=', receipt.id).where('cancelled_at', 'is', null).execute();
  },
  async receiptLines(database, receiptId, lang) {
    const licence = await database.selectFrom('payment_receipt').select(['reference', 'amount_paise']).where('id', '=', receiptId).executeTakeFirstOrThrow();
    return [{ label: `${lang === 'hi' ? 'व्यापार लाइसेंस शुल्क' : 'Trade licence fee'} ${licence.reference}`, amountPaise: licence.amount_paise }];
  },
  returnPath: (lang: Lang, transactionId: string) => pathIn(lang, `/tradelicense/track?txn=${encodeURIComponent(transactionId)}`),
  // The applicant is written to in the language they applied in.
  payerLang: async (database, reference) => {
    const row = await database.selectFrom('service_case').select('lang').where('number', '=', reference).where('service', '=', TRADE_LICENCE.name).executeTakeFirst();
    return row ? (row.lang === 'hi' ? 'hi' : 'en') : null;
  },
};

/**
 * An application as the counter finds it by its number: the trade, the state, the fee and the receipts taken
 * for it (the counter takes the fee through the payable above, as a payment online does).
 */
export async function applicationAtCounter(number: string, database: Db = db()) {
  const found = await findCase(number, now(), database, [TRADE_LICENCE]);
  if (!found) return null;
  const data = found.data as Application;
  const receipts = await database
    .selectFrom('payment_receipt')
    .select(['number', 'token', 'amount_paise', 'mode', 'state'])
    .where('kind', '=', TRADE_LICENCE_KIND)
    .where('reference', '=', found.number)
    .orderBy('id')
    .execute();
  return {
    number: found.number, state: found.state, stateWords: (TRADE_LICENCE.states as Record<string, { en: string }>)[found.state]?.en ?? found.state, tradeName: data.tradeName, holder: found.contact.name,
    feePaise: Number(data.feePaise), payable: found.state === 'PendingPayment', licenceNumber: data.licenceNumber ?? null,
    receipts: receipts.map((r) => ({ number: r.number, token: r.token, amountPaise: r.amount_paise, mode: r.mode, state: r.state })),
  };
}

export type LicenceStatus = 'valid' | 'expired' | 'cancelled';

/** What anyone may know of a licence: its status, the trade's name, type, place and validity; nothing of its owners. */
export interface PublicLicence {
  number: string;
  status: LicenceStatus;
  tradeName: string;
  tradeType: { en: string; hi: string };
  ward: string;
  address: string;
  validFrom: string;
  validUntil: string;
}

/** Cancelled by the approver (the case) or by a bounced cheque (the licence); expired from the day after its last day. */
export function licenceStatus(row: { cancelled_at: string | null; state: string; valid_until: string }, today: string): LicenceStatus {
  return row.cancelled_at || row.state === 'Cancelled' ? 'cancelled' : row.valid_until < today ? 'expired' : 'valid';
}

export async function publicLicence(number: string, database: Db = db(), at = now()): Promise<PublicLicence | null> {
  if (!isLicenceNumber(number)) return null;
  const row = await database
    .selectFrom('trade_licence')
    .innerJoin('service_case', 'service_case.id', 'trade_licence.case_id')
    .selectAll('trade_licence')
    .select('service_case.state')
    .where('trade_licence.number', '=', number)
    .executeTakeFirst();
  if (!row) return null;
  const type = (await tradeTypes(database)).find((t) => t.code === row.trade_type);
  const status = licenceStatus(row, indianDate(at));
  return {
    number: row.number, status, tradeName: row.trade_name, tradeType: { en: type?.en ?? row.trade_type, hi: type?.hi ?? row.trade_type },
    ward: row.ward, address: row.address, validFrom: row.valid_from, validUntil: row.valid_until,
  };
}

/** Days before the end of a licence when its holder is reminded to renew. */
export const REMINDER_DAYS = [30, 7, 1] as const;

/**
 * Reminds each holder of a licence ending 30 days, 7 days and one day from today, once each (the outbox
 * reference names the licence and the reminder, so a second run finds it sent).
 */
export async function sendRenewalReminders({ database, now: at }: JobContext): Promise<number> {
  const today = indianDate(at);
  let sent = 0;
  for (const days of REMINDER_DAYS) {
    const ending = await database
      .selectFrom('trade_licence')
      .innerJoin('service_case', 'service_case.id', 'trade_licence.case_id')
      .innerJoin('case_contact', 'case_contact.case_id', 'service_case.id')
      .select(['trade_licence.number', 'trade_licence.valid_until', 'case_contact.mobile', 'case_contact.email', 'service_case.lang'])
      .where('trade_licence.valid_until', '=', addDays(today, days))
      .where('trade_licence.cancelled_at', 'is', null)
      .where('service_case.state', '=', 'Issued')
      .execute();
    for (const licence of ending) {
      const reference = `${licence.number}:renew-${days}`;
      const done = await database.transaction().execute(async (trx) => {
        const already = await trx.selectFrom('outbox_message').select('id').where('reference', '=', reference).executeTakeFirst();
        if (already) return false;
        const lang: Lang = licence.lang === 'hi' ? 'hi' : 'en';
        const t = messages(lang).tradeLicenceMessages;
        const body = t.reminder(licence.number, licence.valid_until);
        await queueMessages(trx, channelsFor({ mobile: licence.mobile, email: licence.email }).map((to) => ({ ...to, lang, subject: body, body, reference })));
        return true;
      });
      if (done) sent++;
    }
  }
  if (sent > 0) void pokeOutbox(database);
  return sent;
}

/** Takes the expire step for every issued licence whose last valid day is before today. */
export async function expireLicences({ database, now: at }: JobContext): Promise<number> {
  const today = indianDate(at);
  const ended = await database
    .selectFrom('trade_licence')
    .innerJoin('service_case', 'service_case.id', 'trade_licence.case_id')
    .select('service_case.number')
    .where('trade_licence.valid_until', '<', today)
    .where('service_case.state', '=', 'Issued')
    .limit(200)
    .execute();
  let expired = 0;
  for (const { number } of ended) {
    try {
      await takeStep(TRADE_LICENCE, number, 'expire', { note: '' }, SYSTEM_ACTOR, database);
      expired++;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err; // moved on meanwhile
    }
  }
  return expired;
}

export const TRADE_LICENCE_JOBS = [
  defineJob({ name: 'trade-licence-reminders', everyMinutes: 60, run: async (context) => void (await sendRenewalReminders(context)) }),
  defineJob({ name: 'trade-licence-expiry', everyMinutes: 60, run: async (context) => void (await expireLicences(context)) }),
];
