// `npx tsx scripts/bench/route-costs.ts` (after `npm run build`): what one request of each kind costs the server,
// asked one at a time on an idle server, so a request's time is the server's own work for it (and the loopback).
// Each step is asked ROUNDS times in a row and the server's CPU seconds for the lot (from /proc) are divided
// by ROUNDS: the CPU a step costs, which is what a crowd queues behind on a small machine.
// The rush (payments-rush.ts) shows how a crowd queues; this shows which steps to make cheaper. Asserts nothing.
import fs from 'node:fs';
import { freePort, startServer } from '../../tests/support/server';
import { openServerDatabase } from '../../tests/support/database';
import { addBenchPayers } from './bench-payers';
import { cpuSeconds } from './process-cpu';

const ROUNDS = Number(process.env.ROUNDS || 200);
const READ_PATHS = ['/', '/notice', '/latestnews', '/viewpropertytax', '/hi/paypropertytax', '/currenttender'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  // The simulator in a server process of its own, reached as Razorpay, as in the rush: the portal's CPU is its own.
  const portalPort = await freePort();
  const gatewayServer = await startServer({ PAYMENT_GATEWAY: 'simulator', PAYMENT_SIMULATOR_MERCHANT_URL: `http://127.0.0.1:${portalPort}` });
  const secret = process.env.PAYMENT_SIMULATOR_SECRET || 'simulator-key-secret-not-for-production';
  const server = await startServer({
    PORT: String(portalPort),
    PAYMENT_TIMEOUT_MS: '10000',
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_simulator',
    RAZORPAY_KEY_SECRET: secret,
    RAZORPAY_WEBHOOK_SECRET: `${secret}-webhook`,
    RAZORPAY_API_URL: `${gatewayServer.url}/gateway-simulator`,
    RAZORPAY_CHECKOUT_URL: `${gatewayServer.url}/gateway-simulator/v1/checkout/embedded`,
  });
  const database = openServerDatabase(server.dataDir);
  const url = (p: string) => `${server.url}${p}`;
  const rows: string[] = [];
  const windows: { name: string; from: number; to: number }[] = [];
  /** Asks `run(i)` for i = 0…n-1 one at a time; records the median wall time and the server's CPU per request. */
  const step = async (name: string, n: number, run: (i: number) => Promise<Response>) => {
    const times: number[] = [];
    const t0Step = process.hrtime.bigint();
    const cpu0 = cpuSeconds(server.pid);
    const gatewayCpu0 = cpuSeconds(gatewayServer.pid);
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await run(i);
      const body = await res.text();
      times.push(performance.now() - t0);
      if (res.status >= 400) throw new Error(`${name}: ${res.status} ${body.slice(0, 200)}`);
      bodies[i] = body;
    }
    const cpuMs = ((cpuSeconds(server.pid) - cpu0) * 1000) / n;
    // The step's window on the monotonic clock (µs), the clock of a server's --cpu-prof, to read its part of a profile.
    if (process.env.ROUTE_COSTS_WINDOWS) windows.push({ name, from: Number(t0Step / 1000n), to: Number(process.hrtime.bigint() / 1000n) });
    const gatewayCpuMs = ((cpuSeconds(gatewayServer.pid) - gatewayCpu0) * 1000) / n;
    rows.push(`| ${name} | ${median(times).toFixed(1)} ms | ${cpuMs.toFixed(2)} ms | ${gatewayCpuMs.toFixed(2)} ms |`);
    return [...bodies];
  };
  const bodies: string[] = [];
  try {
    // A first start draws the demo pictures in the background: wait until the server is idle again.
    for (let quick = 0, by = Date.now() + 180_000; quick < 20 && Date.now() < by; ) {
      const t0 = performance.now();
      await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).text();
      quick = performance.now() - t0 < 20 ? quick + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
    const fy = ((await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).json()) as { currentYear: string }).currentYear;
    const payers = await addBenchPayers(database, { ward: '98', count: ROUNDS * 2, firstMobile: 9_600_000_000, fy });
    // Warm up: the first requests compile code and fill the page cache; the first ROUNDS payers pay once.
    for (let i = 0; i < 20; i++) for (const p of READ_PATHS) await (await fetch(url(p))).text();
    const pay = async (group: typeof payers, label: string) => {
      const at = (name: string) => `${name}${label}`;
      await step(at('look up demand'), group.length, (i) => fetch(url(`/api/Public/property-tax/${group[i].number}?mobile=${group[i].mobile}`)));
      const started = (await step(at('start payment'), group.length, (i) => fetch(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: group[i].number, mobile: group[i].mobile }) }))).map((b) => JSON.parse(b) as { transactionId: string; next: { url: string; fields: Record<string, string> } });
      const pages = await step(at("simulator checkout (the gateway's page)"), group.length, (i) => fetch(started[i].next.url, { method: 'POST', body: new URLSearchParams({ ...started[i].next.fields, outcome: 'success' }) }));
      const fields = pages.map((page) => Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]])));
      await step(at('callback (asks the gateway)'), group.length, (i) => fetch(url(`/payments/return?txn=${started[i].transactionId}`), { method: 'POST', body: new URLSearchParams(fields[i]), redirect: 'manual' }));
      await step(at('read payment'), group.length, (i) => fetch(url(`/api/Public/payments/${started[i].transactionId}`)));
    };
    await pay(payers.slice(0, ROUNDS), ' (warm-up)');
    rows.length = 0;
    for (const path of READ_PATHS) await step(`GET ${path}`, ROUNDS, () => fetch(url(path)));
    await pay(payers.slice(ROUNDS), '');
    console.log(`| request (${ROUNDS} each, one at a time) | median wall time | portal CPU per request | simulator CPU per request |\n|---|---|---|---|`);
    console.log(rows.join('\n'));
    if (process.env.ROUTE_COSTS_WINDOWS) fs.writeFileSync(process.env.ROUTE_COSTS_WINDOWS, JSON.stringify(windows));
  } finally {
    if (process.env.ROUTE_COSTS_SERVER_LOG) fs.writeFileSync(process.env.ROUTE_COSTS_SERVER_LOG, server.output());
    await database.destroy();
    await server.stop();
    await gatewayServer.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
