import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db';
import { channelsFor, queueMessages } from '../../server/outbox';
import { siteOrigin } from '../../server/config';
import { COUNCIL } from '../../lib/council-placeholders';
import { rupees } from './money';
import { payableOf } from './payable';
import { indianDate } from '../../lib/india-time';
import { takeNumber } from '../../server/numbering';
import { RECEIPT_SERIES } from './receipt-series';
import { formatWhen } from '../../lib/format';
import { checkCodeMatches, receiptCheckCode } from './receipt-check';
import { pathIn, type Lang } from '../../i18n/lang';

/**
 * Receipts: one series per financial year for online and counter payments alike (`<short name>-RCT-2026-27-000042`),
 * numbered in the transaction that issues them, so a number is never given twice nor skipped by a rollback.
 * A receipt exists only with its bill marked paid (valid_bill_id is unique: a bill is paid at most once), and
 * the service's own record (Payable.onPaid) and the messages to the payer are written in the same transaction.
 */

export type ReceiptMode = 'online' | 'cash' | 'cheque' | 'dd' | 'upi';

export interface IssueInput {
  billId: number;
  mode: ReceiptMode;
  amountPaise: number;
  paidAt: number;
  transactionId?: number;
  cashierId?: number;
  instrument?: string;
  /** Tell the payer by SMS and email (false only for history written by the demo seed). */
  notify?: boolean;
}

export class BillAlreadyPaid extends Error {}

/** The address that verifies a number; a receipt's carries its check code, so that the QR code shows its facts. */
export const verifyUrl = (lang: Lang, number: string, checkCode?: string) =>
  `${siteOrigin()}${verifyPath(lang, number, checkCode)}`;

export const verifyPath = (lang: Lang, number: string, checkCode?: string) =>
  pathIn(lang, `/verify/${encodeURIComponent(number)}${checkCode ? `?code=${encodeURIComponent(checkCode)}` : ''}`);

/** Issues the receipt for an open bill, in the caller's transaction. Throws BillAlreadyPaid when the bill is not open. */
export async function issueReceipt(trx: Db, input: IssueInput): Promise<{ id: number; number: string; token: string }> {
  const bill = await trx.selectFrom('payment_bill').selectAll().where('id', '=', input.billId).executeTakeFirstOrThrow();
  const marked = await trx
    .updateTable('payment_bill')
    .set({ state: 'paid', open_key: null })
    .where('id', '=', bill.id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw new BillAlreadyPaid(`bill ${bill.id} is ${bill.state}`);
  const { number, serial: seq, year: fy } = await takeNumber(trx, RECEIPT_SERIES, indianDate(input.paidAt));
  const token = randomBytes(18).toString('base64url');
  const inserted = await trx
    .insertInto('payment_receipt')
    .values({
      number,
      fy,
      seq,
      bill_id: bill.id,
      valid_bill_id: bill.id,
      transaction_id: input.transactionId ?? null,
      kind: bill.kind,
      reference: bill.reference,
      mode: input.mode,
      instrument: input.instrument ?? '',
      amount_paise: input.amountPaise,
      paid_at: new Date(input.paidAt).toISOString(),
      cashier_id: input.cashierId ?? null,
      state: 'valid',
      cancelled_at: null,
      token,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payable = payableOf(bill.kind);
  await payable.onPaid(trx, { billId: bill.id, reference: bill.reference, amountPaise: input.amountPaise, details: JSON.parse(bill.details_json) }, { id: inserted.id, number });
  const lang = bill.lang === 'hi' ? 'hi' : 'en';
  const title = payable.title[lang];
  // The payer reads when they paid as the receipt says it: India's date and time in their language.
  const paidWhen = formatWhen(new Date(input.paidAt).toISOString(), lang);
  const body =
    lang === 'hi'
      ? `${COUNCIL.name}: ${title} (${bill.reference}) के ₹${rupees(input.amountPaise)} की रसीद ${number}, ${paidWhen}। जाँचें: ${verifyUrl('hi', number, receiptCheckCode(token, number))}`
      : `${COUNCIL.name}: receipt ${number} for ₹${rupees(input.amountPaise)}, ${title} (${bill.reference}), ${paidWhen}. Verify: ${verifyUrl('en', number, receiptCheckCode(token, number))}`;
  const subject = lang === 'hi' ? `रसीद ${number}` : `Receipt ${number}`;
  if (input.notify === false) return { id: inserted.id, number, token };
  await queueMessages(
    trx,
    channelsFor({ mobile: bill.payer_mobile || undefined, email: bill.payer_email || undefined }).map((c) => ({ ...c, lang, subject, body, reference: number })),
  );
  return { id: inserted.id, number, token };
}

/** Cancels a valid receipt (a bounced cheque): the bill is open again for payment, the service undoes its record. */
export async function cancelReceipt(trx: Db, number: string, reason: string, at: number): Promise<{ id: number; billId: number } | null> {
  const receipt = await trx.selectFrom('payment_receipt').selectAll().where('number', '=', number).executeTakeFirst();
  if (!receipt || receipt.state !== 'valid') return null;
  // Only while still valid: of two cancellations at once (a double press), the second finds it done and does nothing.
  const cancelled = await trx
    .updateTable('payment_receipt')
    .set({ state: 'cancelled', valid_bill_id: null, cancelled_at: new Date(at).toISOString(), cancel_reason: reason })
    .where('id', '=', receipt.id)
    .where('state', '=', 'valid')
    .executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) !== 1) return null;
  // The bill stays paid-and-reversed as history; the payable's next bill asks for the money again.
  await trx.updateTable('payment_bill').set({ state: 'cancelled', open_key: null }).where('id', '=', receipt.bill_id).execute();
  await payableOf(receipt.kind).onCancelled(trx, { id: receipt.id, number: receipt.number });
  return { id: receipt.id, billId: receipt.bill_id };
}

/** What the holder of a receipt (its number and check code) may learn of it at /verify: nothing personal. */
export interface PublicReceipt {
  number: string;
  state: 'valid' | 'cancelled';
  amountPaise: number;
  paidOn: string;
  kind: string;
  reference: string;
  mode: ReceiptMode;
  cancelledOn: string | null;
}

/**
 * A receipt verified: by its number alone, only whether it is valid; with its check code, its public facts
 * (details). A code that is not the receipt's is said to be so (codeRefused), and shows no more than none.
 */
export interface VerifiedReceipt {
  number: string;
  state: 'valid' | 'cancelled';
  details: PublicReceipt | null;
  codeRefused: boolean;
}

export async function verifyReceipt(database: Db, number: string, checkCode: string | null): Promise<VerifiedReceipt | null> {
  if (number.length > 40) return null;
  const r = await database.selectFrom('payment_receipt').selectAll().where('number', '=', number).executeTakeFirst();
  if (!r) return null;
  const holder = checkCode !== null && checkCodeMatches(checkCode, r.token, r.number);
  const details: PublicReceipt | null = holder
    ? {
        number: r.number,
        state: r.state,
        amountPaise: r.amount_paise,
        paidOn: indianDate(Date.parse(r.paid_at)),
        kind: r.kind,
        reference: r.reference,
        mode: r.mode,
        cancelledOn: r.cancelled_at ? indianDate(Date.parse(r.cancelled_at)) : null,
      }
    : null;
  return { number: r.number, state: r.state, details, codeRefused: checkCode !== null && !holder };
}
