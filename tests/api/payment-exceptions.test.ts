import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { razorpayWebhookSignature } from '../../src/features/payments/razorpay';
import { ADMIN, CASHIER, bearer, login } from '../support/api';
import { openServerDatabase, testPostgresUrl } from '../support/database';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * Payments the gateway captures after it first reported them failed (the bank confirms late, or the payer
 * tries again on the same order), and the refunds of the money the council must give back. A double charge is
 * reproduced: one order fails, the bill is paid by a second try, then the first order is captured. Every late
 * capture ends receipted once or waiting for a refund, never lost; an admin refunds it through the gateway.
 * One server of its own: its clock is moved to run the reconciliation job, and its database is read.
 */
let server: TestServer;
let database: Db;
let clockFile: string;
let clockMs = 0;
let admin: Record<string, string>;
const url = (p: string) => `${server.url}${p}`;
const SIMULATOR_AUTH = `Basic ${Buffer.from('rzp_test_simulator:simulator-key-secret-not-for-production').toString('base64')}`;
const WEBHOOK_SECRET = 'simulator-key-secret-not-for-production-webhook';

let properties: { number: string; mobile: string }[] = [];
const nextProperty = () => {
  const p = properties.shift();
  if (!p) throw new Error('the demo ward has run out of properties with dues');
  return p;
};

type Next = { method: string; url: string; fields: Record<string, string> };

async function start(p: { number: string; mobile: string }) {
  const res = await fetch(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile }) });
  expect(res.status).toBe(201);
  return (await res.json()) as { transactionId: string; amountPaise: number; next: Next };
}

const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));

/** The payer at the simulator's checkout, on an order new or already tried: the callback fields it hands back. */
async function checkout(next: Next, outcome: string, fault = ''): Promise<Record<string, string>> {
  const res = await fetch(next.url, { method: 'POST', body: new URLSearchParams({ ...next.fields, outcome, fault }) });
  expect(res.status).toBe(200);
  return hiddenFields(await res.text());
}

