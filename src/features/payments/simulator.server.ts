import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Selectable } from 'kysely';
import { db, type Db } from '../../server/db';
import type { Database } from '../../server/db-schema';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { readPaymentSettings } from '../../server/config';
import { SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET } from './gateway-choice.server';
import { razorpaySignature, razorpayWebhookSignature } from './razorpay';

/**
 * The gateway simulator: Razorpay's protocol, served by this project for the demo and the tests
 * (PAYMENT_GATEWAY=simulator, never in production). Orders and payments are rows of its own table, answered in
 * the shapes of Razorpay's API reference (its REST surface is simulator-api.server.ts). A person (or a
 * script) chooses the outcome on its checkout page: `outcome` = success, failure or pending. Test switches
 * (`fault`): timeout (the next status question goes unanswered past the timeout), tampered (the callback's
 * signature is altered), wrong-amount (a rupee less is captured), duplicate (the callback arrives twice, and a
 * signed webhook with it).
 */
export type Outcome = 'success' | 'failure' | 'pending';
export type Fault = '' | 'timeout' | 'tampered' | 'wrong-amount' | 'duplicate';

type OrderRow = Selectable<Database['gateway_simulator_order']>;

/**
 * A refusal as Razorpay's API words it: `field` names the parameter at fault, and a refusal of what was sent
 * (rather than of who sent it, or of an address) is the business's input failing validation.
 */
export class RazorpayRefusal extends HttpError {
  constructor(status: number, description: string, readonly field?: string) {
    super(status, description);
  }
}

const NO_SUCH_ID = 'The id provided does not exist';

/** Razorpay's ids: a prefix and 14 letters and digits. */
const idOf = (prefix: string) => `${prefix}_${randomBytes(11).toString('base64url').slice(0, 14).replace(/[-_]/g, 'x')}`;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** At most 15 notes of at most 256 characters each, as Razorpay takes them. */
function notesOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new RazorpayRefusal(400, 'The notes must be a set of key and value pairs', 'notes');
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > 15) throw new RazorpayRefusal(400, 'The notes may have at most 15 keys', 'notes');
  for (const [, value] of entries) {
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > 256) throw new RazorpayRefusal(400, 'Each note must be text of at most 256 characters', 'notes');
  }
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/** Razorpay writes an empty set of notes as an empty list. */
const notesAnswer = (stored: string): Record<string, string> | [] => (stored ? (JSON.parse(stored) as Record<string, string>) : []);

/** Whole paise of a request's amount, or the refusal Razorpay gives. */
function amountOf(raw: unknown): number {
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(amount)) throw new RazorpayRefusal(400, 'The amount must be an integer.', 'amount');
  if (amount < 100) throw new RazorpayRefusal(400, 'The amount must be at least INR 1.00', 'amount');
  return amount;
}

/** Captured, and so refundable, whether or not some of it has been refunded since. */
const capturedStatus = (row: OrderRow) => row.payment_status === 'captured';

export function orderEntity(row: OrderRow) {
  const paid = capturedStatus(row) ? row.paid_amount_paise : 0;
  return {
    id: row.id,
    entity: 'order',
    amount: row.amount_paise,
    amount_paid: paid,
    amount_due: Math.max(row.amount_paise - paid, 0),
    currency: 'INR',
    receipt: row.receipt || null,
    offer_id: null,
    // An order stays paid once a payment on it was captured, even after a refund.
    status: paid > 0 ? 'paid' : row.payment_id ? 'attempted' : 'created',
    attempts: row.payment_id ? 1 : 0,
    notes: notesAnswer(row.notes),
    created_at: seconds(row.created_at),
  };
}

/** Razorpay's fee on a captured payment: 2% and GST of 18% on it, the fee field counting both. */
function feeOf(amount: number): { fee: number; tax: number } {
  const base = Math.round(amount * 0.02);
  const tax = Math.round(base * 0.18);
  return { fee: base + tax, tax };
}

