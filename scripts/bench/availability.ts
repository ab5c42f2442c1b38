// `npm run bench:availability`: can a few hostile or merely unlucky clients make the built server slow,
// unavailable or huge? Starts the built server (${BUILD_DIR || 'dist'}/main.mjs) on a temporary data folder
// with the demo content, listening on 127.0.0.1 only, runs the probes below against it and prints one table,
// also written to bench/availability.md. It asserts nothing: a probe that hangs is reported as "no answer in
// N s", never waited on without bound. Every loop here stops at a count and at a deadline.
//
// Options (each also an environment variable):
//   --out FILE      AVAILABILITY_OUT     where the table goes (default bench/availability.md)
//   --label TEXT    AVAILABILITY_LABEL   the heading of this run's column (default "measured")
//   --before FILE   AVAILABILITY_BEFORE  an earlier run's file: its figures become a first column, so one
//                                        file shows before and after side by side
//   --build-dir DIR BUILD_DIR            which build to start (default dist)
//   --only 1,5      AVAILABILITY_ONLY    run only these probes (a quick look at one fix)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startServer, type TestServer } from '../../tests/support/server';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';

// ---------------------------------------------------------------------------------------------------------
// Options

function option(flag: string, env: string, fallback: string): string {
  const at = process.argv.indexOf(flag);
  if (at >= 0 && process.argv[at + 1]) return process.argv[at + 1];
  return process.env[env] || fallback;
}

const OUT_FILE = option('--out', 'AVAILABILITY_OUT', 'bench/availability.md');
const LABEL = option('--label', 'AVAILABILITY_LABEL', 'measured');
const BEFORE_FILE = option('--before', 'AVAILABILITY_BEFORE', '');
const ONLY = new Set(option('--only', 'AVAILABILITY_ONLY', '').split(',').filter(Boolean).map(Number));
const wanted = (probeNumber: number) => ONLY.size === 0 || ONLY.has(probeNumber);
// startServer reads BUILD_DIR itself; the flag only sets it for this process.
process.env.BUILD_DIR = option('--build-dir', 'BUILD_DIR', 'dist');

const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
const EDITOR = DEMO_ACCOUNTS.find((a) => a.role === 'editor')!;

/** How long an ordinary visitor is given before we call the server unavailable to them. */
const PATIENCE_MS = 8_000;
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------
// The table

interface Row {
  probe: string;
  figure: string;
  value: string;
}
const rows: Row[] = [];
/** Pipes would split a Markdown table cell, so none gets into one. */
const cell = (text: string) => text.replace(/\|/g, '/').replace(/\s+/g, ' ').trim();

function record(probe: string, figure: string, value: string): void {
  rows.push({ probe: cell(probe), figure: cell(figure), value: cell(value) });
  console.log(`  ${figure}: ${value}`);
}

// ---------------------------------------------------------------------------------------------------------
// Plain HTTP on 127.0.0.1, with a bound on every request

type Outcome =
  | { kind: 'answer'; status: number; headers: http.IncomingHttpHeaders; bytes: number; firstByteMs: number; ms: number; body: Buffer }
  | { kind: 'timeout'; ms: number; limitMs: number; status?: number }
  | { kind: 'error'; ms: number; message: string; status?: number };

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The request is abandoned (its socket destroyed) when no complete answer has come by then. */
  timeoutMs: number;
  /** Keep the answer's bytes (otherwise they are only counted, so a 40 MB answer costs us nothing). */
  keepBody?: boolean;
  /** false: a connection of its own, closed afterwards. */
  agent?: http.Agent | false;
}

