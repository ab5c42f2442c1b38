// `npm run bench:notices`: a whole ward's demand notices as one PDF, for the demo ward and for a ward of 2,000
// properties (each with this year's demand and last year's arrears). Starts the built server on a temporary
// data folder (SQLite, or PostgreSQL when TEST_POSTGRES_URL is set), downloads each ward's PDF as an admin
// while a reader keeps asking for a public page, and prints: time to the first byte, the whole download,
// pages and size, the server's resident memory before and at its highest (VmHWM), and the reader's latency
// meanwhile. It asserts nothing: the figures, with the machine's load average, go to bench/demand-notices-<engine>.md.
import fs from 'node:fs';
import os from 'node:os';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { startServer } from '../../tests/support/server';
import { openServerDatabase } from '../../tests/support/database';

const BIG_WARD = Number(process.env.NOTICE_PROPERTIES || 2000);

const memory = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;

async function main() {
  const engine = process.env.TEST_POSTGRES_URL ? 'postgresql' : 'sqlite';
  const server = await startServer({ SESSION_MINUTES: '120' });
  const database = openServerDatabase(server.dataDir);
  const url = (p: string) => `${server.url}${p}`;
  try {
    // A first start draws the demo pictures in the background: wait until the server is idle again.
    const settleBy = Date.now() + 180_000;
    for (let quick = 0; quick < 20 && Date.now() < settleBy; ) {
      const t0 = performance.now();
      await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).text();
      quick = performance.now() - t0 < 20 ? quick + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
    const signIn = await fetch(url('/api/Account/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password }) });
    const admin = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    const fy = ((await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).json()) as { currentYear: string }).currentYear;
    const start = Number(fy.slice(0, 4));
    const lastYear = `${start - 1}-${String(start % 100).padStart(2, '0')}`;
    const at = new Date().toISOString();
    for (let i = 0; i < BIG_WARD; i += 200) {
      const rows = Array.from({ length: Math.min(200, BIG_WARD - i) }, (_, k) => {
        const n = i + k + 1;
        return { number: `B01-${String(n).padStart(5, '0')}`, ward: 'B01', holder_name: `Holder ${n}`, mobile: `8${String(100000000 + n).padStart(9, '0')}`, address: `${n}, Station Road, Kamalpur`, usage: 'residential' as const, area_sqft: 600 + (n % 900), floors: 1 + (n % 3), updated_at: at };
      });
      const ids = await database.insertInto('property').values(rows).returning(['id', 'area_sqft']).execute();
      await database.insertInto('property_tax_demand').values(ids.flatMap((p) => [
        { property_id: p.id, fy, head: 'holding', amount_paise: p.area_sqft * 150 },
        { property_id: p.id, fy, head: 'water', amount_paise: p.area_sqft * 40 },
        { property_id: p.id, fy: lastYear, head: 'holding', amount_paise: p.area_sqft * 140 },
      ])).execute();
    }

    const lines = [`# Demand notices for a whole ward (${engine})`, '', `Measured ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} cores, Node ${process.version}; load average at the start ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min): the machine was shared, so the times are noisy.`, '', '| ward | properties with a page | first byte | whole PDF | size | server memory before → highest | a public page meanwhile: n, p50 / p99 |', '|---|---|---|---|---|---|---|'];
    for (const ward of ['05', 'B01']) {
      for (const lang of ['en', 'hi']) {
        const before = memory(server.pid);
        let reading = true;
        const readTimes: number[] = [];
        const reader = (async () => {
          while (reading) {
            const t0 = performance.now();
            await (await fetch(url('/api/Public/property-tax/W05-0001?mobile=9876543210'))).arrayBuffer();
            readTimes.push(performance.now() - t0);
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        const t0 = performance.now();
        const res = await fetch(url(`/demand-notice?ward=${ward}&lang=${lang}`), { headers: admin });
        const reader2 = res.body!.getReader();
        let firstByte = NaN;
        let bytes = 0;
        const chunks: Uint8Array[] = [];
        let peak = before.peakMb;
        for (;;) {
          const { done, value } = await reader2.read();
          if (done) break;
          if (Number.isNaN(firstByte)) firstByte = performance.now() - t0;
          bytes += value.length;
          chunks.push(value);
          peak = Math.max(peak, memory(server.pid).rssMb);
        }
        const total = performance.now() - t0;
        reading = false;
        await reader;
        const pages = (Buffer.concat(chunks).toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
        const after = memory(server.pid);
        const row = `| ${ward} (${lang}) | ${pages} | ${firstByte.toFixed(0)} ms | ${(total / 1000).toFixed(1)} s | ${(bytes / 1024 / 1024).toFixed(2)} MB | ${before.rssMb.toFixed(0)} → ${Math.max(peak, after.peakMb).toFixed(0)} MB | ${readTimes.length}, ${percentile(readTimes, 50).toFixed(0)} / ${percentile(readTimes, 99).toFixed(0)} ms |`;
        console.log(row);
        lines.push(row);
      }
    }
    lines.push('', '"Highest" is the server process\'s VmHWM (its peak resident memory since it started), so it also counts the start and earlier rows.');
    fs.mkdirSync('bench', { recursive: true });
    fs.writeFileSync(`bench/demand-notices-${engine}.md`, `${lines.join('\n')}\n`);
    console.log(lines.join('\n'));
  } finally {
    await database.destroy();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
