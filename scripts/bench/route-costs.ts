// `npx tsx scripts/bench/route-costs.ts` (after `npm run build`): what one request of each kind costs the server,
// asked one at a time on an idle server, so a request's time is the server's own work for it (and the loopback).
// The rush (payments-rush.ts) shows how a crowd queues; this shows which steps to make cheaper. Asserts nothing.
import { startServer } from '../../tests/support/server';
import { openServerDatabase } from '../../tests/support/database';
import { addBenchPayers } from './bench-payers';

const ROUNDS = Number(process.env.ROUNDS || 100);
const READ_PATHS = ['/', '/notice', '/latestnews', '/viewpropertytax', '/hi/paypropertytax', '/currenttender'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const server = await startServer({ PAYMENT_TIMEOUT_MS: '10000' });
  const database = openServerDatabase(server.dataDir);
  const url = (p: string) => `${server.url}${p}`;
  const times: Record<string, number[]> = {};
  const time = async (name: string, run: () => Promise<Response>) => {
    const t0 = performance.now();
    const res = await run();
    const body = await res.text();
    (times[name] ??= []).push(performance.now() - t0);
    if (res.status >= 400) throw new Error(`${name}: ${res.status} ${body.slice(0, 200)}`);
    return body;
  };
  try {
    const fy = ((await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).json()) as { currentYear: string }).currentYear;
    const payers = await addBenchPayers(database, { ward: '98', count: ROUNDS, firstMobile: 9_600_000_000, fy });
    // Warm up: the first requests compile code and fill the page cache.
    for (let i = 0; i < 20; i++) for (const p of READ_PATHS) await (await fetch(url(p))).text();
    for (const [i, p] of payers.entries()) {
      for (const path of READ_PATHS) await time(`GET ${path}`, () => fetch(url(path)));
      await time('look up demand', () => fetch(url(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`)));
      const started = JSON.parse(await time('start payment', () => fetch(url('/api/Public/payments'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'property-tax', reference: p.number, mobile: p.mobile }) }))) as { transactionId: string; next: { url: string; fields: Record<string, string> } };
      const page = await time('simulator checkout (gateway)', () => fetch(started.next.url, { method: 'POST', body: new URLSearchParams({ ...started.next.fields, outcome: 'success' }) }));
      const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      await time('callback', () => fetch(url(`/payments/return?txn=${started.transactionId}`), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' }));
      await time('read payment', () => fetch(url(`/api/Public/payments/${started.transactionId}`)));
      if (i === 0) for (const k of Object.keys(times)) times[k] = [];
    }
    console.log(`| request (${ROUNDS - 1} each, one at a time) | median | mean |\n|---|---|---|`);
    for (const [name, values] of Object.entries(times)) {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      console.log(`| ${name} | ${median(values).toFixed(1)} ms | ${mean.toFixed(1)} ms |`);
    }
  } finally {
    await database.destroy();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
