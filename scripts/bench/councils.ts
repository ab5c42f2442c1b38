// `npx tsx scripts/bench/councils.ts [--postgres]`: how an installation of many councils behaves. Starts the
// built server (${BUILD_DIR || 'dist'}/main.mjs, in production mode) as a platform (STATE_HOST) on a temporary
// data folder, on SQLite or, with --postgres, on a throwaway PostgreSQL cluster (PostgreSQL's default
// durability). It creates COUNCILS councils through the state's call (timing each), gives each the demo's
// starter content through its admin's calls, restarts the server (timing the start, reading its memory), asks
// every council's home page once (timing each first render, reading the memory after), then plays READERS
// readers at once asking for home pages of councils picked by a Zipf spread (a few councils busy, most quiet)
// for SECONDS seconds, and the same crowd on one council. On PostgreSQL it also times bringing every council's
// schema up to date in one process. It asserts nothing; every loop stops at a count or a deadline.
//
//   COUNCILS (300)  READERS (390)  SECONDS (10)  ZIPF (1.0, the spread's exponent)
//   TIMED (20: councils made one after another and timed; the rest are made MAKERS (4) at a time)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer, tempDataDir, type TestServer } from '../../tests/support/server';
import { createFreshDatabase } from '../../tests/support/database';
import { startThrowawayCluster } from '../postgres-cluster.mjs';
import { closeConnections, request } from './http-client';