export function paymentEntity(row: OrderRow) {
  const amount = row.paid_amount_paise || row.amount_paise;
  const captured = capturedStatus(row);
  const failed = row.payment_status === 'failed';
  const fullyRefunded = captured && row.refunded_paise >= amount;
  // A payment left pending has been authorised by the bank but not captured.
  const status = fullyRefunded ? 'refunded' : captured ? 'captured' : failed ? 'failed' : 'authorized';
  return {
    id: row.payment_id,
    entity: 'payment',
    amount,
    currency: 'INR',
    status,
    order_id: row.id,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: row.refunded_paise,
    refund_status: row.refunded_paise === 0 ? null : fullyRefunded ? 'full' : 'partial',
    captured,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: 'payer@upi',
    email: row.email,
    contact: row.contact,
    notes: notesAnswer(row.notes),
    ...(captured ? feeOf(amount) : { fee: null, tax: null }),
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    // The bank's reference number: twelve digits, the same for a payment every time it is asked.
    acquirer_data: { rrn: captured ? String(crc32(row.payment_id)).padStart(12, '0') : null },
    created_at: seconds(row.paid_at || row.created_at),
  };
}

export async function simulatorOrder(id: string, database: Db = db()) {
  return database.selectFrom('gateway_simulator_order').selectAll().where('id', '=', id).executeTakeFirst();
}

async function orderOrRefuse(id: string, database: Db): Promise<OrderRow> {
  const order = await simulatorOrder(id, database);
  if (!order) throw new RazorpayRefusal(400, NO_SUCH_ID, 'id');
  return order;
}

async function paymentOrRefuse(paymentId: string, database: Db): Promise<OrderRow> {
  const order = paymentId ? await database.selectFrom('gateway_simulator_order').selectAll().where('payment_id', '=', paymentId).executeTakeFirst() : undefined;
  if (!order) throw new RazorpayRefusal(400, NO_SUCH_ID, 'id');
  return order;
}

/** POST /v1/orders. */
export async function createOrder(body: Record<string, unknown>, database: Db = db()) {
  const amount = amountOf(body.amount);
  if ((body.currency ?? 'INR') !== 'INR') throw new RazorpayRefusal(400, 'The currency must be INR', 'currency');
  const receipt = body.receipt === undefined || body.receipt === null ? '' : String(body.receipt);
  if (receipt.length > 40) throw new RazorpayRefusal(400, 'The receipt may not be greater than 40 characters.', 'receipt');
  const notes = notesOf(body.notes);
  const row = {
    id: idOf('order'),
    amount_paise: amount,
    receipt,
    created_at: new Date(now()).toISOString(),
    notes: Object.keys(notes).length > 0 ? JSON.stringify(notes) : '',
  };
  await database.insertInto('gateway_simulator_order').values(row).execute();
  return orderEntity({ ...row, payment_id: '', payment_status: '', paid_amount_paise: 0, stall_count: 0, contact: '', email: '', paid_at: '', refunded_paise: 0 });
}

/** GET /v1/orders/{id}. */
export async function fetchOrder(id: string, database: Db = db()) {
  return orderEntity(await orderOrRefuse(id, database));
}

/** GET /v1/orders/{id}/payments: the order's payment, if one was attempted. */
export async function orderPayments(id: string, database: Db = db()) {
  const order = await orderOrRefuse(id, database);
  if (order.stall_count > 0) {
    await database.updateTable('gateway_simulator_order').set({ stall_count: order.stall_count - 1 }).where('id', '=', id).execute();
    // Longer than any caller waits: the caller gives up and the transaction stays pending.
    await new Promise((r) => setTimeout(r, readPaymentSettings().timeoutMs + 1_000));
  }
  const items = order.payment_id ? [paymentEntity(order)] : [];
  return { entity: 'collection', count: items.length, items };
}

/** GET /v1/payments/{id}. */
export async function fetchPayment(paymentId: string, database: Db = db()) {
  return paymentEntity(await paymentOrRefuse(paymentId, database));
}

/**
 * POST /v1/payments/{id}/refund: the whole of what is left, or `amount` paise of it. The refund is added to
 * what was refunded only while the sum stays within what was captured, in the one statement that checks it:
 * a burst of refunds of one payment, at once, never gives back more than was paid.
 */
