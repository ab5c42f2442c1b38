import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { receiptCheckCode } from '../../src/features/payments/receipt-check';
import { formatWhen } from '../../src/lib/format';
import { openServerDatabase, testPostgresUrl } from '../support/database';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * Payments against the built-in simulator (Razorpay's protocol), one rule at a time: success, failure,
 * pending then reconciled by the job, a status query that times out, a tampered callback signature, a wrong
 * amount, the same callback twice with a webhook, paying a paid bill, one live transaction per bill, and what
 * every exchange leaves stored. One server of its own, whose clock the tests move to run the reconciliation.
 */
let server: TestServer;
let database: Db;
let clockFile: string;
let clockMs = 0;
const url = (p: string) => `${server.url}${p}`;
const SIMULATOR_AUTH = `Basic ${Buffer.from('rzp_test_simulator:simulator-key-secret-not-for-production').toString('base64')}`;

/** Moves the server's clock on by `minutes`: the in-process runner notices within a second. */
function moveClock(minutes: number): void {
  clockMs += minutes * 60_000;
  fs.writeFileSync(clockFile, String(clockMs));
}

let properties: { number: string; mobile: string }[] = [];
/** A property with something due that no other test has touched. */
const nextProperty = () => {
  const p = properties.shift();
  if (!p) throw new Error('the demo ward has run out of properties with dues');
  return p;
};

async function start(p: { number: string; mobile: string }, extra: Record<string, unknown> = {}) {
  const res = await fetch(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile, ...extra }) });
  return { status: res.status, body: (await res.json()) as { transactionId: string; amountPaise: number; next: { method: string; url: string; fields: Record<string, string> }; message?: string } };
}

const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));

/** The payer at the simulator's checkout: posts the order there with a chosen outcome; the callback fields it hands back. */
async function checkout(next: { url: string; fields: Record<string, string> }, outcome: string, fault = ''): Promise<Record<string, string>> {
  const res = await fetch(next.url, { method: 'POST', body: new URLSearchParams({ ...next.fields, outcome, fault }) });
  expect(res.status).toBe(200);
  return hiddenFields(await res.text());
}

