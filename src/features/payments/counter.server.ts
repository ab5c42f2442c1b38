import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { AcceptedFile } from '../../server/content/uploads';
import type { Actor } from '../../server/audit';
import { payableOf } from './payable';
import { csvRupees, csvText } from './csv';
import { cancelReceipt, issueReceipt, type ReceiptMode } from './receipts.server';
import { queueBounceNotice } from './bounce-notice.server';
import { indianDayEnd, indianDayStart, indianOffsetTime } from '../../lib/india-time';

/**
 * Money taken at the counter by a cashier: cash, cheque, demand draft or UPI, receipted at once in the same
 * series as online payments. The bill and its receipt are written in one transaction, so a counter payment
 * never leaves an open bill behind; while an online payment for the same thing is under way, the counter
 * waits for it (one live payment per payable thing).
 */
export const COUNTER_MODES = ['cash', 'cheque', 'dd', 'upi'] as const;
export type CounterMode = (typeof COUNTER_MODES)[number];

export interface CounterInput {
  kind: string;
  reference: string;
  amountPaise?: number;
  mode: CounterMode;
  /** A cheque's or draft's number and bank, or the UPI reference: required for all but cash. */
  instrument: string;
  /** A scan or photo of the cheque or draft (cheque-scans.server.ts), kept private with the receipt. */
  scan?: AcceptedFile | null;
  cashier: Actor & { id: number };
}

export async function collectAtCounter(input: CounterInput, database: Db = db()): Promise<{ number: string; token: string }> {
  if (!COUNTER_MODES.includes(input.mode)) throw new HttpError(400, 'Choose cash, cheque, demand draft or UPI.', { mode: 'unknown' });
  const instrument = input.instrument.trim().slice(0, 120);
  if (input.mode !== 'cash' && instrument.length < 3) throw new HttpError(400, 'Give the cheque or draft number and bank, or the UPI reference.', { instrument: 'required' });
  if (input.scan && input.mode !== 'cheque' && input.mode !== 'dd') throw new HttpError(400, 'A scan is kept only with a cheque or a demand draft: choose the mode, or leave the scan out.', { scan: 'mode' });
  const payable = payableOf(input.kind);
  const openKey = `${input.kind}|${input.reference}`;
  const uploads = input.scan ? { scan: input.scan } : {};
  return runWrite({ actor: input.cashier, entity: 'receipt', table: 'payment_receipt', files: [], uploads, privateUploads: true, change: async (trx, media) => {
    const open = await trx.selectFrom('payment_bill').select('id').where('open_key', '=', openKey).executeTakeFirst();
    if (open) {
      const live = await trx.selectFrom('payment_transaction').select('id').where('live_bill_id', '=', open.id).executeTakeFirst();
      if (live) throw new HttpError(409, 'An online payment for this is under way. Wait until it is settled (at most an hour), then look again.');
      // Conditional: a failed online try's bill may be paid at this moment by its late capture at the gateway.
      const replaced = await trx.updateTable('payment_bill').set({ state: 'cancelled', open_key: null }).where('id', '=', open.id).where('state', '=', 'open').executeTakeFirst();
      if (Number(replaced.numUpdatedRows) !== 1) throw new HttpError(409, 'An online payment for this was settled just now. Look again.');
    }
    const quote = await payable.quote(trx, input.reference, { mobile: '', atCounter: true, amountPaise: input.amountPaise });
    const at = now();
    const iso = new Date(at).toISOString();
    const bill = await trx
      .insertInto('payment_bill')
      .values({ kind: input.kind, reference: input.reference, description: quote.description, amount_paise: quote.amountPaise, payer_name: quote.payer.name, payer_mobile: quote.payer.mobile, payer_email: quote.payer.email ?? '', lang: 'en', state: 'open', open_key: openKey, details_json: JSON.stringify(quote.details), created_at: iso, valid_until: quote.validUntil })
      .returning('id')
      .executeTakeFirstOrThrow();
    const receipt = await issueReceipt(trx, { billId: bill.id, mode: input.mode, amountPaise: quote.amountPaise, paidAt: at, cashierId: input.cashier.id, instrument });
    const scan = media.scan ?? null;
    if (scan !== null) await trx.updateTable('payment_receipt').set({ instrument_media_id: scan }).where('id', '=', receipt.id).execute();
    return {
      result: { number: receipt.number, token: receipt.token },
      audit: { action: 'create', recordId: receipt.id, before: null, after: { receipt: receipt.number, kind: input.kind, reference: input.reference, mode: input.mode, instrument, amount_paise: quote.amountPaise, scan: input.scan ? { type: input.scan.contentType, size: input.scan.bytes.byteLength } : null } },
    };
  } }, database).catch((err) => {
    if (err instanceof HttpError) throw err;
    // The same form sent twice at once (a double press): on PostgreSQL both may find no open bill, and the
    // open bill's unique key lets the first through; the other finds it taken, as it would a moment later.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw new HttpError(409, 'This was received just now by another receipt. Look again.');
    throw err;
  });
}

