// `npx tsx scripts/bench/councils.ts`: how an installation of many councils behaves. Starts the built server
// (${BUILD_DIR || 'dist'}/main.mjs) as a platform (STATE_HOST) on a temporary data folder, creates COUNCILS
// councils through the state's call (timing each), restarts it (timing the start and reading its memory),
// then plays READERS readers at once asking for the home page of councils picked by a Zipf spread (a few
// councils are busy, most are quiet) for SECONDS seconds after one first visit each, and prints the figures. On PostgreSQL when
// DATABASE_URL names a fresh database. It asserts nothing; every loop stops at a count or a deadline.
//
//   COUNCILS (300)  READERS (390)  SECONDS (10)  ZIPF (1.0, the spread's exponent)
import fs from 'node:fs';
import { startServer, tempDataDir, type TestServer } from '../../tests/support/server';
import { closeConnections, request } from './http-client';

const COUNCILS = Number(process.env.COUNCILS ?? 300);
const READERS = Number(process.env.READERS ?? 390);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ZIPF = Number(process.env.ZIPF ?? 1);
const STATE_HOST = 'state.bench';
const STATE_ADMIN = { email: 'bench@state.bench', password: 'bench-state-password' };
const env = {
  STATE_HOST,
  STATE_ADMIN_EMAIL: STATE_ADMIN.email,
  STATE_ADMIN_PASSWORD: STATE_ADMIN.password,
  SEED: 'none',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function hostOf(n: number): string {
  return `c${n}.bench`;
}

async function ask(server: TestServer, host: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return request(`${server.url}${path}`, { ...init, headers: { host, ...init.headers } });
}

async function main(): Promise<void> {
  const dataDir = tempDataDir('council-bench');
  let server = await startServer(env, { dataDir, firstStart: true });
  const login = await ask(server, STATE_HOST, '/api/Account/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STATE_ADMIN) });
  const token = (JSON.parse(login.text) as { token: string }).token;

  const createMs: number[] = [];
  for (let n = 1; n <= COUNCILS; n++) {
    const body = JSON.stringify({ name: `Bench Council ${n}`, nameHindi: `परिषद ${n}`, shortName: `BC${n}`, hosts: [hostOf(n)], adminEmail: `admin@c${n}.bench`, adminPassword: 'bench-admin-password' });
    const from = performance.now();
    const made = await ask(server, STATE_HOST, '/api/State/councils', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
    createMs.push(performance.now() - from);
    if (made.status !== 201) throw new Error(`council ${n}: ${made.status} ${made.text}`);
  }
  await server.stop();

  const startFrom = performance.now();
  server = await startServer(env, { dataDir });
  const startMs = performance.now() - startFrom;
  const rssAfterStart = residentMb(server.pid);

  // Zipf: council k is asked with weight 1/k^s; the first visit of each renders, the rest are cached.
  const weights = Array.from({ length: COUNCILS }, (_, i) => 1 / (i + 1) ** ZIPF);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
  const pick = () => {
    const r = Math.random();
    const i = cumulative.findIndex((c) => c >= r);
    return hostOf((i < 0 ? COUNCILS - 1 : i) + 1);
  };
  // Each council's home page rendered once first (a cold render costs a few hundred milliseconds of CPU): what
  // is measured below is the cached page under the crowd, and the cold renders are timed apart.
  const coldMs: number[] = [];
  for (let n = 1; n <= COUNCILS; n++) {
    const from = performance.now();
    await ask(server, hostOf(n), '/');
    coldMs.push(performance.now() - from);
  }
  const latencies: number[] = [];
  let errors = 0;
  let hits = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (performance.now() < deadline) {
        const from = performance.now();
        const answer = await ask(server, pick(), '/').catch(() => null);
        latencies.push(performance.now() - from);
        if (!answer || answer.status !== 200) errors++;
        else if (answer.headers['x-page-cache'] === 'hit') hits++;
      }
    }),
  );
  const rssAfterReads = residentMb(server.pid);
  await server.stop();
  closeConnections();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const sortedCreate = [...createMs].sort((a, b) => a - b);
  const sortedReads = [...latencies].sort((a, b) => a - b);
  console.log(`engine: ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${COUNCILS} councils`);
  console.log(`create one council: median ${ms(percentile(sortedCreate, 50))}, p95 ${ms(percentile(sortedCreate, 95))}, all ${(createMs.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
  console.log(`start with ${COUNCILS + 1} councils: ${ms(startMs)} to serving; resident memory ${rssAfterStart.toFixed(0)} MB`);
  const sortedCold = [...coldMs].sort((a, b) => a - b);
  console.log(`first render of each council's home page: median ${ms(percentile(sortedCold, 50))}, p95 ${ms(percentile(sortedCold, 95))}`);
  console.log(`home pages, ${READERS} readers, Zipf ${ZIPF} over the councils, ${SECONDS} s: ${latencies.length} answers (${hits} from the cache, ${errors} not 200), p50 ${ms(percentile(sortedReads, 50))}, p99 ${ms(percentile(sortedReads, 99))}; resident memory after ${rssAfterReads.toFixed(0)} MB`);
}

await main();