function send(url: string, o: SendOptions): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let status: number | undefined;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const headers = { ...(o.headers ?? {}), ...(o.body ? { 'content-length': String(o.body.length) } : {}) };
    const req = http.request(url, { method: o.method ?? 'GET', headers, agent: o.agent ?? false });
    const timer = setTimeout(() => {
      settle({ kind: 'timeout', ms: elapsed(), limitMs: o.timeoutMs, status });
      req.destroy();
    }, o.timeoutMs);
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      const firstByteMs = elapsed();
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (o.keepBody) chunks.push(chunk);
      });
      res.on('end', () => settle({ kind: 'answer', status: status!, headers: res.headers, bytes, firstByteMs, ms: elapsed(), body: Buffer.concat(chunks) }));
      res.on('error', (err) => settle({ kind: 'error', ms: elapsed(), message: err.message, status }));
    });
    // A server that answers (413, 415) before it has read a large body may close while we still write it.
    req.on('error', (err) => settle({ kind: 'error', ms: elapsed(), message: (err as NodeJS.ErrnoException).code ?? err.message, status }));
    req.end(o.body);
  });
}

function describe(o: Outcome): string {
  if (o.kind === 'answer') return `${o.status} in ${o.ms} ms`;
  if (o.kind === 'timeout') return `no answer in ${(o.limitMs / 1000).toFixed(o.limitMs % 1000 ? 1 : 0)} s${o.status ? ` (status ${o.status} came, the rest did not)` : ''}`;
  return `connection error ${o.message} after ${o.ms} ms${o.status ? ` (status ${o.status} had come)` : ''}`;
}