/** The receipt a bounce would cancel, with the bank's reason, checked and written nowhere: asked before it is done. */
export async function bounceToConfirm(number: string, reason: string, database: Db = db()) {
  const why = reason.trim().slice(0, 300);
  if (why.length < 3) throw new HttpError(400, 'Say why (the bank\'s return reason).', { reason: 'required' });
  const receipt = await database.selectFrom('payment_receipt').selectAll().where('number', '=', number).executeTakeFirst();
  if (!receipt) throw new HttpError(404, 'No receipt has this number.');
  if (receipt.mode !== 'cheque' && receipt.mode !== 'dd') throw new HttpError(400, 'Only a cheque or demand draft can bounce.', { number: 'mode' });
  if (receipt.state !== 'valid') throw new HttpError(409, 'This receipt is already cancelled.');
  return { receipt, why };
}

/**
 * A cheque or draft that bounced: its receipt is cancelled (audited, with the reason), the amount is owed
 * again, and the payer is told so, once.
 */
export async function bounceCheque(number: string, reason: string, actor: Actor, database: Db = db()): Promise<void> {
  await runWrite({ actor, entity: 'receipt', table: 'payment_receipt', files: [], change: async (trx) => {
    const { receipt: before, why } = await bounceToConfirm(number, reason, trx);
    if (!(await cancelReceipt(trx, number, `bounced: ${why}`, now()))) throw new HttpError(409, 'This receipt is already cancelled.');
    await queueBounceNotice(trx, { number: before.number, billId: before.bill_id, kind: before.kind, reference: before.reference, amountPaise: before.amount_paise });
    const after = await trx.selectFrom('payment_receipt').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    return { result: undefined, audit: { action: 'update', recordId: before.id, before, after } };
  } }, database);
}

export interface RegisterRow {
  number: string;
  paidAt: string;
  kind: string;
  reference: string;
  mode: ReceiptMode;
  instrument: string;
  amountPaise: number;
  state: 'valid' | 'cancelled';
  cashier: string;
  /** The receipt's own secret, which names its PDF (/receipt/{token}.pdf) for a reprint; never in the CSV. */
  token: string;
}

/** The day's collection (an Indian calendar day): every receipt, and the totals per cashier and mode (valid receipts only). */
export async function collectionRegister(date: string, database: Db = db()) {
  const from = new Date(indianDayStart(date)).toISOString();
  const to = new Date(indianDayEnd(date)).toISOString();
  const rows = await database
    .selectFrom('payment_receipt')
    .leftJoin('app_user', 'app_user.id', 'payment_receipt.cashier_id')
    .select(['number', 'paid_at', 'kind', 'reference', 'mode', 'instrument', 'amount_paise', 'payment_receipt.state', 'app_user.email', 'token'])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('paid_at')
    .execute();
  const list: RegisterRow[] = rows.map((r) => ({ number: r.number, paidAt: r.paid_at, kind: r.kind, reference: r.reference, mode: r.mode, instrument: r.instrument, amountPaise: r.amount_paise, state: r.state, cashier: r.email ?? 'online', token: r.token }));
  const totals = new Map<string, { cashier: string; mode: string; count: number; amountPaise: number }>();
  for (const r of list) {
    if (r.state !== 'valid') continue;
    const key = `${r.cashier}|${r.mode}`;
    const t = totals.get(key) ?? { cashier: r.cashier, mode: r.mode, count: 0, amountPaise: 0 };
    t.count++;
    t.amountPaise += r.amountPaise;
    totals.set(key, t);
  }
  return { date, rows: list, totals: [...totals.values()].sort((a, b) => (a.cashier + a.mode).localeCompare(b.cashier + b.mode)), totalPaise: [...totals.values()].reduce((s, t) => s + t.amountPaise, 0) };
}

/**
 * The register as CSV: one line per receipt, amounts in rupees with two decimals, fields quoted where needed.
 * paid_at is India's time with its offset (2026-11-28T10:25:00+05:30): the clerk reads the counter's own
 * clock, and a program still gets one unambiguous instant under the column's old name.
 */
export function registerCsv(register: Awaited<ReturnType<typeof collectionRegister>>): string {
  return csvText(
    ['receipt', 'paid_at', 'kind', 'reference', 'mode', 'instrument', 'amount_rupees', 'state', 'cashier'],
    register.rows.map((r) => [r.number, indianOffsetTime(Date.parse(r.paidAt)), r.kind, r.reference, r.mode, r.instrument, csvRupees(r.amountPaise), r.state, r.cashier]),
  );
}
