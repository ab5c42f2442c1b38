import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { openServerDatabase, testPostgresUrl } from '../support/database';
import { freePort, startServer, tempDataDir, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * SERVER_PROCESSES=2: two worker processes answer on one port (node:cluster gives each new connection to the
 * next in turn). Every request here goes on a connection of its own, so that consecutive requests reach both.
 * Payments whose steps land in either process, and the same callback in both at once, still give exactly one
 * receipt; the jobs run in one process; a process that dies is replaced; a stop ends them all.
 */
let server: TestServer;
let database: Db;
let clockFile: string;
let clockMs = 0;
const SIMULATOR_AUTH = `Basic ${Buffer.from('rzp_test_simulator:simulator-key-secret-not-for-production').toString('base64')}`;

interface Answer {
  status: number;
  process: string | undefined;
  location: string | undefined;
  body: string;
}

/** One request on a new connection (a fetch would keep reusing one, and so one process). */
function ask(target: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const address = new URL(target, server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(address, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, process: res.headers['x-server-process'] as string | undefined, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));

/** The worker processes of the server: the children of its first process. */
const workers = () => fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let properties: { number: string; mobile: string }[] = [];
const nextProperty = () => {
  const p = properties.shift();
  if (!p) throw new Error('the demo ward has run out of properties with dues');
  return p;
};
/** The demo's own receipts are older than this test's. */
let demoReceipts = 0;
const receiptsOf = (number: string) => database.selectFrom('payment_receipt').select(['id', 'number']).where('reference', '=', number).where('state', '=', 'valid').where('id', '>', demoReceipts).execute();

/** Asks on new connections until both processes have answered (a replacement answers once it listens). */
const bothAnswer = () => {
  const seen = new Set<string | undefined>();
  // A process that was just started again takes a second or more to listen on a busy machine.
  return until(async () => {
    seen.add((await ask('/api/Public/notice?page=1&pageSize=5')).process);
    return seen.has('1') && seen.has('2') && seen.size === 2 ? true : undefined;
  }, 'both processes answered', { tries: 1000, everyMs: 20 });
};

/** A payer starts a payment and pays at the simulator; answers the transaction, its order and the callback's fields. */
async function payAtGateway(p: { number: string; mobile: string }, outcome = 'success') {
  const started = await ask('/api/Public/payments', json({ kind: 'property-tax', reference: p.number, mobile: p.mobile }));
  expect(started.status, started.body).toBe(201);
  const { transactionId, next } = JSON.parse(started.body) as { transactionId: string; next: { url: string; fields: Record<string, string> } };
  const checkout = await ask(next.url, form({ ...next.fields, outcome }));
  expect(checkout.status).toBe(200);
  return { transactionId, orderId: next.fields.order_id, next, fields: hiddenFields(checkout.body), startedIn: started.process };
}

beforeAll(async () => {
  const dataDir = tempDataDir('council-processes');
  clockFile = path.join(dataDir, 'clock');
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ SERVER_PROCESSES: '2', TEST_CLOCK_FILE: clockFile, PAYMENT_TIMEOUT_MS: '5000' }, { dataDir });
  database = openServerDatabase(server.dataDir);
  demoReceipts = (await database.selectFrom('payment_receipt').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0;
  const all = await database.selectFrom('property').select(['number', 'mobile']).orderBy('number').limit(40).execute();
  for (const p of all) {
    const res = await ask(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`);
    if ((JSON.parse(res.body) as { totalDuePaise: number }).totalDuePaise > 0) properties.push(p);
  }
}, 90_000);

afterAll(async () => {
  await database?.destroy();
  await server?.stop();
});

describe('two server processes', () => {
  it('both answer, one connection after another', async () => {
    expect(server.output()).toContain('(2 processes)');
    expect(workers()).toHaveLength(2);
    await bothAnswer();
  });

  it('the same callback in both processes at once gives one receipt; payers at once each get theirs', async () => {
    const p = nextProperty();
    const paid = await payAtGateway(p);
    const answers = await Promise.all(Array.from({ length: 4 }, () => ask(`/payments/return?txn=${paid.transactionId}`, form(paid.fields))));
    expect(new Set(answers.map((a) => a.process)).size).toBe(2);
    for (const a of answers) expect(a.status).toBe(303);
    expect(await receiptsOf(p.number)).toHaveLength(1);
    const seen = JSON.parse((await ask(`/api/Public/payments/${paid.transactionId}`)).body) as { state: string; receipt: { number: string } | null };
    expect(seen.state).toBe('success');
    // The payer is told once, whichever process queued and delivered it.
    expect(await database.selectFrom('outbox_message').select('id').where('reference', '=', seen.receipt!.number).execute()).toHaveLength(1);

    // Six payers at once, their steps spread over both processes: SQLite's writers take turns across them.
    const crowd = properties.splice(0, 6);
    const steps = await Promise.all(crowd.map(async (c) => {
      const started = await payAtGateway(c);
      const back = await ask(`/payments/return?txn=${started.transactionId}`, form(started.fields));
      expect(back.status).toBe(303);
      return [started.startedIn, back.process];
    }));
    expect(new Set(steps.flat()).size).toBe(2);
    for (const c of crowd) expect(await receiptsOf(c.number), c.number).toHaveLength(1);
  });

  it('a payment captured after it failed, its signed callback in both processes at once: one receipt', async () => {
    const p = nextProperty();
    const failed = await payAtGateway(p, 'failure');
    expect((await ask(`/payments/return?txn=${failed.transactionId}`, form(failed.fields))).status).toBe(303);
    // The payer tries again on the same order at the gateway's page, and this time it is captured.
    const again = await ask(failed.next.url, form({ ...failed.next.fields, outcome: 'success' }));
    const fields = hiddenFields(again.body);
    const answers = await Promise.all(Array.from({ length: 4 }, () => ask(`/payments/return?txn=${failed.transactionId}`, form(fields))));
    expect(new Set(answers.map((a) => a.process)).size).toBe(2);
    expect(await receiptsOf(p.number)).toHaveLength(1);
    expect((JSON.parse((await ask(`/api/Public/payments/${failed.transactionId}`)).body) as { state: string }).state).toBe('success');
  });

  // The clock that drives the jobs here is read by the in-process runner (SQLite); on PostgreSQL pg-boss keeps
  // its schedules on real time, which jobs.test.ts covers.
  it.skipIf(!!testPostgresUrl())('the reconciliation job runs in one process and settles a payment nobody called back, once', async () => {
    const p = nextProperty();
    const paid = await payAtGateway(p, 'pending');
    const settle = await ask(`/gateway-simulator/v1/orders/${paid.orderId}/settle`, { method: 'POST', headers: { authorization: SIMULATOR_AUTH, 'content-type': 'application/json' }, body: '{"outcome":"success"}' });
    expect(settle.status).toBe(200);
    clockMs += 16 * 60_000;
    fs.writeFileSync(clockFile, String(clockMs));
    await until(async () => ((await receiptsOf(p.number)).length > 0 ? true : undefined), 'the reconciliation job settled it', { tries: 100, everyMs: 100 });
    expect(await receiptsOf(p.number)).toHaveLength(1);
    expect(server.output()).not.toMatch(/job .* failed/);
  });

  it('a process that dies is replaced, and a stop ends them all', async () => {
    const [first, second] = workers();
    process.kill(second, 'SIGKILL');
    const replaced = await until(() => {
      const now = workers();
      return now.length === 2 && !now.includes(second) ? now : undefined;
    }, 'a new process took the place of the one that died', { tries: 100, everyMs: 100 });
    expect(replaced).toContain(first);
    expect(server.output()).toMatch(/Server process \d ended \(SIGKILL\)/);
    // A replacement that dies while it starts is started again: the server that served goes on serving.
    const starting = replaced.find((pid) => pid !== first)!;
    process.kill(starting, 'SIGKILL');
    const again = await until(() => {
      const now = workers();
      return now.length === 2 && !now.includes(starting) ? now : undefined;
    }, 'another process took the place of the one that died starting', { tries: 100, everyMs: 100 });
    expect(alive(server.pid)).toBe(true);
    await bothAnswer();

    await server.stop();
    expect(alive(server.pid)).toBe(false);
    for (const pid of again) expect(alive(pid), `process ${pid}`).toBe(false);
  });
});

describe('a start of several processes that cannot serve', () => {
  it('refuses a number of processes that is not 1 to 64, with one clear line', async () => {
    for (const processes of ['0', '65', 'two']) {
      const refused = await startServer({ SEED: 'none', SERVER_PROCESSES: processes }, { expectFailure: true });
      expect(refused.output().trim()).toMatch(/^Cannot start: SERVER_PROCESSES must be/);
    }
  });

  it('ends, every process with it, when the port is taken', async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    try {
      const refused = await startServer({ SEED: 'none', PORT: String(port), SERVER_PROCESSES: '2' }, { expectFailure: true });
      expect(refused.output()).toMatch(/Cannot start: port \d+ on 127\.0\.0\.1 is already in use/);
      expect(refused.output()).not.toContain('Serving on');
      expect(alive(refused.pid)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});