/** How often each value occurs: "16 × 415, 2 × no answer". */
function countOf(keys: string[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${n} × ${key}`).join(', ');
}

/** A count of each status (or failure) among many outcomes. */
const tally = (outcomes: Outcome[]) => countOf(outcomes.map((o) => (o.kind === 'answer' ? String(o.status) : o.kind === 'timeout' ? 'no answer' : `error ${o.message}`)));

const slowest = (outcomes: Outcome[]) => Math.max(...outcomes.map((o) => o.ms));

/**
 * A client that asks for `url` and then reads nothing: its response stream stays paused, so once the socket
 * buffers are full the server cannot finish writing. Resolves once the status line has come (or after the
 * patience runs out, when the request itself is stuck); release() drops the connection.
 */
function holdUnread(url: string): Promise<{ status: number | null; release: () => void }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false });
    const release = () => req.destroy();
    const timer = setTimeout(() => resolve({ status: null, release }), PATIENCE_MS);
    // No 'data' listener and no resume(): the answer is never consumed.
    req.on('response', (res) => {
      clearTimeout(timer);
      resolve({ status: res.statusCode ?? 0, release });
    });
    req.on('error', () => undefined);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------
// Bodies

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** One multipart/form-data body in one buffer, so the same 40 MB can be sent many times without copies. */
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----availability${Date.now().toString(36)}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    pieces.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A file the server takes for a PDF (it checks the first bytes): header, padding that differs per seed, end. */
function fakePdf(bytes: number, seed: number): Buffer {
  const pdf = Buffer.alloc(bytes, `% availability padding ${seed}\n`);
  pdf.write('%PDF-1.4\n', 0);
  pdf.write('\n%%EOF\n', bytes - 7);
  return pdf;
}

let mobileSerial = 0;
/** A new mobile number for each lodging, so only the per-address limit can trip. */
const freshMobile = () => `97${String(20_000_000 + ++mobileSerial * 41).padStart(8, '0')}`;

/** The public form's fields, valid for the demo content (category 1, ward 3), with any changes. */
function grievanceFields(changes: Record<string, string> = {}): Part[] {
  const values: Record<string, string> = {
    category: '1',
    ward: '3',
    address: 'House 7, Station Road',
    landmark: 'Opposite the water tank',
    description: 'Street light not working for three days.',
    name: 'Probe Citizen',
    mobile: freshMobile(),
    email: '',
    ...changes,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

// ---------------------------------------------------------------------------------------------------------
// Server, memory

let server: TestServer;
let dataDir: string | undefined;

async function start(reason: string): Promise<void> {
  // TRUST_PROXY=1: X-Forwarded-For names the client, so one machine can be many addresses (probes 3 and 6).
  server = await startServer({ TRUST_PROXY: '1' }, dataDir ? { dataDir } : {});
  dataDir = server.dataDir;
  console.log(`(server ${server.pid} on ${server.url}: ${reason})`);
  await warmUp();
}

/**
 * A fresh server loads each page's code on its first request: the pages the probes use are asked for once
 * (the form with nothing in it, from an address of its own) so that a figure measures the load and not that.
 */
async function warmUp(): Promise<void> {
  for (const path of ['/', '/postgrievance']) await fetch(`${server.url}${path}`).then((res) => res.arrayBuffer());
  const empty = new FormData();
  empty.set('category', '');
  await fetch(`${server.url}/postgrievance`, { method: 'POST', body: empty, headers: { 'x-forwarded-for': '10.0.99.1' } }).then((res) => res.arrayBuffer());
}

async function restart(reason: string): Promise<void> {
  await server.stop();
  await start(reason);
}

function procStatus(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Starts the peak (VmHWM) afresh at the present size (Linux clear_refs 5), so it covers the probe alone. */
function resetPeak(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then counts from the server's start, which the row says.
  }
}

function memoryFigure(pid: number, rssAfter: number | null): string {
  const now = procStatus(pid);
  if (!now) return 'the server process is gone';
  return `peak ${now.peakMb.toFixed(0)} MB, RSS after ${(rssAfter ?? now.rssMb).toFixed(0)} MB`;
}

/** The RSS a moment after a load: long enough for the answers' buffers to become garbage, not for a full GC. */
async function rssAfterSettling(pid: number): Promise<number | null> {
  await sleep(2_000);
  return procStatus(pid)?.rssMb ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// The home page meanwhile

interface Latency {
  ms: number[];
  failures: number;
}

/**
 * Sequential GETs of the cached home page from a process of its own (scripts/bench/home-sampler.mjs) until
 * `stop` is called: what a visitor sees while the server is being loaded, without the load's own client
 * stalls counted in.
 */
async function startHomeSampler(): Promise<{ stop: () => Promise<Latency> }> {
  const child = spawn(process.execPath, [path.join(path.dirname(fileURLToPath(import.meta.url)), 'home-sampler.mjs'), `${server.url}/`, String(PATIENCE_MS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The load starts once the sampler has its connection open and its first answer back.
  await Promise.race([exited, new Promise<void>((resolve) => child.stdout!.on('data', () => output.startsWith('ready\n') && resolve()))]);
  return {
    stop: async () => {
      child.stdin!.end();
      await exited;
      try {
        return JSON.parse(output.replace(/^ready\n/, '')) as Latency;
      } catch {
        return { ms: [], failures: 0 };
      }
    },
  };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function describeLatency(l: Latency): string {
  if (l.ms.length === 0) return `no answer at all (${l.failures} failed or timed out)`;
  const sorted = [...l.ms].sort((a, b) => a - b);
  const failed = l.failures ? `, ${l.failures} failed or got no answer in ${PATIENCE_MS / 1000} s` : '';
  return `p50 ${percentile(sorted, 0.5)} ms / p99 ${percentile(sorted, 0.99)} ms / max ${sorted[sorted.length - 1]} ms over ${l.ms.length} GETs${failed}`;
}

/** Runs `load` while sampling the home page; the sampler stops when the load has settled. */
async function withHomeSampler<T>(load: () => Promise<T>): Promise<{ result: T; home: Latency }> {
  const sampler = await startHomeSampler();
  let home: Latency | null = null;
  try {
    const result = await load();
    home = await sampler.stop();
    return { result, home };
  } finally {
    if (!home) await sampler.stop().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The API

async function login(email: string, password: string, address?: string): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${server.url}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  return { status: res.status, token: body.token };
}

async function adminToken(): Promise<string> {
  const { status, token } = await login(ADMIN.email, ADMIN.password);
  if (!token) throw new Error(`admin sign-in answered ${status}`);
  return token;
}

/** Publishes a notice with a 15 MB PDF; answers the PDF's /media URL. */
async function uploadNotice(token: string, seed: number): Promise<string> {
  const form = new FormData();
  form.set('Notice.title', `Availability probe notice ${seed}`);
  form.set('Notice.Description', 'A large scanned document, as councils do publish.');
  form.set('Notice.IssueDate', new Date().toISOString().slice(0, 10));
  form.set('DocumentFile', new File([new Uint8Array(fakePdf(15 * MB, seed))], `probe-${seed}.pdf`, { type: 'application/pdf' }));
  const res = await fetch(`${server.url}/api/Admin/notice?media=url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as { filePath?: string };
  if (res.status !== 201 || !body.filePath) throw new Error(`notice upload answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.filePath;
}

/** Lodges one small valid grievance from `address`; answers the status. */
async function lodgeSmall(address: string): Promise<number> {
  const { body, contentType } = multipart(grievanceFields());
  const o = await send(`${server.url}/postgrievance`, { method: 'POST', body, headers: { 'content-type': contentType, 'x-forwarded-for': address }, timeoutMs: 30_000 });
  return o.kind === 'answer' ? o.status : 0;
}

// ---------------------------------------------------------------------------------------------------------
// Probes

/**
 * 1. A render that cannot finish (its client reads nothing) must not hold up others asking for the same URL.
 * 'abandoned': besides the client that reads nothing, a second gives up while waiting, then an ordinary one
 * asks. 'alone': only the client that reads nothing, then an ordinary one. Each on a server of its own, so
 * that what one leaves stuck does not count for the other.
 */
async function stuckWaiter(mediaUrl: string, variant: 'abandoned' | 'alone'): Promise<void> {
  const P = '1. stuck waiter';
  for (const [name, url] of [
    [`${mediaUrl.replace(/[0-9a-f]{64}/, '<sha>')} (15 MB PDF)`, `${server.url}${mediaUrl}`],
    ['/api/Public/notice (unpaged)', `${server.url}/api/Public/notice`],
  ] as const) {
    console.log(`\n${P}: ${name}, ${variant}`);
    const a = await holdUnread(url);
    const held = a.status === null ? `no status line in ${PATIENCE_MS / 1000} s` : `status ${a.status}, then reads nothing`;
    // The figure's wording stays the same from run to run: a before and an after are matched on it.
    if (variant === 'abandoned') {
      const b = await send(url, { timeoutMs: 300 });
      const c = await send(url, { timeoutMs: PATIENCE_MS });
      const gaveUp = b.kind === 'answer' ? `answered ${b.status} within 300 ms` : 'gave up at 300 ms';
      record(P, `${name}: A reads nothing, B gives up after 300 ms, then C (ordinary)`, `C: ${describe(c)} (A: ${held}; B: ${gaveUp})`);
    } else {
      const c = await send(url, { timeoutMs: PATIENCE_MS });
      record(P, `${name}: A reads nothing, then C (ordinary)`, `C: ${describe(c)} (A: ${held})`);
    }
    a.release();
    await sleep(500);
    const after = variant === 'abandoned' ? 'A, B and C gone' : 'A and C gone';
    record(P, `${name}: an ordinary GET once ${after}`, describe(await send(url, { timeoutMs: PATIENCE_MS })));
  }
}

/** 2. Many large bodies at once: how much memory, and what the home page's visitors notice. */
async function bigHostilePosts(count: number): Promise<void> {
  const P = '2. big hostile posts';
  console.log(`\n${P}: ${count} at once`);
  const junk = Buffer.alloc(10 * MB - 1024, 'not a photo ');
  const { body, contentType } = multipart([
    ...grievanceFields({ category: '999999' }),
    ...[1, 2, 3, 4].map((i) => ({ name: 'photos', value: junk, filename: `photo-${i}.jpg`, type: 'image/jpeg' })),
  ]);
  await send(`${server.url}/`, { timeoutMs: PATIENCE_MS }); // the home page in the cache, as it is all day
  resetPeak(server.pid);
  const posts = () => Promise.all(Array.from({ length: count }, () => send(`${server.url}/postgrievance`, { method: 'POST', body, headers: { 'content-type': contentType }, timeoutMs: 60_000 })));
  const { result, home } = await withHomeSampler(posts);
  const rssAfter = await rssAfterSettling(server.pid);
  const size = `${count} × ${(body.length / MB).toFixed(0)} MB`;
  record(P, `${size} multipart POSTs /postgrievance (4 junk photos, unknown category): answers`, `${tally(result)}; slowest ${slowest(result)} ms`);
  record(P, `${size}: server memory`, memoryFigure(server.pid, rssAfter));
  record(P, `${size}: cached home page meanwhile`, describeLatency(home));
}

/** 3. Pictures small on the wire and huge when decoded, from an address that may not lodge anything more. */
async function pixelBombs(bomb: Buffer, variant: 'at-limit' | 'invalid'): Promise<void> {
  const P = '3. pixel bombs';
  let address: string;
  let fields: Part[];
  let lodged = 0;
  if (variant === 'at-limit') {
    address = '10.0.3.1';
    console.log(`\n${P}: from an address at its lodging limit`);
    let last = 0;
    // The demo limit is 20 an hour per address; 60 tries is the bound should it have been raised.
    for (let i = 0; i < 60 && last !== 429; i++) {
      last = await lodgeSmall(address);
      if (last === 200) lodged++;
      else if (last !== 429) throw new Error(`a valid lodging answered ${last}`);
    }
    record(P, 'valid small lodgings from one address before it is refused', last === 429 ? `${lodged}, then 429` : `${lodged}, never refused in 60`);
    fields = grievanceFields();
  } else {
    address = '10.0.3.2';
    console.log(`\n${P}: invalid category, fresh server and address`);
    fields = grievanceFields({ category: '999999' });
  }
  const label = variant === 'at-limit' ? 'valid form from that address (limit reached)' : 'unknown category, fresh server, fresh address';
  const { body, contentType } = multipart([...fields, ...[1, 2, 3, 4].map((i) => ({ name: 'photos', value: bomb, filename: `bomb-${i}.jpg`, type: 'image/jpeg' }))]);
  resetPeak(server.pid);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => send(`${server.url}/postgrievance`, { method: 'POST', body, headers: { 'content-type': contentType, 'x-forwarded-for': address }, timeoutMs: 60_000 })),
  );
  const allMs = Math.round(performance.now() - started);
  const rssAfter = await rssAfterSettling(server.pid);
  record(P, `4 POSTs at once, each 4 × 10000×10000 JPEG (${(bomb.length / MB).toFixed(2)} MB each), ${label}: each answer`, `${answers.map(describe).join('; ')} (all in ${allMs} ms)`);
  record(P, `${label}: server memory`, memoryFigure(server.pid, rssAfter));
}

/** 4. Can a stream of query-string variants push the pages everyone reads out of the page cache? */
async function cacheFlush(): Promise<void> {
  const P = '4. cache flush';
  console.log(`\n${P}`);
  const pages = ['/', '/about', '/notice'];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const cached = async (p: string) => {
    const o = await send(`${server.url}${p}`, { agent, timeoutMs: PATIENCE_MS });
    return o.kind === 'answer' && o.headers['x-page-cache'] === 'hit';
  };
  try {
    let warm = 0;
    for (const p of pages) {
      await cached(p);
      if (await cached(p)) warm++;
    }
    record(P, 'of /, /about, /notice: a hit on the second GET', `${warm} of 3`);

    // The page reads the first `page` only, so `page=1` followed by 1 to 40 more `page=N` (N from 1 to 50) is
    // 2,000 different URLs, every one of them page 1, answered 200 and kept under a key of its own.
    const total = 2_000;
    const url = (i: number) => `${server.url}/notice?page=1${`&page=${(i % 50) + 1}`.repeat(Math.floor(i / 50) + 1)}`;
    const outcomes: Outcome[] = [];
    const deadline = Date.now() + 120_000;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < total && Date.now() < deadline) outcomes.push(await send(url(next++), { agent, timeoutMs: PATIENCE_MS }));
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const ms = Math.round(performance.now() - started);
    record(P, `GETs of /notice?page=1&page=N&page=N… (4 at a time, ${total} planned)`, `${outcomes.length} sent in ${(ms / 1000).toFixed(1)} s: ${tally(outcomes)}`);

    const still: string[] = [];
    for (const p of pages) if (await cached(p)) still.push(p);
    record(P, 'of /, /about, /notice still served from the cache after them', `${still.length} of 3${still.length ? ` (${still.join(', ')})` : ''}`);
  } finally {
    agent.destroy();
  }
}

/** 5. The old clients' unpaged list, with files inline, once the council has published some big PDFs. */
async function unpagedList(): Promise<void> {
  const P = '5. unpaged list';
  console.log(`\n${P}`);
  const url = `${server.url}/api/Public/notice`;
  const one = await send(url, { timeoutMs: 30_000 });
  const size = one.kind === 'answer' ? `${(one.bytes / MB).toFixed(1)} MB` : '?';
  const truncated = one.kind === 'answer' && one.headers['x-list-truncated'] ? ' (x-list-truncated set)' : '';
  record(P, 'GET /api/Public/notice with three 15 MB PDFs published, anonymous: answer', one.kind === 'answer' ? `${one.status}, ${size}${truncated}, first byte ${one.firstByteMs} ms, whole ${one.ms} ms` : describe(one));

  resetPeak(server.pid);
  const { result, home } = await withHomeSampler(() => Promise.all(Array.from({ length: 10 }, () => send(url, { timeoutMs: 30_000 }))));
  const rssAfter = await rssAfterSettling(server.pid);
  record(P, 'ten of those GETs at once', `${tally(result)}; slowest ${slowest(result)} ms`);
  record(P, 'ten at once: server memory', memoryFigure(server.pid, rssAfter));
  record(P, 'ten at once: cached home page meanwhile', describeLatency(home));
}

/** 6. Can a stranger keep the admin out by guessing wrong? */
async function signInLock(): Promise<void> {
  const P = '6. sign-in lock';
  console.log(`\n${P}`);
  const wrong: number[] = [];
  for (let i = 0; i < 10; i++) wrong.push((await login(ADMIN.email, `wrong-password-${i}`, '10.0.6.1')).status);
  record(P, '10 wrong admin passwords from 10.0.6.1: statuses', countOf(wrong.map(String)));
  record(P, 'then the right password from a new address (10.0.6.2)', String((await login(ADMIN.email, ADMIN.password, '10.0.6.2')).status));
  record(P, 'then the right password from 127.0.0.1, where the admin signed in before', String((await login(ADMIN.email, ADMIN.password)).status));
}

/** 7. Smaller things: a method nobody needs, a picture's policy, an editor's own password, a PDF as a photo. */
async function misc(pdfUrl: string): Promise<void> {
  const P = '7. misc';
  console.log(`\n${P}`);
  const marker = 'availability-probe-marker';
  const trace = await send(`${server.url}/`, { method: 'TRACE', headers: { 'x-probe': marker }, timeoutMs: PATIENCE_MS, keepBody: true });
  if (trace.kind === 'answer') {
    // Every header named; values shortened, and left out for the connection's own bookkeeping.
    const routine = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    const shown = Object.entries(trace.headers).map(([k, v]) => (routine.has(k) ? k : `${k}: ${String(v).slice(0, 50)}`));
    const echoes = trace.body.includes(marker) ? 'yes' : 'no';
    record(P, 'TRACE /: status and headers', `${trace.status}, ${trace.bytes} bytes, echoes the request's headers: ${echoes}; headers: ${shown.join('; ') || 'none'}`);
  } else record(P, 'TRACE /: status and headers', describe(trace));

  const svg = await send(`${server.url}/holiday-calendar/2026.svg`, { timeoutMs: PATIENCE_MS });
  record(P, '/holiday-calendar/2026.svg: content-security-policy', svg.kind === 'answer' ? `${svg.status}, ${svg.headers['content-security-policy'] ?? 'none'}` : describe(svg));

  // The same password as the new one: the call is made in full, and the password stays what it was.
  const editor = await login(EDITOR.email, EDITOR.password);
  if (editor.token) {
    const res = await fetch(`${server.url}/api/Account/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor.token}` },
      body: JSON.stringify({ currentPassword: EDITOR.password, newPassword: EDITOR.password }),
      signal: AbortSignal.timeout(30_000),
    });
    record(P, 'editor POST /api/Account/change-password (to the same password)', String(res.status));
  } else record(P, 'editor POST /api/Account/change-password (to the same password)', `editor sign-in answered ${editor.status}`);

  const form = new FormData();
  form.set('Gallery.Title', 'A PDF as a photo');
  form.set('Gallery.Description', 'Points at a stored document.');
  form.set('Gallery.PhotoPath', pdfUrl);
  const res = await fetch(`${server.url}/api/Admin/gallery?media=url`, { method: 'POST', headers: { authorization: `Bearer ${await adminToken()}` }, body: form, signal: AbortSignal.timeout(30_000) });
  record(P, 'admin POST /api/Admin/gallery with Gallery.PhotoPath = a stored PDF\'s /media URL', String(res.status));
}