async function callback(txn: string, fields: Record<string, string>) {
  const res = await fetch(url(`/payments/return?txn=${txn}`), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

async function payment(txn: string) {
  return (await (await fetch(url(`/api/Public/payments/${txn}`))).json()) as { state: string; amountPaise: number; receipt: { number: string; state: string; pdf: string } | null };
}

const receiptsOf = (number: string) => database.selectFrom('payment_receipt').selectAll().where('reference', '=', number).where('paid_at', '>', '2026-11-01').execute();
const exchangesOf = async (txn: string) => {
  const t = await database.selectFrom('payment_transaction').select('id').where('public_id', '=', txn).executeTakeFirstOrThrow();
  return database.selectFrom('payment_exchange').selectAll().where('transaction_id', '=', t.id).orderBy('id').execute();
};

beforeAll(async () => {
  const dataDir = tempDataDir('council-payments');
  clockFile = path.join(dataDir, 'clock');
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ TEST_CLOCK_FILE: clockFile, PAYMENT_TIMEOUT_MS: '1500' }, { dataDir });
  database = openServerDatabase(server.dataDir);
  const all = await database.selectFrom('property').select(['number', 'mobile']).orderBy('number').execute();
  for (const p of all) {
    const res = await fetch(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`));
    if (((await res.json()) as { totalDuePaise: number }).totalDuePaise > 0) properties.push(p);
  }
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('paying through the simulator', () => {
  it('success: the gateway\'s own status gives exactly one receipt for the billed amount, and every exchange is stored', async () => {
    const p = nextProperty();
    const started = await start(p);
    expect(started.status).toBe(201);
    expect(started.body.next.method).toBe('POST');
    const back = await callback(started.body.transactionId, await checkout(started.body.next, 'success'));
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/paypropertytax?txn=${started.body.transactionId}`);
    const paid = await payment(started.body.transactionId);
    expect(paid.state).toBe('success');
    expect(paid.receipt?.number).toMatch(/^NPK-RCT-\d{4}-\d{2}-\d{6}$/);
    const receipts = await receiptsOf(p.number);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].amount_paise).toBe(started.body.amountPaise);
    expect((await exchangesOf(started.body.transactionId)).map((e) => e.kind)).toEqual(['start', 'callback', 'status']);
    // By its number alone the receipt is only valid; with its check code it shows its facts, nothing personal.
    // The property's demand is now clear.
    expect(await (await fetch(url(`/api/Public/receipts/${paid.receipt!.number}`))).json()).toEqual({ number: paid.receipt!.number, state: 'valid' });
    const checkCode = receiptCheckCode(receipts[0].token, receipts[0].number);
    const verified = (await (await fetch(url(`/api/Public/receipts/${paid.receipt!.number}?code=${checkCode}`))).json()) as Record<string, unknown>;
    expect(verified).toMatchObject({ number: paid.receipt!.number, state: 'valid', amountPaise: started.body.amountPaise, reference: p.number });
    expect(JSON.stringify(verified)).not.toContain(p.mobile);
    const after = (await (await fetch(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`))).json()) as { totalDuePaise: number };
    expect(after.totalDuePaise).toBe(0);
    // The payer is told, through the outbox.
    const messages = await database.selectFrom('outbox_message').selectAll().where('reference', '=', paid.receipt!.number).execute();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0].body).toContain(paid.receipt!.number);
    // It is dated as people read a moment in India, never as an ISO date.
    expect(messages[0].body).toContain(formatWhen(receipts[0].paid_at));
    expect(messages[0].body).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    // Its link verifies the receipt with its check code.
    expect(messages[0].body).toContain(`/verify/${paid.receipt!.number}?code=${checkCode}`);
  });

  it('says apart, in Server-Timing, how long starting and the callback waited for the gateway\'s servers', async () => {
    const p = nextProperty();
    const gatewayWait = (res: Response, tookMs: number) => {
      const timing = /^gateway;dur=(\d+\.\d);desc="the payment gateway"$/.exec(res.headers.get('server-timing') ?? '');
      expect(timing, res.headers.get('server-timing') ?? 'no Server-Timing').not.toBeNull();
      const waited = Number(timing![1]);
      // The simulator answers over HTTP, so some time passes; never more than the whole answer took.
      expect(waited).toBeGreaterThan(0);
      expect(waited).toBeLessThanOrEqual(tookMs);
    };
    let t0 = performance.now();
    const started = await fetch(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile }) });
    const body = (await started.json()) as { transactionId: string; next: { url: string; fields: Record<string, string> } };
    gatewayWait(started, performance.now() - t0);
    expect(Object.keys(body).sort()).toEqual(['amountPaise', 'next', 'transactionId']);
    const fields = await checkout(body.next, 'success');
    t0 = performance.now();
    const back = await fetch(url(`/payments/return?txn=${body.transactionId}`), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    expect(back.status).toBe(303);
    gatewayWait(back, performance.now() - t0);
    expect((await payment(body.transactionId)).state).toBe('success');
  });

  it('the empty tax forms come from the page cache; a payer\'s own answers are kept by nobody', async () => {
    for (const path of ['/viewpropertytax', '/hi/paypropertytax']) {
      await (await fetch(url(path))).text();
      const again = await fetch(url(path));
      expect(again.headers.get('x-page-cache'), path).toBe('hit');
      expect(await again.text()).toContain('name="mobile"');
    }
    const p = nextProperty();
    const started = await start(p);
    await callback(started.body.transactionId, await checkout(started.body.next, 'success'));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url(`/paypropertytax?txn=${started.body.transactionId}`));
      expect(res.headers.get('x-page-cache')).not.toBe('hit');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain('data-state="success"');
    }
    const statement = await fetch(url('/viewpropertytax'), { method: 'POST', body: new URLSearchParams({ action: 'lookup', number: p.number, mobile: p.mobile }) });
    expect(statement.status).toBe(200);
    expect(statement.headers.get('cache-control')).toBe('private, no-store');
    expect(await statement.text()).toContain(p.number);
  });

  it('paying a paid bill is refused: nothing is due and no second transaction starts', async () => {
    const p = nextProperty();
    const started = await start(p);
    await callback(started.body.transactionId, await checkout(started.body.next, 'success'));
    expect((await payment(started.body.transactionId)).state).toBe('success');
    const again = await start(p);
    expect(again.status).toBe(409);
    // The simulator will not take a second payment on the paid order either, and a replayed callback changes nothing.
    const replay = await fetch(started.body.next.url, { method: 'POST', body: new URLSearchParams({ ...started.body.next.fields, outcome: 'success' }) });
    expect(replay.status).toBe(400);
    expect(await receiptsOf(p.number)).toHaveLength(1);
  });

  it('failure: no receipt, and the bill can be paid again', async () => {
    const p = nextProperty();
    const started = await start(p);
    const fields = await checkout(started.body.next, 'failure');
    expect(fields['error[code]']).toBe('BAD_REQUEST_ERROR');
    await callback(started.body.transactionId, fields);
    expect((await payment(started.body.transactionId)).state).toBe('failed');
    expect(await receiptsOf(p.number)).toHaveLength(0);
    const retry = await start(p);
    expect(retry.status).toBe(201);
    expect(retry.body.transactionId).not.toBe(started.body.transactionId);
  });

  it('one live transaction per bill: starting again sends the payer to the same order; another amount waits', async () => {
    const p = nextProperty();
    const first = await start(p);
    const second = await start(p);
    expect(second.status).toBe(201);
    expect(second.body.transactionId).toBe(first.body.transactionId);
    expect(second.body.next.fields.order_id).toBe(first.body.next.fields.order_id);
    const part = await start(p, { amountPaise: 50_000 });
    expect(part.status).toBe(409);
    const live = await database.selectFrom('payment_transaction').innerJoin('payment_bill', 'payment_bill.id', 'payment_transaction.bill_id').select('payment_transaction.id').where('payment_bill.reference', '=', p.number).where('live_bill_id', 'is not', null).execute();
    expect(live).toHaveLength(1);
  });

  it('wrong amount: the gateway reports less than billed, so no receipt; the transaction is marked for refund', async () => {
    const p = nextProperty();
    const started = await start(p);
    await callback(started.body.transactionId, await checkout(started.body.next, 'success', 'wrong-amount'));
    expect((await payment(started.body.transactionId)).state).toBe('mismatch');
    expect(await receiptsOf(p.number)).toHaveLength(0);
    const row = await database.selectFrom('payment_transaction').select(['note', 'live_bill_id']).where('public_id', '=', started.body.transactionId).executeTakeFirstOrThrow();
    expect(row.note).toContain('refund');
    expect(row.live_bill_id).toBeNull();
  });

  it('the same callback twice and a webhook: one receipt', async () => {
    const p = nextProperty();
    const started = await start(p);
    // The simulator has already posted the callback once and sent its webhook; the browser brings it again.
    const fields = await checkout(started.body.next, 'success', 'duplicate');
    await callback(started.body.transactionId, fields);
    await callback(started.body.transactionId, fields);
    expect((await payment(started.body.transactionId)).state).toBe('success');
    expect(await receiptsOf(p.number)).toHaveLength(1);
    const kinds = (await exchangesOf(started.body.transactionId)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'callback')).toHaveLength(3);
    expect(kinds).toContain('webhook');
  });

  it('a webhook whose signature is not the gateway\'s is refused', async () => {
    const res = await fetch(url('/api/Public/payments/webhook'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) }, body: '{"event":"payment.captured"}' });
    expect(res.status).toBe(400);
  });

  it('the payer may choose a part payment within the limits, and it is receipted for what was paid', async () => {
    const p = nextProperty();
    const tooSmall = await start(p, { amountPaise: 100 });
    expect(tooSmall.status).toBe(400);
    const started = await start(p, { amountPaise: 50_000 });
    expect(started.status).toBe(201);
    expect(started.body.amountPaise).toBe(50_000);
    await callback(started.body.transactionId, await checkout(started.body.next, 'success'));
    const receipts = await receiptsOf(p.number);
    expect(receipts.map((r) => r.amount_paise)).toEqual([50_000]);
  });
});

// The reconciliation job is driven here by moving the server's test clock, which only the in-process runner (SQLite)
// reads; on PostgreSQL pg-boss keeps its schedules on real time (every 15 minutes), and its running a scheduled
// job on that engine is tested in jobs.test.ts.
describe.skipIf(!!testPostgresUrl())('nobody is left with money taken and no receipt', () => {
  it('pending, then settled by the bank, then found by the reconciliation job', async () => {
    const p = nextProperty();
    const started = await start(p);
    await callback(started.body.transactionId, await checkout(started.body.next, 'pending'));
    expect((await payment(started.body.transactionId)).state).toBe('pending');
    const settle = await fetch(url(`/gateway-simulator/v1/orders/${started.body.next.fields.order_id}/settle`), { method: 'POST', headers: { authorization: SIMULATOR_AUTH, 'content-type': 'application/json' }, body: '{"outcome":"success"}' });
    expect(settle.status).toBe(200);
    // No callback comes: only the job can find it, once the transaction is 15 minutes old.
    expect((await payment(started.body.transactionId)).state).toBe('pending');
    moveClock(16);
    // Watched in the database: a look by the payer would ask the gateway too, and this is the job's test.
    await until(async () => ((await receiptsOf(p.number)).length > 0 ? true : undefined), 'the reconciliation job settled it', { tries: 100, everyMs: 100 });
    expect(await receiptsOf(p.number)).toHaveLength(1);
    expect((await payment(started.body.transactionId)).state).toBe('success');
  });

  it('a payer looking again at a pending payment has the gateway asked again, at most every 10 seconds', async () => {
    const p = nextProperty();
    const started = await start(p);
    const id = started.body.transactionId;
    await callback(id, await checkout(started.body.next, 'pending'));
    const settle = await fetch(url(`/gateway-simulator/v1/orders/${started.body.next.fields.order_id}/settle`), { method: 'POST', headers: { authorization: SIMULATOR_AUTH, 'content-type': 'application/json' }, body: '{"outcome":"success"}' });
    expect(settle.status).toBe(200);
    const asked = (await exchangesOf(id)).length;
    expect((await payment(id)).state).toBe('pending');
    expect((await exchangesOf(id)).length).toBe(asked);
    moveClock(0.2);
    const seen = await payment(id);
    expect(seen.state).toBe('success');
    expect(seen.receipt?.number).toMatch(/^NPK-RCT-/);
    expect((await exchangesOf(id)).length).toBe(asked + 1);
    expect(await receiptsOf(p.number)).toHaveLength(1);
  });

  it('a status query that times out leaves the payment pending until the job asks again', async () => {
    const p = nextProperty();
    const started = await start(p);
    await callback(started.body.transactionId, await checkout(started.body.next, 'success', 'timeout'));
    expect((await payment(started.body.transactionId)).state).toBe('pending');
    expect(await receiptsOf(p.number)).toHaveLength(0);
    const exchanges = await exchangesOf(started.body.transactionId);
    expect(exchanges.at(-1)).toMatchObject({ kind: 'status', outcome: 'error' });
    moveClock(16);
    // Watched in the database: a look by the payer would ask the gateway too, and this is the job's test.
    await until(async () => ((await receiptsOf(p.number)).length > 0 ? true : undefined), 'the reconciliation job settled it', { tries: 100, everyMs: 100 });
    expect(await receiptsOf(p.number)).toHaveLength(1);
    expect((await payment(started.body.transactionId)).state).toBe('success');
  });

  it('a tampered callback signature is stored and not acted on; the job then asks the gateway itself', async () => {
    const p = nextProperty();
    const started = await start(p);
    const fields = await checkout(started.body.next, 'success', 'tampered');
    await callback(started.body.transactionId, fields);
    expect((await payment(started.body.transactionId)).state).toBe('created');
    const exchanges = await exchangesOf(started.body.transactionId);
    expect(exchanges.map((e) => [e.kind, e.outcome])).toEqual([['start', 'ok'], ['callback', 'signature invalid']]);
    expect(await receiptsOf(p.number)).toHaveLength(0);
    moveClock(16);
    // Watched in the database: a look by the payer would ask the gateway too, and this is the job's test.
    await until(async () => ((await receiptsOf(p.number)).length > 0 ? true : undefined), 'the reconciliation job settled it', { tries: 100, everyMs: 100 });
    expect(await receiptsOf(p.number)).toHaveLength(1);
    expect((await payment(started.body.transactionId)).state).toBe('success');
  });
});

describe('receipts', () => {
  it('are numbered in one series per financial year, without gaps', async () => {
    const rows = await database.selectFrom('payment_receipt').select(['fy', 'seq', 'number']).orderBy('fy').orderBy('seq').execute();
    const byYear = new Map<string, number[]>();
    for (const r of rows) byYear.set(r.fy, [...(byYear.get(r.fy) ?? []), r.seq]);
    for (const [fy, seqs] of byYear) expect(seqs, fy).toEqual(seqs.map((_, i) => i + 1));
    for (const r of rows) expect(r.number).toBe(`NPK-RCT-${r.fy}-${String(r.seq).padStart(6, '0')}`);
  });

  it('come as a PDF by their secret address, and /verify says valid in both languages without personal data', async () => {
    const receipt = await database.selectFrom('payment_receipt').innerJoin('payment_bill', 'payment_bill.id', 'payment_receipt.bill_id').select(['number', 'token', 'payer_name', 'payer_mobile']).where('payment_receipt.state', '=', 'valid').executeTakeFirstOrThrow();
    for (const lang of ['', '?lang=hi']) {
      const pdf = await fetch(url(`/receipt/${receipt.token}.pdf${lang}`));
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await fetch(url('/receipt/not-a-real-token-at-all.pdf'))).status).toBe(404);
    for (const prefix of ['', '/hi']) {
      const page = await fetch(url(`${prefix}/verify/${receipt.number}`));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(receipt.number);
      expect(html).toContain(prefix ? 'यह रसीद मान्य है।' : 'This receipt is valid.');
      expect(html).not.toContain(receipt.payer_mobile);
      expect(html).not.toContain(receipt.payer_name);
    }
    expect((await fetch(url('/verify/NPK-RCT-2099-00-999999'))).status).toBe(404);
  });
});

describe('a signed-in citizen', () => {
  it('sees the properties of their mobile on /my, with what each owes', async () => {
    const mobile = '9876543210'; // W05-0001's holder in the demo ward
    const post = (p: string, body: object) => fetch(url(p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/Citizen/signin', { mobile })).status).toBe(202);
    // In the demo the code waits in the outbox.
    const message = await until(async () => (await database.selectFrom('outbox_message').select('body').where('recipient', 'like', `%${mobile}%`).where('body', 'like', '%sign-in code%').orderBy('id', 'desc').executeTakeFirst()) ?? undefined, 'the sign-in code');
    const code = /(\d{6})/.exec(message.body)![1];
    const { token } = (await (await post('/api/Citizen/verify', { mobile, code })).json()) as { token: string };
    const page = await (await fetch(url('/my'), { headers: { cookie: `citizen_session=${token}` } })).text();
    expect(page).toContain('data-my-properties');
    expect(page).toContain('W05-0001');
    expect(page).toMatch(/Total payable today: ₹[\d,]+\.\d{2}|Nothing is due on this property/);
  });
});

describe('the property tax API', () => {
  it('answers 400 without a mobile and 404 when the number and mobile do not match', async () => {
    const [p] = await database.selectFrom('property').select(['number', 'mobile']).orderBy('number').limit(1).execute();
    expect((await fetch(url(`/api/Public/property-tax/${p.number}`))).status).toBe(400);
    expect((await fetch(url(`/api/Public/property-tax/${p.number}?mobile=6000000000`))).status).toBe(404);
    expect((await fetch(url(`/api/Public/property-tax/NOSUCH-1?mobile=${p.mobile}`))).status).toBe(404);
    const ok = await fetch(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { lines: { duePaise: number; principalPaise: number; rebatePaise: number; penaltyPaise: number }[]; totalDuePaise: number };
    for (const l of body.lines) expect(l.duePaise).toBe(l.principalPaise - l.rebatePaise + l.penaltyPaise);
    expect(body.totalDuePaise).toBe(body.lines.reduce((s, l) => s + l.duePaise, 0));
  });
});
