// `npm run bench`: measures the built server on a temporary data folder and prints one table, also written
// to bench/results.md. Every figure comes from this one run, on 127.0.0.1 only. Nothing here asserts a time.
// With DATABASE_URL set it measures on PostgreSQL instead: a fresh database is made on that server for the
// run (the account needs CREATEDB) and the table goes to bench/results-postgresql.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, type TestServer } from '../../tests/support/server';
import { createFreshDatabase } from '../../tests/support/database';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { load, type LoadFigures } from './load';
import { measurePageWeights } from './page-weight';
import { lighthouseScores } from './lighthouse';
import { describeFigures, measureSearch, type SearchFigures } from './search';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PUBLIC_PAGES = ['/', '/about', '/notice', '/circulars', '/officeorder', '/latestnews', '/currenttender', '/pasttender', '/wardparsad', '/employeelist', '/photogallery', '/pressrelease', '/viewgrievance', '/contactus', '/privacypolicy', '/listofholiday', '/tradelicense'];
const LIGHTHOUSE_PAGES = ['/', '/notice', '/currenttender', '/employeelist', '/photogallery', '/hi'];

/** Peak resident memory of a process so far, in MB (Linux keeps the high-water mark for us). */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Starts the high-water mark afresh (Linux: clear_refs 5), so the next reading covers the load alone and not
 * the first start, which draws the demo pictures once.
 */
function resetPeakRss(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

function rawGet(url: string): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
    }).on('error', reject);
  });
}

async function startBareServer(body: Buffer, headers: http.IncomingHttpHeaders) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const keep = ['content-type', 'cache-control', 'etag', 'vary', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];
  fs.writeFileSync(path.join(dir, 'body'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(Object.fromEntries(keep.filter((k) => headers[k]).map((k) => [k, headers[k]]))));
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bench/bare-server.mjs', path.join(dir, 'body'), path.join(dir, 'headers.json'), String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

async function homeAgainstBare(server: TestServer) {
  const home = await rawGet(`${server.url}/`);
  await rawGet(`${server.url}/`); // the second answer comes from the page cache, as under real traffic
  const bare = await startBareServer(home.body, home.headers);
  const ours: LoadFigures[] = [];
  const theirs: LoadFigures[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      ours.push(await load(`${server.url}/`, { connections: 50, seconds: SECONDS }));
      theirs.push(await load(bare.url, { connections: 50, seconds: SECONDS }));
    }
  } finally {
    bare.stop();
  }
  const mean = (xs: LoadFigures[]) => xs.reduce((s, x) => s + x.requestsPerSecond, 0) / xs.length;
  return { ours: mean(ours), bare: mean(theirs), ratio: mean(ours) / mean(theirs), bytes: home.body.length };
}

