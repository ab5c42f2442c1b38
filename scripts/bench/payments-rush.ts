// `npm run bench:payments`: the last days before the rebate ends.
// Starts the built server on a temporary data folder (SQLite, or PostgreSQL when DATABASE_URL or TEST_POSTGRES_URL
// names a PostgreSQL server: a fresh database is made there for the run),
// adds 200 properties with this year's demand, then at once: 200 payers each look up their demand, start a
// payment, pay at the simulator, come back through the callback and read their payment; 190 readers browse
// public pages until the payers are done. Everyone arrives within the first second and pauses between
// clicks as a person does (readers 1 to 3 s, payers 0.5 to 2 s between steps); each visitor's requests go over kept-alive
// connections (node:http, cheaper for this client than fetch). Prints the figures and writes them to
// bench/payments-rush-<engine>-<processes>.md. It asserts nothing. "Our steps" are the payer's requests to the
// portal, and their own part leaves out what they waited inside for the gateway's servers (Server-Timing);
// the simulator's checkout page is the gateway's and is timed apart (the simulator runs in a server process
// of its own, on the same machine, at a lower CPU priority: RUSH_GATEWAY_NICE).
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { freePort, startServer } from '../../tests/support/server';
import { openServerDatabase } from '../../tests/support/database';
import { addBenchPayers } from './bench-payers';
import { closeConnections, formBody, request, type Answer } from './http-client';
import { cpuSeconds, machineBusySeconds } from './process-cpu';

const PAYERS = Number(process.env.RUSH_PAYERS || 200);
const READERS = Number(process.env.RUSH_READERS || 190);
// RUSH_PROCESSES: the portal's SERVER_PROCESSES, by default one per core as docs/deploy.md advises (the
// simulator, the gateway's, keeps one).
const PROCESSES = Number(process.env.RUSH_PROCESSES || os.cpus().length);
const WARM = Number(process.env.RUSH_WARM || 0);
// RUSH_GATEWAY_NICE: the simulator's CPU priority (Linux nice, 0 to 19). It stands for the gateway's own
// machines, which take none of the portal's cores: at 10 it has the cores' spare time, not the portal's. 0
// puts it level with the portal (a second figure: ...-gateway-level.md).
const GATEWAY_NICE = Number(process.env.RUSH_GATEWAY_NICE ?? 10);
const READ_PATHS = ['/', '/notice', '/latestnews', '/viewpropertytax', '/hi/paypropertytax', '/currenttender'];

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

// DATABASE_URL names the PostgreSQL server to run on; the test support makes a fresh database there.
if (process.env.DATABASE_URL && !process.env.TEST_POSTGRES_URL) process.env.TEST_POSTGRES_URL = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;

