import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import { razorpayGateway } from '../../src/features/payments/razorpay';
import { baseUrl } from '../support/api';

/**
 * The gateway simulator answers as Razorpay's API does, checked with Razorpay's own Node SDK pointed at the
 * shared server's simulator: it creates and reads an order, reads the order's payments and a payment,
 * refunds, and raises each refusal with Razorpay's error body, whose description the SDK hands on; and the
 * portal's own adapter reads those answers as it reads Razorpay's.
 */
const KEY_ID = 'rzp_test_simulator';
const KEY_SECRET = process.env.PAYMENT_SIMULATOR_SECRET || 'simulator-key-secret-not-for-production';

/** The SDK always asks api.razorpay.com; all its requests go through one axios instance, whose base is moved here. */
function sdk(secret = KEY_SECRET): Razorpay {
  const razorpay = new Razorpay({ key_id: KEY_ID, key_secret: secret });
  (razorpay as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = `${baseUrl()}/gateway-simulator`;
  return razorpay;
}

/** What the SDK raises for a refusal: the status and Razorpay's error object as sent. */
interface SdkRefusal {
  statusCode: number;
  error: { code: string; description: string; source: string; step: string; reason: string; metadata: object; field?: string };
}

async function refusal(call: Promise<unknown>): Promise<SdkRefusal> {
  try {
    await call;
  } catch (err) {
    return err as SdkRefusal;
  }
  throw new Error('the call was not refused');
}

/** The payer at the simulator's hosted checkout, as the portal's hand-over form posts them there. */
async function payAtCheckout(orderId: string, outcome: 'success' | 'pending'): Promise<void> {
  const res = await fetch(`${baseUrl()}/gateway-simulator/v1/checkout/embedded`, {
    method: 'POST',
    body: new URLSearchParams({
      key_id: KEY_ID, order_id: orderId, callback_url: `${baseUrl()}/payments/return`,
      'prefill[contact]': '9876543210', 'prefill[email]': 'payer@example.in', outcome,
    }),
  });
  expect(res.status).toBe(200);
}

/** Every field of Razorpay's payment entity (API reference, "Payments"). */
const PAYMENT_FIELDS = [
  'id', 'entity', 'amount', 'currency', 'status', 'order_id', 'invoice_id', 'international', 'method', 'amount_refunded', 'refund_status',
  'captured', 'description', 'card_id', 'bank', 'wallet', 'vpa', 'email', 'contact', 'notes', 'fee', 'tax', 'error_code', 'error_description',
  'error_source', 'error_step', 'error_reason', 'acquirer_data', 'created_at',
];

describe('the simulator through Razorpay\'s Node SDK', () => {
  it('creates an order and reads it, its payments and a payment in Razorpay\'s shapes', async () => {
    const razorpay = sdk();
    const order = await razorpay.orders.create({ amount: 50_000, currency: 'INR', receipt: 'sdk-order-1', notes: { ward: 'W05' } });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order).toMatchObject({ entity: 'order', amount: 50_000, amount_paid: 0, amount_due: 50_000, currency: 'INR', receipt: 'sdk-order-1', status: 'created', attempts: 0, notes: { ward: 'W05' } });
    expect(Number.isInteger(order.created_at)).toBe(true);
    expect(await razorpay.orders.fetch(order.id)).toEqual(order);
    expect(await razorpay.orders.fetchPayments(order.id)).toEqual({ entity: 'collection', count: 0, items: [] });

    await payAtCheckout(order.id, 'success');
    const payments = await razorpay.orders.fetchPayments(order.id);
    expect(payments.count).toBe(1);
    const [payment] = payments.items;
    expect(Object.keys(payment).sort()).toEqual([...PAYMENT_FIELDS].sort());
    expect(payment.id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(payment).toMatchObject({
      entity: 'payment', amount: 50_000, currency: 'INR', status: 'captured', order_id: order.id, captured: true, method: 'upi',
      amount_refunded: 0, refund_status: null, contact: '9876543210', email: 'payer@example.in', notes: { ward: 'W05' },
      fee: 1_180, tax: 180, error_code: null,
    });
    expect(payment.acquirer_data.rrn).toMatch(/^\d{12}$/);
    expect(await razorpay.payments.fetch(payment.id)).toEqual(payment);
    expect(await razorpay.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 50_000, amount_due: 0, attempts: 1 });
  });

  it('refunds a captured payment in part, then what is left; a burst of 200 refunds never gives back more than was paid', async () => {
    const razorpay = sdk();
    const order = await razorpay.orders.create({ amount: 5_000, currency: 'INR', receipt: 'sdk-refund-1' });
    await payAtCheckout(order.id, 'success');
    const [payment] = (await razorpay.orders.fetchPayments(order.id)).items;

    const part = await razorpay.payments.refund(payment.id, { amount: 1_000, notes: { reason: 'paid twice' } });
    expect(part.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(part).toMatchObject({ entity: 'refund', amount: 1_000, currency: 'INR', payment_id: payment.id, status: 'processed', notes: { reason: 'paid twice' } });
    expect(await razorpay.payments.fetch(payment.id)).toMatchObject({ status: 'captured', amount_refunded: 1_000, refund_status: 'partial' });

    // ₹40 left, asked for ₹1 at a time by 200 requests at once: exactly 40 are refunded.
    const burst = await Promise.allSettled(Array.from({ length: 200 }, () => razorpay.payments.refund(payment.id, { amount: 100 })));
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    for (const r of burst) {
      if (r.status === 'rejected') expect((r.reason as SdkRefusal).error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount', description: 'The refund amount is more than what is left of the payment to refund' });
    }
    expect(await razorpay.payments.fetch(payment.id)).toMatchObject({ status: 'refunded', captured: true, amount_refunded: 5_000, refund_status: 'full' });
    // An order stays paid after its payment is refunded.
    expect((await razorpay.orders.fetch(order.id)).status).toBe('paid');
  });

  it('raises Razorpay\'s refusals with their descriptions', async () => {
    const razorpay = sdk();
    expect(await refusal(razorpay.orders.fetch('order_NoSuchOrder0001'))).toEqual({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field: 'id' },
    });
    expect((await refusal(razorpay.payments.fetch('pay_NoSuchPayment01'))).error.description).toBe('The id provided does not exist');
    const tooSmall = await refusal(razorpay.orders.create({ amount: 99, currency: 'INR' }));
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.error).toMatchObject({ description: 'The amount must be at least INR 1.00', field: 'amount' });

    const order = await razorpay.orders.create({ amount: 2_500, currency: 'INR' });
    const wrongKey = await refusal(sdk('not-the-key-secret').orders.fetch(order.id));
    expect(wrongKey).toEqual({ statusCode: 401, error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });

    // A payment left pending is authorised, not captured: nothing to refund yet.
    await payAtCheckout(order.id, 'pending');
    const [pending] = (await razorpay.orders.fetchPayments(order.id)).items;
    expect(pending).toMatchObject({ status: 'authorized', captured: false, fee: null });
    expect((await refusal(razorpay.payments.refund(pending.id, { amount: 2_500 }))).error).toMatchObject({ description: 'Only a captured payment can be refunded' });
  });

  it('is read by the portal\'s own adapter: a refusal names Razorpay\'s description, and a payment refunded in full is no payment', async () => {
    const razorpay = sdk();
    const adapter = razorpayGateway({ name: 'simulator', keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: '', apiUrl: `${baseUrl()}/gateway-simulator`, checkoutUrl: '', timeoutMs: 10_000, merchantName: async () => 'Council' });
    const order = await razorpay.orders.create({ amount: 3_000, currency: 'INR' });
    await payAtCheckout(order.id, 'success');
    const exchanges: { kind: string; response: string; outcome?: string }[] = [];
    const record = (kind: string, _request: string, response: string, outcome?: string) => void exchanges.push({ kind, response, outcome });
    const status = await adapter.fetchStatus({ transactionId: 'sdk', orderId: order.id }, record);
    expect(status).toMatchObject({ outcome: 'paid', amountPaise: 3_000 });

    await expect(adapter.refund!({ paymentId: status.paymentId, amountPaise: 3_100 }, record)).rejects.toThrow('the refund was refused (400: The refund amount is more than what is left of the payment to refund)');
    expect(exchanges.at(-1)).toMatchObject({ kind: 'refund', outcome: 'refused' });
    await adapter.refund!({ paymentId: status.paymentId, amountPaise: 3_000 }, record);
    expect(exchanges.at(-1)).toMatchObject({ kind: 'refund', outcome: 'ok' });
    expect(await adapter.fetchStatus({ transactionId: 'sdk', orderId: order.id }, record)).toEqual({ outcome: 'failed', amountPaise: 0, paymentId: status.paymentId });
  });

  it('answers an address or a method Razorpay has no call for with its own refusal, never the site\'s page', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}` };
    const notFound = { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.', source: 'NA', step: 'NA', reason: 'NA', metadata: {} };
    for (const [method, path] of [['GET', 'nowhere'], ['GET', 'orders/order_x/refunds'], ['PUT', 'orders'], ['DELETE', 'payments/pay_x'], ['GET', 'ORDERS/order_x'], ['GET', '']]) {
      const res = await fetch(`${baseUrl()}/gateway-simulator/v1/${path}`, { method, headers: auth });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
      expect(await res.json(), `${method} ${path}`).toEqual({ error: notFound });
    }
  });
});
