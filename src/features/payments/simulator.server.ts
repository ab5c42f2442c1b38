import { randomBytes } from 'node:crypto';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET, simulatorOn } from './gateway-choice.server';
import { razorpaySignature, razorpayWebhookSignature, sameHex } from './razorpay';

/**
 * The gateway simulator: Razorpay's protocol, served by this project for the demo and the tests
 * (PAYMENT_GATEWAY=simulator, never in production). Orders and payments are rows of its own table. A person
 * (or a script) chooses the outcome on its checkout page: `outcome` = success, failure or pending. Test
 * switches (`fault`): timeout (the next status question goes unanswered past the timeout), tampered (the
 * callback's signature is altered), wrong-amount (a rupee less is captured), duplicate (the callback arrives
 * twice, and a signed webhook with it).
 */
export type Outcome = 'success' | 'failure' | 'pending';
export type Fault = '' | 'timeout' | 'tampered' | 'wrong-amount' | 'duplicate';

export function assertSimulatorOn(): void {
  if (!simulatorOn()) throw new HttpError(404, 'Not found.');
}

/** Razorpay's API takes HTTP Basic with the key id and secret. */
export function assertSimulatorAuth(request: Request): void {
  const expected = `Basic ${Buffer.from(`${SIMULATOR_KEY_ID}:${SIMULATOR_KEY_SECRET}`).toString('base64')}`;
  if (!sameHex(request.headers.get('authorization') ?? '', expected)) {
    throw new HttpError(401, 'The API key provided is invalid');
  }
}

const idOf = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

export async function createOrder(body: { amount?: unknown; currency?: unknown; receipt?: unknown }, database: Db = db()) {
  const amount = Number(body.amount);
  if (!Number.isInteger(amount) || amount < 100) throw new HttpError(400, 'The amount must be atleast INR 1.00');
  if (body.currency !== 'INR') throw new HttpError(400, 'Currency is not supported');
  const id = idOf('order');
  const createdAt = Math.floor(now() / 1000);
  await database.insertInto('gateway_simulator_order').values({ id, amount_paise: amount, receipt: String(body.receipt ?? '').slice(0, 40), created_at: new Date(now()).toISOString() }).execute();
  return { id, entity: 'order', amount, amount_paid: 0, amount_due: amount, currency: 'INR', receipt: String(body.receipt ?? ''), status: 'created', attempts: 0, notes: [], created_at: createdAt };
}

export async function simulatorOrder(id: string, database: Db = db()) {
  return database.selectFrom('gateway_simulator_order').selectAll().where('id', '=', id).executeTakeFirst();
}

const STATUS: Record<string, string> = { captured: 'captured', failed: 'failed', created: 'authorized' };

/** GET /v1/orders/{id}/payments: the order's payment, if one was attempted. */
export async function orderPayments(id: string, database: Db = db()) {
  const order = await simulatorOrder(id, database);
  if (!order) throw new HttpError(400, 'The id provided does not exist');
  if (order.stall_count > 0) {
    await database.updateTable('gateway_simulator_order').set({ stall_count: order.stall_count - 1 }).where('id', '=', id).execute();
    // Longer than any caller waits: the caller gives up and the transaction stays pending.
    await new Promise((r) => setTimeout(r, Number(process.env.PAYMENT_TIMEOUT_MS || 10_000) + 1_000));
  }
  const items = order.payment_id
    ? [{ id: order.payment_id, entity: 'payment', amount: order.paid_amount_paise || order.amount_paise, currency: 'INR', status: STATUS[order.payment_status] ?? 'created', order_id: order.id, method: 'upi', captured: order.payment_status === 'captured' }]
    : [];
  return { entity: 'collection', count: items.length, items };
}

/** The bank's late word on a payment left pending: it moves without any callback (the reconciliation job must find it). */
export async function settleLater(id: string, outcome: Outcome, database: Db = db()): Promise<void> {
  const order = await simulatorOrder(id, database);
  if (!order || !order.payment_id) throw new HttpError(400, 'No payment was attempted on this order');
  await database.updateTable('gateway_simulator_order').set({ payment_status: outcome === 'success' ? 'captured' : outcome === 'failure' ? 'failed' : 'created' }).where('id', '=', id).execute();
}

/**
 * The payer's choice on the checkout page: records the payment and answers with the fields Razorpay posts back
 * to the merchant's callback_url.
 */
export async function pay(orderId: string, outcome: Outcome, fault: Fault, database: Db = db()): Promise<Record<string, string>> {
  const order = await simulatorOrder(orderId, database);
  if (!order) throw new HttpError(400, 'The id provided does not exist');
  if (order.payment_status === 'captured') throw new HttpError(400, 'This order is already paid');
  const paymentId = order.payment_id || idOf('pay');
  const status = outcome === 'success' ? 'captured' : outcome === 'failure' ? 'failed' : 'created';
  const paid = fault === 'wrong-amount' ? order.amount_paise - 100 : order.amount_paise;
  await database
    .updateTable('gateway_simulator_order')
    .set({ payment_id: paymentId, payment_status: status, paid_amount_paise: paid, stall_count: fault === 'timeout' ? 1 : 0 })
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

/** A webhook as Razorpay sends it: the event over the raw body, signed with the webhook secret. */
export function webhookFor(orderId: string, paymentId: string, amount: number): { body: string; signature: string } {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: orderId } } },
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