async function main() {
  const engine = process.env.TEST_POSTGRES_URL ? 'postgresql' : 'sqlite';
  // The simulator runs in a server process of its own, as a real gateway runs on its own machines, and the
  // portal reaches it as Razorpay (the same protocol). RUSH_GATEWAY=inside: it shares the portal's process,
  // which then also does the gateway's work.
  const apart = process.env.RUSH_GATEWAY !== 'inside';
  const portalPort = await freePort();
  const gatewayServer = apart ? await startServer({ PAYMENT_GATEWAY: 'simulator', PAYMENT_SIMULATOR_MERCHANT_URL: `http://127.0.0.1:${portalPort}` }) : null;
  const secret = process.env.PAYMENT_SIMULATOR_SECRET || 'simulator-key-secret-not-for-production';
  const asRazorpay: Record<string, string> = gatewayServer
    ? { PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_simulator', RAZORPAY_KEY_SECRET: secret, RAZORPAY_WEBHOOK_SECRET: `${secret}-webhook`, RAZORPAY_API_URL: `${gatewayServer.url}/gateway-simulator`, RAZORPAY_CHECKOUT_URL: `${gatewayServer.url}/gateway-simulator/v1/checkout/embedded` }
    : {};
  // WARM_START: each process renders its first pages as it starts, as a production server does (not a test's).
  const server = await startServer({ PORT: String(portalPort), PAYMENT_TIMEOUT_MS: '10000', SERVER_PROCESSES: String(PROCESSES), WARM_START: '1', ...asRazorpay });
  const gatewayDatabase = gatewayServer ? openServerDatabase(gatewayServer.dataDir) : null;
  if (gatewayServer) os.setPriority(gatewayServer.pid, GATEWAY_NICE);
  const loadAtStart = os.loadavg();
  const database = openServerDatabase(server.dataDir);
  const url = (p: string) => `${server.url}${p}`;
  try {
    // A first start draws the demo pictures in the background: wait until the server is idle again. Each
    // look-up comes on a connection of its own, so that with several processes every one of them has answered.
    const settleBy = Date.now() + 180_000;
    for (let quick = 0; quick < 20 * PROCESSES && Date.now() < settleBy; ) {
      const t0 = performance.now();
      await request(url('/api/Public/property-tax/W05-0001?mobile=9876543210'), { fresh: true });
      quick = performance.now() - t0 < 20 ? quick + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
    // This year's demand for 200 properties of a ward of their own.
    const fyRow = await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).json() as { currentYear: string };
    const payers = await addBenchPayers(database, { ward: '99', count: PAYERS, firstMobile: 9_700_000_000, fy: fyRow.currentYear });

    const ours: Record<string, number[]> = { 'look up demand': [], 'start payment': [], 'callback (asks the gateway)': [], 'read payment': [] };
    // The same steps less the time they waited inside for the gateway's servers (an order at start, the status
    // at the callback), as each answer's Server-Timing header says: our own part of the payer's wait.
    const ownPart: Record<string, number[]> = Object.fromEntries(Object.keys(ours).map((name) => [name, []]));
    const gatewayTimes: number[] = [];
    const readTimes: number[] = [];
    let errors = 0;
    const errorNotes: string[] = [];
    const timed = async (bucket: number[], run: () => Promise<Answer>, okStatuses = [200, 201, 303]) => {
      const t0 = performance.now();
      let res: Answer;
      let body: string;
      try {
        res = await run();
        body = res.text;
      } catch (err) {
        errors++;
        if (errorNotes.length < 5) errorNotes.push(String((err as Error).cause ?? err));
        return { res: { status: 599, text: '{}', headers: {} }, body: '{}' };
      }
      const took = performance.now() - t0;
      bucket.push(took);
      const gatewayMs = Number(/gateway;dur=([0-9.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? 0);
      ownPart[Object.keys(ours).find((name) => ours[name] === bucket) ?? '']?.push(took - gatewayMs);
      if (!okStatuses.includes(res.status)) {
        errors++;
        if (errorNotes.length < 5) errorNotes.push(`${res.status} ${body.slice(0, 120)}`);
      }
      return { res, body };
    };

    // RUSH_WARM=N (a second figure, not the headline): N other payers pay one after another before the rush and
    // every public page is opened once by each process, as on a server that has been taking payments all
    // morning; the headline run starts from a server whose processes have answered demand look-ups only.
    // Each request comes on a connection of its own, so that every process gets its share.
    if (WARM > 0) {
      const early = await addBenchPayers(database, { ward: '97', count: WARM, firstMobile: 9_500_000_000, fy: fyRow.currentYear });
      for (const path of READ_PATHS) for (let n = 0; n < PROCESSES; n++) await request(url(path), { fresh: true });
      for (const p of early) {
        await request(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`), { fresh: true });
        const startedEarly = JSON.parse((await request(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile }), fresh: true })).text) as { transactionId: string; next: { url: string; fields: Record<string, string> } };
        const page = (await request(startedEarly.next.url, formBody({ ...startedEarly.next.fields, outcome: 'success' }))).text;
        const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        await request(url(`/payments/return?txn=${startedEarly.transactionId}`), { ...formBody(fields), fresh: true });
        await request(url(`/api/Public/payments/${startedEarly.transactionId}`), { fresh: true });
      }
    }

    let payersDone = false;
    let settledOnALaterLook = 0;
    // Each visitor arrives within the first second (the kernel's queue of new connections is short here).
    const arrive = () => new Promise((r) => setTimeout(r, Math.random() * 1000));
    // People read a page before the next click: 1 to 3 s for readers, 0.5 to 2 s between a payer's steps.
    const think = (min: number, max: number) => new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));
    const readers = Array.from({ length: READERS }, async (_, r) => {
      await arrive();
      let i = r;
      while (!payersDone) {
        await timed(readTimes, () => request(url(READ_PATHS[i++ % READ_PATHS.length])), [200]);
        await think(1000, 3000);
      }
    });

    // Whether this client is itself a bottleneck: its own event loop's delay while it plays the crowd.
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const cpuAtStart = { portal: cpuSeconds(server.pid), gateway: gatewayServer ? cpuSeconds(gatewayServer.pid) : 0, crowd: process.cpuUsage(), machine: machineBusySeconds() };
    const started = performance.now();
    const transactions: string[] = [];
    await Promise.all(
      payers.map(async (p) => {
        await arrive();
        await timed(ours['look up demand'], () => request(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`)));
        await think(500, 2000);
        const { body } = await timed(ours['start payment'], () => request(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile }) }));
        const startedPayment = JSON.parse(body) as { transactionId?: string; next?: { url: string; fields: Record<string, string> } };
        const next = startedPayment.next;
        if (!startedPayment.transactionId || !next) return;
        transactions.push(startedPayment.transactionId);
        const { body: page } = await timed(gatewayTimes, () => request(next.url, formBody({ ...next.fields, outcome: 'success' })));
        await think(500, 2000);
        const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        await timed(ours['callback (asks the gateway)'], () => request(url(`/payments/return?txn=${startedPayment.transactionId}`), formBody(fields)));
        await think(500, 2000);
        const { body: seen } = await timed(ours['read payment'], () => request(url(`/api/Public/payments/${startedPayment.transactionId}`)));
        // A payer whose payment still says pending (the gateway's status query timed out under the load) looks
        // again a little later, as a person would, and the portal asks the gateway again.
        for (let look = 0, state = (JSON.parse(seen) as { state?: string }).state; state === 'pending' && look < 3; look++) {
          await think(10_000, 12_000);
          const again = await timed(ours['read payment'], () => request(url(`/api/Public/payments/${startedPayment.transactionId}`)));
          state = (JSON.parse(again.body) as { state?: string }).state;
          if (state !== 'pending') settledOnALaterLook++;
        }
      }),
    );
    const elapsed = performance.now() - started;
    const crowdCpu = process.cpuUsage(cpuAtStart.crowd);
    const cpu = {
      portal: cpuSeconds(server.pid) - cpuAtStart.portal,
      gateway: gatewayServer ? cpuSeconds(gatewayServer.pid) - cpuAtStart.gateway : 0,
      crowd: (crowdCpu.user + crowdCpu.system) / 1e6,
      machine: machineBusySeconds() - cpuAtStart.machine,
    };
    payersDone = true;
    await Promise.all(readers);
    clientDelay.disable();

    // Every payment the gateway reports captured has exactly one receipt.
    const captured = await (gatewayDatabase ?? database).selectFrom('gateway_simulator_order').select('id').where('payment_status', '=', 'captured').execute();
    const capturedIds = new Set(captured.map((c) => c.id));
    const txns = await database.selectFrom('payment_transaction').select(['id', 'gateway_order_id', 'state']).where('public_id', 'in', transactions).execute();
    const receipts = await database.selectFrom('payment_receipt').select(['transaction_id', 'bill_id']).where('reference', 'like', 'W99-%').where('state', '=', 'valid').execute();
    const receiptsByTxn = new Map<number, number>();
    for (const r of receipts) receiptsByTxn.set(r.transaction_id!, (receiptsByTxn.get(r.transaction_id!) ?? 0) + 1);
    let lost = 0;
    let doubled = 0;
    for (const t of txns) {
      const n = receiptsByTxn.get(t.id) ?? 0;
      if (capturedIds.has(t.gateway_order_id) && n === 0) lost++;
      if (n > 1) doubled++;
    }
    const billsTwice = receipts.length - new Set(receipts.map((r) => r.bill_id)).size;

    const all = Object.values(ours).flat();
    const ownAll = Object.values(ownPart).flat();
    const lines = [
      `# Property tax rush (${engine}, ${PROCESSES === 1 ? 'one server process' : `${PROCESSES} server processes`}${apart ? `, the simulator in its own process at nice ${GATEWAY_NICE}` : ', the simulator inside the portal'}${WARM > 0 ? `, a warm server: ${WARM} payments and every page before the rush` : ''})`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} cores, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at the start and ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end (1 / 5 / 15 min; other work shared the machine, so the times are noisy), Node ${process.version}: ${PAYERS} payers at once through the simulator while ${READERS} readers browse ${READ_PATHS.join(', ')}, each pausing 1 to 3 s between pages (payers 0.5 to 2 s between steps); all arrive within the first second. Server and load on the same machine.`,
      '',
      '| figure | value | goal |',
      '|---|---|---|',
      `| payments the gateway reports successful | ${txns.filter((t) => capturedIds.has(t.gateway_order_id)).length} of ${PAYERS} | all |`,
      `| receipts lost / doubled (a bill receipted twice) | **${lost} / ${doubled + billsTwice}** | 0 / 0 |`,
      `| payments still pending after the callback, settled when the payer looked again | ${settledOnALaterLook} | |`,
      `| errors (payers and readers) | **${errors}** | 0 |`,
      `| our steps, our own part (less their waits for the gateway's servers): p50 / p99 | ${ms(percentile(ownAll, 50))} / **${ms(percentile(ownAll, 99))}** | p99 < 500 ms |`,
      `| our steps as the payer waits (the gateway's answers inside them included): p50 / p99 | ${ms(percentile(all, 50))} / ${ms(percentile(all, 99))} | |`,
      ...Object.entries(ours).map(([name, values]) => `| ${name}: p50 / p99 as the payer waits (our own part) | ${ms(percentile(values, 50))} / ${ms(percentile(values, 99))} (${ms(percentile(ownPart[name], 50))} / ${ms(percentile(ownPart[name], 99))}) | |`),
      `| the simulator's checkout (the gateway's): p50 / p99 | ${ms(percentile(gatewayTimes, 50))} / ${ms(percentile(gatewayTimes, 99))} | (not ours) |`,
      `| public pages meanwhile: ${readTimes.length} requests, p50 / p99 | ${ms(percentile(readTimes, 50))} / **${ms(percentile(readTimes, 99))}** | p99 < 100 ms |`,
      `| all ${PAYERS} payments done in | ${(elapsed / 1000).toFixed(1)} s | |`,
      `| CPU used while the payers paid (${os.cpus().length} cores × ${(elapsed / 1000).toFixed(1)} s = ${((os.cpus().length * elapsed) / 1000).toFixed(0)} s): portal / simulator / this crowd / everything else on the machine | ${cpu.portal.toFixed(1)} / ${cpu.gateway.toFixed(1)} / ${cpu.crowd.toFixed(1)} / ${Math.max(0, cpu.machine - cpu.portal - cpu.gateway - cpu.crowd).toFixed(1)} s | |`,
      `| this client's own event loop delay: p50 / p99 / max | ${(clientDelay.percentile(50) / 1e6).toFixed(0)} / ${(clientDelay.percentile(99) / 1e6).toFixed(0)} / ${(clientDelay.max / 1e6).toFixed(0)} ms | (small: the client is not the bottleneck) |`,
      '',
      ...(errorNotes.length ? ['First errors:', '', ...errorNotes.map((e) => `- ${e}`), ''] : []),
    ];
    const text = lines.join('\n');
    console.log(text);
    fs.mkdirSync('bench', { recursive: true });
    fs.writeFileSync(`bench/payments-rush-${engine}-${PROCESSES === 1 ? '1-process' : `${PROCESSES}-processes`}${apart ? (GATEWAY_NICE === 0 ? '-gateway-level' : '') : '-gateway-inside'}${WARM > 0 ? '-warm' : ''}.md`, `${text}\n`);
  } finally {
    closeConnections();
    await database.destroy();
    await gatewayDatabase?.destroy();
    await server.stop();
    await gatewayServer?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