const callback = (txn: string, fields: Record<string, string>) => fetch(url(`/payments/return?txn=${txn}`), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

/** A started payment that the gateway reported failed, as the payer's browser brings the failure back. */
async function failedPayment(p: { number: string; mobile: string }) {
  const started = await start(p);
  await callback(started.transactionId, await checkout(started.next, 'failure'));
  expect((await payment(started.transactionId)).state).toBe('failed');
  return started;
}

/** The bank's late word at the gateway: the order's payment is captured after all, and no callback comes. */
async function capturedLate(orderId: string, outcome = 'success') {
  const res = await fetch(url(`/gateway-simulator/v1/orders/${orderId}/settle`), { method: 'POST', headers: { authorization: SIMULATOR_AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
  expect(res.status).toBe(200);
}

/** Razorpay's payment.captured webhook for an order, signed with the webhook secret. */
function webhook(orderId: string) {
  const body = JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: { entity: 'payment', status: 'captured', order_id: orderId } } } });
  return fetch(url('/api/Public/payments/webhook'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': razorpayWebhookSignature(WEBHOOK_SECRET, body) }, body });
}

async function payment(txn: string) {
  return (await (await fetch(url(`/api/Public/payments/${txn}`))).json()) as { state: string; receipt: { number: string } | null };
}

const receiptsOf = (number: string) => database.selectFrom('payment_receipt').selectAll().where('reference', '=', number).where('state', '=', 'valid').where('paid_at', '>', '2026-11-01').execute();
const row = (txn: string) => database.selectFrom('payment_transaction').selectAll().where('public_id', '=', txn).executeTakeFirstOrThrow();
const exchangesOf = async (txn: string) => database.selectFrom('payment_exchange').selectAll().where('transaction_id', '=', (await row(txn)).id).orderBy('id').execute();

const screen = async (query = '', who = admin) => {
  const res = await fetch(url(`/payment-exceptions${query}`), { headers: who, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
};
const refund = (txn: string, query = '') => fetch(url(`/payment-exceptions${query}`), { method: 'POST', headers: admin, body: new URLSearchParams({ txn }), redirect: 'manual' });

/** The double charge: the first order fails, a second try pays the bill, then the first order is captured on a retry at the gateway. */
async function paidTwice(p: { number: string; mobile: string }, fault = '') {
  const first = await failedPayment(p);
  const second = await start(p);
  expect(second.transactionId).not.toBe(first.transactionId);
  await callback(second.transactionId, await checkout(second.next, 'success'));
  expect((await payment(second.transactionId)).state).toBe('success');
  // The payer had gone back to the first order's page at the gateway and paid there too: Razorpay takes retries on an order.
  const back = await callback(first.transactionId, await checkout(first.next, 'success', fault));
  expect(back.status).toBe(303);
  return { first, second };
}

beforeAll(async () => {
  const dataDir = tempDataDir('council-payment-exceptions');
  clockFile = path.join(dataDir, 'clock');
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ TEST_CLOCK_FILE: clockFile }, { dataDir });
  database = openServerDatabase(server.dataDir);
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  const all = await database.selectFrom('property').select(['number', 'mobile']).orderBy('number').execute();
  for (const p of all) {
    const res = await fetch(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`));
    if (((await res.json()) as { totalDuePaise: number }).totalDuePaise > 0) properties.push(p);
  }
  // The property of the double charge first found, as it was found.
  properties = [...properties.filter((p) => p.number === 'W05-0002'), ...properties.filter((p) => p.number !== 'W05-0002')];
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('a payment captured after the gateway reported it failed', () => {
  it('the double charge: paid by a second try, then the first order captured: refund-due, one receipt, and a webhook changes nothing', async () => {
    const p = nextProperty();
    const { first, second } = await paidTwice(p);
    expect((await payment(first.transactionId)).state).toBe('refund-due');
    const late = await row(first.transactionId);
    expect(late).toMatchObject({ paid_paise: first.amountPaise, live_bill_id: null });
    expect(late.gateway_payment_id).toMatch(/^pay_/);
    expect(late.note).toContain('replaced');
    expect((await webhook(first.next.fields.order_id)).status).toBe(200);
    expect((await payment(first.transactionId)).state).toBe('refund-due');
    expect((await payment(second.transactionId)).state).toBe('success');
    expect(await receiptsOf(p.number)).toHaveLength(1);
  });

  it('a signed webhook for a failed payment that the bank captured late: receipted once while its bill is still open', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    await capturedLate(failed.next.fields.order_id);
    expect((await webhook(failed.next.fields.order_id)).status).toBe(200);
    const seen = await payment(failed.transactionId);
    expect(seen.state).toBe('success');
    expect(seen.receipt?.number).toMatch(/^NPK-RCT-/);
    const receipts = await receiptsOf(p.number);
    expect(receipts.map((r) => r.amount_paise)).toEqual([failed.amountPaise]);
    const due = (await (await fetch(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`))).json()) as { totalDuePaise: number };
    expect(due.totalDuePaise).toBe(0);
  });

  it('captured late for another amount than billed: mismatch, no receipt, the captured amount kept for the refund', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    await callback(failed.transactionId, await checkout(failed.next, 'success', 'wrong-amount'));
    expect((await payment(failed.transactionId)).state).toBe('mismatch');
    expect((await row(failed.transactionId)).paid_paise).toBe(failed.amountPaise - 100);
    expect(await receiptsOf(p.number)).toHaveLength(0);
  });

  it('the callback and the webhook twice, all at once: one receipt', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    const fields = await checkout(failed.next, 'success');
    const orderId = failed.next.fields.order_id;
    const answers = await Promise.all([callback(failed.transactionId, fields), webhook(orderId), webhook(orderId), callback(failed.transactionId, fields)]);
    expect(answers.map((a) => a.status)).toEqual([303, 200, 200, 303]);
    expect((await payment(failed.transactionId)).state).toBe('success');
    expect(await receiptsOf(p.number)).toHaveLength(1);
    const kinds = (await exchangesOf(failed.transactionId)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'webhook')).toHaveLength(2);
  });

  it('a payer trying again after a failure that the bank has since confirmed: the first try is receipted, nothing is paid twice', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    await capturedLate(failed.next.fields.order_id);
    const again = await fetch(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile }) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain('Nothing is due');
    expect((await payment(failed.transactionId)).state).toBe('success');
    expect(await receiptsOf(p.number)).toHaveLength(1);
  });

  it('an unsigned callback for a failed payment does not have the gateway asked again', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    const asked = (await exchangesOf(failed.transactionId)).filter((e) => e.kind === 'status').length;
    await capturedLate(failed.next.fields.order_id);
    await callback(failed.transactionId, { 'error[code]': 'BAD_REQUEST_ERROR' });
    expect((await exchangesOf(failed.transactionId)).filter((e) => e.kind === 'status')).toHaveLength(asked);
    expect((await payment(failed.transactionId)).state).toBe('failed');
    // Its bill is paid once the gateway's signed word comes.
    expect((await webhook(failed.next.fields.order_id)).status).toBe(200);
    expect((await payment(failed.transactionId)).state).toBe('success');
  });
});