const COUNCILS = Number(process.env.COUNCILS ?? 300);
const READERS = Number(process.env.READERS ?? 390);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ZIPF = Number(process.env.ZIPF ?? 1);
const TIMED = Number(process.env.TIMED ?? 20);
const MAKERS = Number(process.env.MAKERS ?? 4);
const STATE_HOST = 'state.bench';
const STATE_ADMIN = { email: 'bench@state.bench', password: 'bench-state-password' };
const ADMIN_PASSWORD = 'bench-admin-password';
/** What a demo installation's second council starts with (src/server/councils/setup.ts): two news items. */
const STARTER_NEWS = [
  { title: 'now has its own website', description: 'Notices, tenders and complaints of the town, in English and Hindi.' },
  { title: 'Property tax counter open on Saturdays this month', description: 'The office counter takes property tax from 10 AM to 2 PM.' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const hostOf = (n: number) => `c${n}.bench`;

async function ask(server: TestServer, host: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return request(`${server.url}${path}`, { ...init, headers: { host, ...init.headers } });
}

async function signIn(server: TestServer, host: string, email: string, password: string): Promise<string> {
  const answer = await ask(server, host, '/api/Account/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (answer.status !== 200) throw new Error(`signing in on ${host}: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { token: string }).token;
}

/** READERS readers for SECONDS seconds, each asking for the home page of the host `pick` names, one after another. */
async function crowd(server: TestServer, pick: () => string): Promise<{ latencies: number[]; hits: number; errors: number }> {
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
  return { latencies, hits, errors };
}

/** Brings every council's schema up to date from this process, one after another, as an upgrade's first asks would. */
async function migrateEverySchema(databaseUrl: string): Promise<number> {
  process.env.DATABASE_URL = databaseUrl;
  const { openPostgresSchema, migrateToLatest, postgresPool } = await import('../../src/server/db');
  const pool = postgresPool(databaseUrl, 4);
  try {
    const { rows } = await pool.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname = 'public' OR nspname LIKE 'council\\_%' ORDER BY nspname`);
    const from = performance.now();
    for (const { nspname } of rows) await migrateToLatest(openPostgresSchema(pool, nspname));
    return performance.now() - from;
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const postgres = parseArgs({ options: { postgres: { type: 'boolean' } } }).values.postgres ?? false;
  const cluster = postgres ? await startThrowawayCluster({ durable: true }) : null;
  const databaseUrl = cluster ? await createFreshDatabase(cluster.url, 'council_bench') : undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    STATE_HOST,
    STATE_ADMIN_EMAIL: STATE_ADMIN.email,
    STATE_ADMIN_PASSWORD: STATE_ADMIN.password,
    SEED: 'none',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const dataDir = tempDataDir('council-bench');
  let server = await startServer(env, { dataDir, firstStart: true });
  try {
    const token = await signIn(server, STATE_HOST, STATE_ADMIN.email, STATE_ADMIN.password);
    const createMs: number[] = [];
    // A short name is 2 to 6 capital letters (as Council Settings checks it): the number written in letters.
    const shortNameOf = (n: number) => `BC${n.toString(26).toUpperCase().replace(/[0-9A-P]/g, (d) => String.fromCharCode(65 + Number.parseInt(d, 26)))}`;
    const makeCouncil = async (n: number, timed: boolean) => {
      const name = `Bench Council ${n}`;
      const body = JSON.stringify({ name, nameHindi: `परिषद ${n}`, shortName: shortNameOf(n), hosts: [hostOf(n)], adminEmail: `admin@c${n}.bench`, adminPassword: ADMIN_PASSWORD });
      const from = performance.now();
      const made = await ask(server, STATE_HOST, '/api/State/councils', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
      if (timed) createMs.push(performance.now() - from);
      if (made.status !== 201) throw new Error(`council ${n}: ${made.status} ${made.text}`);
      const admin = await signIn(server, hostOf(n), `admin@c${n}.bench`, ADMIN_PASSWORD);
      for (const news of STARTER_NEWS) {
        const title = news.title.startsWith('now') ? `${name} ${news.title}` : news.title;
        const posted = await ask(server, hostOf(n), '/api/Admin/latest-news', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ id: 0, title, description: news.description }) });
        if (posted.status !== 201) throw new Error(`council ${n}'s news: ${posted.status} ${posted.text}`);
      }
      if (++madeCount % 25 === 0) console.error(`${madeCount} councils made in ${((performance.now() - madeFrom) / 1000).toFixed(0)} s`);
    };
    let madeCount = 0;
    const madeFrom = performance.now();
    // The first TIMED one after another, each timed alone; the rest MAKERS at a time, to keep the run short.
    for (let n = 1; n <= Math.min(TIMED, COUNCILS); n++) await makeCouncil(n, true);
    let next = TIMED + 1;
    await Promise.all(
      Array.from({ length: MAKERS }, async () => {
        while (next <= COUNCILS) await makeCouncil(next++, false);
      }),
    );
    const madeAllMs = performance.now() - madeFrom;
    await server.stop();

    const migrateMs = databaseUrl ? await migrateEverySchema(databaseUrl) : null;

    const startFrom = performance.now();
    server = await startServer(env, { dataDir });
    const startMs = performance.now() - startFrom;
    const rssAtRest = residentMb(server.pid);

    // Each council's home page once: the first ask opens its database, checks its migrations and renders.
    const coldMs: number[] = [];
    for (let n = 1; n <= COUNCILS; n++) {
      const from = performance.now();
      const answer = await ask(server, hostOf(n), '/');
      coldMs.push(performance.now() - from);
      if (answer.status !== 200) throw new Error(`council ${n}'s home page: ${answer.status}`);
    }
    const rssAfterEvery = residentMb(server.pid);

    // Zipf: council k is asked with weight 1/k^s.
    const weights = Array.from({ length: COUNCILS }, (_, i) => 1 / (i + 1) ** ZIPF);
    const total = weights.reduce((a, b) => a + b, 0);
    const cumulative: number[] = [];
    weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
    const pick = () => {
      const r = Math.random();
      const i = cumulative.findIndex((c) => c >= r);
      return hostOf((i < 0 ? COUNCILS - 1 : i) + 1);
    };
    const spread = await crowd(server, pick);
    const rssAfterCrowd = residentMb(server.pid);
    const one = await crowd(server, () => hostOf(1));

    const create = sorted(createMs);
    const cold = sorted(coldMs);
    const report = (label: string, run: { latencies: number[]; hits: number; errors: number }) => {
      const s = sorted(run.latencies);
      return `${label}: ${run.latencies.length} answers (${run.hits} from the cache, ${run.errors} not 200), p50 ${ms(percentile(s, 50))}, p99 ${ms(percentile(s, 99))}`;
    };
    console.log(`engine: ${postgres ? 'PostgreSQL' : 'SQLite'}; ${COUNCILS} councils made besides the first`);
    console.log(`create one council (the state's call, ${create.length} timed one at a time): median ${ms(percentile(create, 50))}, p95 ${ms(percentile(create, 95))}, max ${ms(create[create.length - 1])}; all ${COUNCILS} with their starter content ${(madeAllMs / 1000).toFixed(1)} s`);
    if (migrateMs !== null) console.log(`bring all ${COUNCILS + 1} schemas up to date in one process (nothing pending): ${(migrateMs / 1000).toFixed(1)} s`);
    console.log(`start with ${COUNCILS + 1} councils: ${ms(startMs)} to serving; resident memory at rest ${rssAtRest.toFixed(0)} MB`);
    console.log(`first home page of each council (opens its database, checks its migrations, renders): median ${ms(percentile(cold, 50))}, p95 ${ms(percentile(cold, 95))}, all ${(coldMs.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s; resident memory after ${rssAfterEvery.toFixed(0)} MB`);
    console.log(`${report(`cached home pages, ${READERS} readers, Zipf ${ZIPF} over ${COUNCILS} hosts, ${SECONDS} s`, spread)}; resident memory after ${rssAfterCrowd.toFixed(0)} MB`);
    console.log(report(`the same crowd on one council, ${SECONDS} s`, one));
  } finally {
    await server.stop();
    closeConnections();
    fs.rmSync(dataDir, { recursive: true, force: true });
    cluster?.stop();
  }
}

await main();