export async function refundPayment(paymentId: string, body: Record<string, unknown>, database: Db = db()) {
  const order = await paymentOrRefuse(paymentId, database);
  if (!capturedStatus(order)) throw new RazorpayRefusal(400, 'Only a captured payment can be refunded', 'payment_id');
  const left = order.paid_amount_paise - order.refunded_paise;
  const amount = body.amount === undefined ? left : amountOf(body.amount);
  const notes = notesOf(body.notes);
  const refused = () => new RazorpayRefusal(400, 'The refund amount is more than what is left of the payment to refund', 'amount');
  if (amount <= 0 || amount > left) throw refused();
  const result = await database
    .updateTable('gateway_simulator_order')
    .set((eb) => ({ refunded_paise: eb('refunded_paise', '+', amount) }))
    .where('id', '=', order.id)
    .where('payment_status', '=', 'captured')
    .where((eb) => eb(eb('refunded_paise', '+', amount), '<=', eb.ref('paid_amount_paise')))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw refused();
  return {
    id: idOf('rfnd'),
    entity: 'refund',
    amount,
    currency: 'INR',
    payment_id: paymentId,
    notes: Object.keys(notes).length > 0 ? notes : [],
    receipt: typeof body.receipt === 'string' ? body.receipt : null,
    acquirer_data: { arn: null },
    created_at: Math.floor(now() / 1000),
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: body.speed === 'optimum' ? 'optimum' : 'normal',
  };
}

/** The bank's late word on a payment left pending: it moves without any callback (the reconciliation job must find it). */
export async function settleLater(id: string, outcome: Outcome, database: Db = db()): Promise<void> {
  const order = await simulatorOrder(id, database);
  if (!order || !order.payment_id) throw new RazorpayRefusal(400, 'No payment was attempted on this order', 'id');
  await database.updateTable('gateway_simulator_order').set({ payment_status: outcome === 'success' ? 'captured' : outcome === 'failure' ? 'failed' : 'created' }).where('id', '=', id).execute();
}

/**
 * The payer's choice on the checkout page: records the payment and answers with the fields Razorpay posts back
 * to the merchant's callback_url.
 */
export async function pay(orderId: string, outcome: Outcome, fault: Fault, payer: { contact: string; email: string }, database: Db = db()): Promise<Record<string, string>> {
  const order = await simulatorOrder(orderId, database);
  if (!order) throw new RazorpayRefusal(400, NO_SUCH_ID, 'order_id');
  if (order.payment_status === 'captured') throw new RazorpayRefusal(400, 'This order is already paid', 'order_id');
  const paymentId = order.payment_id || idOf('pay');
  const status = outcome === 'success' ? 'captured' : outcome === 'failure' ? 'failed' : 'created';
  const paid = fault === 'wrong-amount' ? order.amount_paise - 100 : order.amount_paise;
  await database
    .updateTable('gateway_simulator_order')
    .set({
      payment_id: paymentId,
      payment_status: status,
      paid_amount_paise: paid,
      stall_count: fault === 'timeout' ? 1 : 0,
      contact: payer.contact.slice(0, 20),
      email: payer.email.slice(0, 120),
      paid_at: new Date(now()).toISOString(),
    })
    .where('id', '=', orderId)
    .execute();
  if (outcome === 'failure') {
    return {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Payment failed',
      'error[source]': 'customer',
      'error[step]': 'payment_authorization',
      'error[reason]': 'payment_failed',
      'error[metadata]': JSON.stringify({ payment_id: paymentId, order_id: orderId }),
    };
  }
  let signature = razorpaySignature(SIMULATOR_KEY_SECRET, orderId, paymentId);
  if (fault === 'tampered') signature = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
  return { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature };
}

/** A payment.captured webhook as Razorpay sends it: the event over the raw body, signed with the webhook secret. */
export async function webhookFor(orderId: string, database: Db = db()): Promise<{ body: string; signature: string }> {
  const order = await orderOrRefuse(orderId, database);
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: paymentEntity(order) } },
    created_at: Math.floor(now() / 1000),
  });
  return { body, signature: razorpayWebhookSignature(SIMULATOR_WEBHOOK_SECRET, body) };
}

/**
 * Only a portal's own callback address is posted to, so the simulator can be made to post nowhere else: this
 * site's, or, when the simulator runs on a server of its own as a real gateway does (a benchmark),
 * PAYMENT_SIMULATOR_MERCHANT_URL's.
 */
export function isOurCallback(url: string, origin: string, merchantUrl = process.env.PAYMENT_SIMULATOR_MERCHANT_URL): boolean {
  try {
    const u = new URL(url);
    const merchants = [origin, ...(merchantUrl ? [merchantUrl] : [])].map((m) => new URL(m).origin);
    return merchants.includes(u.origin) && u.pathname === '/payments/return';
  } catch {
    return false;
  }
}