// The job is driven by moving the server's clock, which only the in-process runner (SQLite) reads; pg-boss keeps
// its schedules on real time (jobs.test.ts runs a scheduled job on PostgreSQL). The query it runs is the same.
describe.skipIf(!!testPostgresUrl())('the reconciliation job', () => {
  it('finds a late capture that no webhook told of', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    await capturedLate(failed.next.fields.order_id);
    clockMs += 16 * 60_000;
    fs.writeFileSync(clockFile, String(clockMs));
    // Watched in the database: nothing else asks the gateway about a failed payment.
    await until(async () => ((await receiptsOf(p.number)).length > 0 ? true : undefined), 'the job receipted the late capture', { tries: 100, everyMs: 100 });
    expect((await payment(failed.transactionId)).state).toBe('success');
    expect(await receiptsOf(p.number)).toHaveLength(1);
  });
});

describe('refunds, by an admin on /payment-exceptions', () => {
  it('lists what waits with bill, payer, amounts and the gateway\'s ids; a confirmed refund goes through the gateway, is stored, audited and told', async () => {
    const p = nextProperty();
    const { first } = await paidTwice(p);
    const orderId = first.next.fields.order_id;
    const waiting = await screen();
    expect(waiting.status).toBe(200);
    const line = new RegExp(`<tr data-transaction="${first.transactionId}" data-state="refund-due">([\\s\\S]*?)</tr>`).exec(waiting.html)?.[1] ?? '';
    const bill = await database.selectFrom('payment_bill').selectAll().where('id', '=', (await row(first.transactionId)).bill_id).executeTakeFirstOrThrow();
    for (const shown of [p.number, bill.payer_name, p.mobile, orderId, (await row(first.transactionId)).gateway_payment_id]) expect(line).toContain(shown);
    expect(waiting.html).toMatch(/data-waiting-count="\d+"/);
    // Asking to refund changes nothing yet: the confirmation names the amount.
    const asked = await screen(`?refund=${first.transactionId}`);
    expect(asked.html).toContain(`data-confirm="${first.transactionId}"`);
    expect((await payment(first.transactionId)).state).toBe('refund-due');

    const done = await refund(first.transactionId);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/payment-exceptions?done=${first.transactionId}`);
    expect((await payment(first.transactionId)).state).toBe('refunded');
    const atGateway = (await (await fetch(url(`/gateway-simulator/v1/payments/${(await row(first.transactionId)).gateway_payment_id}`), { headers: { authorization: SIMULATOR_AUTH } })).json()) as { amount_refunded: number; status: string };
    expect(atGateway).toMatchObject({ amount_refunded: first.amountPaise, status: 'refunded' });
    expect((await exchangesOf(first.transactionId)).filter((e) => e.kind === 'refund').map((e) => e.outcome)).toEqual(['ok']);
    const audit = await database.selectFrom('audit_log').selectAll().where('entity', '=', 'payment').where('record_id', '=', (await row(first.transactionId)).id).orderBy('id').execute();
    expect(audit.at(-1)).toMatchObject({ action: 'update', user_email: ADMIN.email });
    expect(audit.at(-1)!.after_json).toContain('refunded');
    const told = await database.selectFrom('outbox_message').select('body').where('reference', '=', first.transactionId).execute();
    expect(told.length).toBeGreaterThan(0);
    const after = await screen(`?done=${first.transactionId}`);
    expect(after.html).toContain('was refunded through the gateway');
    expect(after.html).not.toContain(`data-transaction="${first.transactionId}" data-state="refund-due"`);
    expect(after.html).toContain(`data-transaction="${first.transactionId}" data-state="refunded"`);
    // Again: refused, nothing sent to the gateway.
    const again = await refund(first.transactionId);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already been refunded');
    expect((await exchangesOf(first.transactionId)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await receiptsOf(p.number)).toHaveLength(1);
  });

  it('a refund the gateway refuses stays waiting and says why, in Hindi too; tried again, it goes through', async () => {
    const p = nextProperty();
    const failed = await failedPayment(p);
    await callback(failed.transactionId, await checkout(failed.next, 'success', 'wrong-amount'));
    expect((await payment(failed.transactionId)).state).toBe('mismatch');
    // The gateway no longer holds it as captured: it refuses to refund it.
    await capturedLate(failed.next.fields.order_id, 'failure');
    const refused = await refund(failed.transactionId);
    expect(refused.status).toBe(502);
    const words = await refused.text();
    expect(words).toContain('The gateway refused the refund');
    expect(words).toContain('Only a captured payment can be refunded');
    expect((await payment(failed.transactionId)).state).toBe('mismatch');
    expect((await row(failed.transactionId)).refund_claimed_at).toBeNull();
    expect((await exchangesOf(failed.transactionId)).filter((e) => e.kind === 'refund').map((e) => e.outcome)).toEqual(['refused']);
    const hindi = await refund(failed.transactionId, '?lang=hi');
    expect(hindi.status).toBe(502);
    expect(await hindi.text()).toContain('गेटवे ने वापसी अस्वीकार की');
    const listed = await screen();
    expect(new RegExp(`data-transaction="${failed.transactionId}" data-state="mismatch">[\\s\\S]*?data-last-refusal>The gateway refused the last refund`).test(listed.html)).toBe(true);

    await capturedLate(failed.next.fields.order_id, 'success');
    expect((await refund(failed.transactionId)).status).toBe(303);
    expect((await payment(failed.transactionId)).state).toBe('refunded');
    expect((await row(failed.transactionId)).paid_paise).toBe(failed.amountPaise - 100);
  });

  it('two admins refunding at once send one refund', async () => {
    const p = nextProperty();
    const { first } = await paidTwice(p);
    const answers = await Promise.all([refund(first.transactionId), refund(first.transactionId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect((await exchangesOf(first.transactionId)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect((await payment(first.transactionId)).state).toBe('refunded');
  });

  it('is an admin\'s screen: a cashier is sent to their dashboard and refunds nothing', async () => {
    const p = nextProperty();
    const { first } = await paidTwice(p);
    const cashier = bearer(await login(CASHIER.email, CASHIER.password, server.url));
    expect(await screen('', cashier)).toMatchObject({ status: 302, location: '/dashboard' });
    const res = await fetch(url('/payment-exceptions'), { method: 'POST', headers: cashier, body: new URLSearchParams({ txn: first.transactionId }), redirect: 'manual' });
    expect(res.status).toBe(302);
    expect((await payment(first.transactionId)).state).toBe('refund-due');
    // Nothing that waits: refused in words, not an error page.
    const nothing = await refund('Tnothing-at-all');
    expect(nothing.status).toBe(409);
    expect(await nothing.text()).toContain('does not wait for a refund');
  });
});