// ---------------------------------------------------------------------------------------------------------

/** Runs one probe; a probe that throws leaves a row saying so, and the others still run. */
async function probe(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    record(name, 'probe failed', (err as Error).message.slice(0, 300));
  }
  if (!procStatus(server.pid)) {
    record(name, 'server process', 'gone after this probe; restarted for the next');
    await start('after the last one died');
  }
}

/** Which build, from which commit, and whether its checkout had changes not committed. */
function buildDescription(): string {
  const buildDir = path.resolve(process.env.BUILD_DIR!);
  const checkout = path.dirname(buildDir);
  const git = (...args: string[]) => spawnSync('git', ['-C', checkout, ...args], { encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return 'a build outside any checkout';
  const changed = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'db', 'scripts').stdout.trim();
  return `a build of commit ${head.stdout.trim()}${changed ? ` with uncommitted changes to ${changed.split('\n').length} files` : ' (no uncommitted changes)'}`;
}

/** The earlier run's figures by probe and figure, and its description line. */
function readBefore(file: string): { label: string; measured: string; values: Map<string, string> } {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const table = lines.filter((l) => l.startsWith('|'));
  const header = table[0].split('|').slice(1, -1).map((s) => s.trim());
  const values = new Map<string, string>();
  for (const line of table.slice(2)) {
    const cells = line.split('|').slice(1, -1).map((s) => s.trim());
    values.set(`${cells[0]}|${cells[1]}`, cells[cells.length - 1]);
  }
  return { label: header[header.length - 1], measured: lines.find((l) => l.startsWith('Measured')) ?? '', values };
}

async function main(): Promise<void> {
  const began = performance.now();
  const description = buildDescription();
  console.log(`Availability probes against ${description}`);
  await start('first start: migrates and fills the demo content');

  let pdfUrl = '';
  try {
    // Probes 1, 5 and 7 need a published PDF; 5 adds two more.
    if (wanted(1) || wanted(5) || wanted(7)) pdfUrl = await uploadNotice(await adminToken(), 1);
    if (wanted(1)) {
      await probe('1. stuck waiter', () => stuckWaiter(pdfUrl, 'abandoned'));
      await restart('fresh process: what the last probe left stuck must not count for the next');
      await probe('1. stuck waiter', () => stuckWaiter(pdfUrl, 'alone'));
      await restart('fresh process: what the last probe left stuck must not count for the next');
    }
    if (wanted(4)) await probe('4. cache flush', cacheFlush);
    if (wanted(5)) {
      await probe('5. unpaged list', async () => {
        const token = await adminToken();
        for (const seed of [2, 3]) await uploadNotice(token, seed);
        await unpagedList();
      });
    }
    if (wanted(7)) await probe('7. misc', () => misc(pdfUrl));
    // Memory is measured on a server of its own each time, so one probe's leftovers do not count for the next.
    if (wanted(2)) {
      for (const count of [16, 8]) {
        await restart(`fresh process for ${count} big posts`);
        await probe('2. big hostile posts', () => bigHostilePosts(count));
      }
    }
    if (wanted(3)) {
      // A flat colour: small to send (well under 1 MB), 100 megapixels to decode.
      const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 50 }).toBuffer();
      await restart('fresh process for pixel bombs at the limit');
      await probe('3. pixel bombs', () => pixelBombs(bomb, 'at-limit'));
      await restart('fresh process for pixel bombs with an invalid category');
      await probe('3. pixel bombs', () => pixelBombs(bomb, 'invalid'));
    }
    // Last: it locks the admin account to new addresses, which the other probes would trip over.
    if (wanted(6)) await probe('6. sign-in lock', signInLock);
  } finally {
    await server.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const before = BEFORE_FILE ? readBefore(BEFORE_FILE) : null;
  // A figure the earlier run had and this one did not measure (--only) keeps its row.
  const measured = new Set(rows.map((r) => `${r.probe}|${r.figure}`));
  for (const [key] of before?.values ?? []) {
    const [probe, figure] = key.split('|');
    if (!measured.has(key)) rows.push({ probe, figure, value: '(not measured)' });
  }
  const order = (r: Row) => Number.parseInt(r.probe, 10);
  const sorted = rows.map((r, i) => ({ r, i })).sort((a, b) => order(a.r) - order(b.r) || a.i - b.i).map(({ r }) => r);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  const lines = ['# Availability probes', ''];
  const subset = ONLY.size ? ` Only probes ${[...ONLY].join(', ')} were run.` : '';
  lines.push(`Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), Node ${process.version}, SQLite, against ${description}: \`npm run bench:availability\` (scripts/bench/availability.ts), demo content on a temporary data folder, TRUST_PROXY=1, all traffic on 127.0.0.1; the run took ${seconds} s. "No answer in 8 s" means the client gave up after 8 s. Figures, not verdicts: nothing here asserts.${subset}`);
  lines.push('');
  if (before) {
    lines.push(`The "${before.label}" column is from ${BEFORE_FILE}: ${before.measured.replace(/^Measured /, 'measured ')}`, '');
    lines.push(`| probe | figure | ${before.label} | ${LABEL} |`, '|---|---|---|---|');
    for (const r of sorted) lines.push(`| ${r.probe} | ${r.figure} | ${before.values.get(`${r.probe}|${r.figure}`) ?? '(not measured)'} | ${r.value} |`);
  } else {
    lines.push(`| probe | figure | ${LABEL} |`, '|---|---|---|');
    for (const r of sorted) lines.push(`| ${r.probe} | ${r.figure} | ${r.value} |`);
  }
  console.log(`\n${lines.join('\n')}`);
  fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  fs.writeFileSync(OUT_FILE, lines.join('\n') + '\n');
  console.log(`\nWritten to ${OUT_FILE}`);
}

await main();