async function saveToVisible(server: TestServer) {
  const login = await fetch(`${server.url}/api/Account/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const [first] = (await (await fetch(`${server.url}/api/Admin/notice?media=url&page=1&pageSize=1`, { headers: auth })).json()) as { id: number }[];
  await rawGet(`${server.url}/notice`);
  await rawGet(`${server.url}/notice`);
  const title = `Bench freshness check ${Date.now()}`;
  const form = new FormData();
  form.set('Notice.Id', String(first.id));
  form.set('Notice.title', title);
  form.set('Notice.IssueDate', '2099-12-31');
  const saved = await fetch(`${server.url}/api/Admin/notice`, { method: 'PUT', headers: auth, body: form });
  const answeredAt = performance.now();
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status}`);
  let requests = 0;
  for (;;) {
    requests++;
    if ((await rawGet(`${server.url}/notice`)).body.includes(title)) break;
    if (requests > 100) throw new Error('the change never showed');
  }
  return { requests, ms: performance.now() - answeredAt };
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main() {
  const lines: string[] = [];
  const out = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const postgresServer = process.env.DATABASE_URL;
  const database: Record<string, string> = postgresServer ? { DATABASE_URL: await createFreshDatabase(postgresServer, 'council_bench') } : {};
  const engine = postgresServer ? 'PostgreSQL (on the same machine)' : 'SQLite';
  console.log(`Engine: ${engine}`);
  out(`# Benchmark`);
  out();
  out(`Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), Node ${process.version}, ${engine}, with autocannon on 127.0.0.1.`);
  out();

  let demoPeak = 0;
  let largePeak = 0;
  const env = { NODE_ENV: 'production', ADMIN_EMAIL: DEMO_ACCOUNTS[0].email, ADMIN_PASSWORD: DEMO_ACCOUNTS[0].password, ...database };
  // The first start draws the demo pictures once, which leaves that process larger than a server ever is
  // again; the loads are measured on a restart, as a server that has run for a while would be.
  const firstStart = await startServer(env);
  const startupPeak = peakRssMb(firstStart.pid);
  await firstStart.stop();
  const demo = await startServer(env, { dataDir: firstStart.dataDir });
  let ab, fresh, weights, scores;
  resetPeakRss(demo.pid);
  try {
    ab = await homeAgainstBare(demo);
    fresh = await saveToVisible(demo);
    weights = await measurePageWeights(demo.url, PUBLIC_PAGES);
    scores = await lighthouseScores(demo.url, LIGHTHOUSE_PAGES);
    demoPeak = peakRssMb(demo.pid);
  } finally {
    await demo.stop();
  }

  const seeded = spawnSync('npx', ['tsx', 'scripts/seed-large.ts'], { env: { ...process.env, DATA_DIR: demo.dataDir, ...database }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed:large failed: ${seeded.stderr}`);
  const large = await startServer({ NODE_ENV: 'production', ...database }, { dataDir: demo.dataDir });
  const lists: [string, LoadFigures][] = [];
  let search: SearchFigures;
  resetPeakRss(large.pid);
  try {
    for (const p of ['/notice', '/currenttender', '/api/Public/notice?page=1&pageSize=20']) {
      lists.push([p, await load(`${large.url}${p}`, { connections: 50, seconds: SECONDS })]);
    }
    search = await measureSearch(large.url);
    largePeak = peakRssMb(large.pid);
  } finally {
    await large.stop();
  }

  out('| figure | measured | goal |');
  out('|---|---|---|');
  out(`| home page requests/s, ours vs bare node:http with the same ${kb(ab.bytes)} (A B A B) | ${ab.ours.toFixed(0)} vs ${ab.bare.toFixed(0)} = **${ab.ratio.toFixed(2)}** | ≥ 0.8 |`);
  for (const [p, f] of lists) {
    out(`| ${p} with ${seeded.stdout.trim().replace(/^Added /, '').replace(/ in .*$/, '')}, 50 connections: p50 / p99 | ${f.p50} ms / **${f.p99} ms** (${f.requestsPerSecond.toFixed(0)} req/s, ${f.errors + f.non2xx} errors) | p99 < 50 ms |`);
  }
  out(`| /search?q=… over a few hundred English and Hindi queries, one at a time, large data | ${describeFigures(search)} | p99 < 50 ms |`);
  out(`| admin save to first public response showing it | **request ${fresh.requests}** after the save (${fresh.ms.toFixed(0)} ms) | the next request |`);
  const home = weights.find((w) => w.path === '/')!;
  out(`| home page: JavaScript / everything, compressed | **${kb(home.jsBytes)}** / **${kb(home.totalBytes)}** | ≤ 120 KB / ≤ 400 KB |`);
  const textPages = weights.filter((w) => w.path !== '/');
  // Text pages carry only the header's dropdown closing rules (src/scripts/dismiss.ts), about 1 KB.
  out(`| JavaScript on the other public pages | ${textPages.map((w) => `${w.path} ${kb(w.jsBytes)}`).join(', ')} | ≤ 2 KB on text pages |`);
  for (const s of scores) {
    out(`| Lighthouse mobile ${s.path}: performance / accessibility / best practices / SEO | ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo} | ≥ 95 / 100 / ≥ 95 / 100 |`);
  }
  const peak = Math.max(demoPeak, largePeak);
  out(`| peak server memory (RSS) under these loads | **${peak.toFixed(0)} MB** (demo content: ${demoPeak.toFixed(0)} MB, large data: ${largePeak.toFixed(0)} MB) | < 300 MB |`);
  out(`| peak server memory of the very first start, which fills the demo content (no load; the loads run on a restart) | ${startupPeak.toFixed(0)} MB | (no goal) |`);

  const resultsFile = postgresServer ? 'bench/results-postgresql.md' : 'bench/results.md';
  fs.mkdirSync('bench', { recursive: true });
  fs.writeFileSync(resultsFile, lines.join('\n') + '\n');
  console.log(`\nWritten to ${resultsFile}`);
}

await main();
