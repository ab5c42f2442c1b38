// `npm test`: builds once, then runs the unit and API tests (vitest) on SQLite, the tests whose outcome can
// differ by database engine again on PostgreSQL when a throwaway server can be started here (Debian's
// postgresql package), and the browser tests (Playwright in Debian's Chromium): the few timing-sensitive files
// first, alone, then the browser tests, the SQLite pass and the PostgreSQL pass one after another (see below).
// Finds Chromium at CHROMIUM_PATH, else Debian's headless shell (chromium-headless-shell: the same engine without
// the browser's own windows, tabs and toolbar, which cost a full Chromium a second of CPU for every fresh tab and
// a third of that for every page it opens), else Debian's chromium; installs the headless shell with apt-get
// when running as root on a machine that has apt-get, and otherwise says how to.
// `npm test -- vitest | postgres | e2e` runs one of the three. Every phase's time is printed at the end.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayCluster } from './postgres-cluster.mjs';

/**
 * The API tests whose calls run SQL that differs by engine, or that are about the database itself; the
 * PostgreSQL pass runs these and the data-layer unit tests (every tests/unit file that opens a database
 * through tests/support/database.ts). The other API files test HTTP, pages, limits and the frame, which do not
 * depend on the engine underneath. A new API file that exercises its own SQL belongs in this list.
 */
const POSTGRES_API_TESTS = [
  // the database itself: first start, migrations, the copy from SQLite, instances sharing it. Not the kill -9
  // durability test (PostgreSQL's own; that the server answers only after its commit is the same code on both
  // engines) nor the several processes of one server (how they share a database is 'instances' here).
  'bootstrap', 'migrate-to-postgres', 'instances', 'cache-dependencies',
  // several councils: a schema each through one shared pool, the platform's schema, the state's calls; a
  // council exported and imported across engines
  'councils', 'council-transfer',
  // a council's identity: its admin's calls, its first setup taken once by one of 200 posts at once
  'council',
  // queues on the database: the outbox's claims (pg-boss's schedules: jobs.test.ts, run beside the passes, see scheduleTest)
  'outbox',
  // content storage, the lifecycle's visibility and schedule queries, revisions, translations, full-text search
  'admin-content', 'public-api', 'content-lifecycle', 'content-schedule', 'revisions', 'translations', 'search',
  'hindi-archive', 'media',
  // private files: keyed apart from public ones, who may read them, withdrawal (an empty list is SQL on PostgreSQL)
  'private-files',
  // grievances: numbering, queues, counts by state, lodging once, the citizen's own list
  'grievances', 'complaints', 'complaint-desk', 'form-submission', 'citizen', 'open311-spec',
  // a refused form's files kept for it: a blob per file, sums of a sender's share, expiry by text time
  'kept-files',
  // cases of every service, staff accounts, documents' own pages
  'staff-cases', 'staff-accounts', 'document-pages', 'case-desk',
  // the staff dashboard: what waits per service and step in one grouped query, two days' receipts summed apart
  'staff-dashboard',
  // money: one live transaction and one valid receipt per bill are unique keys; the counter's receipt series;
  // the gateway simulator's refunds, added to a payment only while the sum stays within what was captured
  'payments', 'counter', 'gateway-simulator',
  // late captures of failed payments and their refunds: conditional moves, a claim on a refund
  'payment-exceptions',
  // staff and payers told once per event: an assignment and a send-back taken in turn, a receipt cancelled once
  'notices',
  // property tax: a year's demands raised, shown before and withdrawn; the register's wards
  'property-register',
  // water: sums of bills and payments, a quarter billed once per connection, the connection's row locks
  'water',
  // finding a property (LIKE with an escape, on each engine's lower()) and the audit log's filters by person and day
  'property-search', 'audit-log',
  // receipts of each payable kind, found in the database by kind and read by their secret token
  'receipt-reference',
  // trade licences: applications, verdicts and licences on the kernel's tables; the register's search and the tables' edits;
  // the verifier's verdicts taken in turn on a locked case (a burst writes each once)
  'trade-licence', 'trade-licence-register', 'trade-licence-settings', 'trade-licence-verdicts',
  // the licence certificate kept per state: found through the licence and its case, cancelled through the kernel
  'licence-certificate',
  // ward boundaries: the page's summary of what is in use (a join, a max and the audit log)
  'ward-boundaries-page',
  // ward boundaries: the look-up kept until the tables' versions change (read by each engine its own way)
  'wards',
  // ward alerts: one subscription per address and ward (an upsert), confirmation and unsubscribe writes, the feed's query
  'ward-alerts',
  // similar grievances: each engine reads a case's point out of its JSON its own way; followers' unique key
  'similar-grievances',
  // the video gallery: a range of a stored file is read as a slice of its bytes (a blob on SQLite, bytea here)
  'video-gallery',
  // limits under a burst: each is counted in one transaction behind a gate row's lock, which PostgreSQL takes its own way
  'limits',
].map((name) => `tests/api/${name}.test.ts`);


function dataLayerUnitTests() {
  const dir = 'tests/unit';
  return fs.readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts') && fs.readFileSync(path.join(dir, name), 'utf8').includes('support/database'))
    .map((name) => `${dir}/${name}`);
}

const timings = [];
/** The lines that name a failed test, by phase: printed again at the end, where a long log's reader looks. */
const failures = [];
const FAILURE_LINE = /^\s*(×|✘|FAIL\s)|\s✘\s/;
// Colour codes would hide the markers from the pattern above.
const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs a command to its end, its output's lines marked with the phase's name; answers its exit status. */
function runPhase(name, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        for (const line of lines) {
          process.stdout.write(`[${name}] ${line}\n`);
          if (FAILURE_LINE.test(plain(line))) failures.push(`[${name}] ${plain(line).trim()}`);
        }
      });
      stream.on('end', () => partial && process.stdout.write(`[${name}] ${partial}\n`));
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push({ name, seconds, status: code });
      console.log(`[${name}] finished in ${seconds} s with status ${code}`);
      resolve(code ?? 1);
    });
  });
}

function run(command, args) {
  return spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

let chromium = findChromium();
if ((!chromium || !process.env.CHROMIUM_PATH && !chromium.endsWith('headless-shell')) && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log('Chromium\'s headless shell not found: installing Debian\'s chromium-headless-shell package...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']);
  chromium = findChromium();
}
if (!chromium) {
  console.error('Chromium is needed for the browser tests: install it (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH.');
  process.exit(1);
}

/** A throwaway PostgreSQL server for the PostgreSQL tests, or undefined (and why) when none can be started here. */
async function postgresCluster() {
  try {
    const cluster = await startThrowawayCluster();
    console.log(`PostgreSQL tests on a throwaway server at ${cluster.url}`);
    return cluster;
  } catch (err) {
    console.log(`PostgreSQL pass skipped: ${err.message.split('\n')[0]}`);
    return undefined;
  }
}

/** The engine-dependent tests on PostgreSQL: each test server and data-layer test gets a fresh database there. */
function postgresPass(cluster) {
  // Three files at a time: several of them spend seconds waiting on servers they start, stop and kill.
  return runPhase('postgres', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api', ...dataLayerUnitTests(), ...POSTGRES_API_TESTS], { TEST_POSTGRES_URL: cluster.url, TEST_WORKERS: '3' });
}

/**
 * pg-boss's schedules shared by two instances (the PostgreSQL half of jobs.test.ts): one to two minutes of
 * waiting for pg-boss's minute to turn on real time, and next to no CPU, so it waits beside the other passes
 * rather than at the end of the PostgreSQL pass (vitest.config.ts, SCHEDULE).
 */
function scheduleTest(cluster) {
  return runPhase('schedule', 'npx', ['vitest', 'run', '--project', 'api-schedule', '-t', 'on PostgreSQL'], { TEST_POSTGRES_URL: cluster.url });
}

/**
 * A demo server's first start, made once for the SQLite phases and the browser tests' servers, which copy it
 * (tests/support/server-template.ts); the PostgreSQL pass makes its own, in its database.
 */
function prepareTemplate() {
  const made = spawnSync('npx', ['tsx', 'tests/support/make-template.ts'], { encoding: 'utf8' });
  if (made.status !== 0) {
    console.log(`No prepared first start (each phase makes its own): ${made.stderr.split('\n')[0]}`);
    return undefined;
  }
  return made.stdout.trim().split('\n').pop();
}

async function browserTests(template) {
  const port = await freePort();
  // Three servers (playwright.config.ts says which specs talk to which), each on a free port.
  let secondPort = await freePort();
  while (secondPort === port) secondPort = await freePort();
  let thirdPort = await freePort();
  while (thirdPort === port || thirdPort === secondPort) thirdPort = await freePort();
  return runPhase('e2e', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium, E2E_PORT: String(port), E2E_SECOND_PORT: String(secondPort), E2E_THIRD_PORT: String(thirdPort), E2E_DATA_DIR: path.join(os.tmpdir(), `council-e2e-${port}`), ...(template ? { E2E_TEMPLATE_DIR: JSON.parse(template).dataDir } : {}) });
}

const started = Date.now();
const only = process.argv[2];
// The lint and the layers' rules by reach first: seconds, and a breach stops the run before the long passes.
if (!only && (await runPhase('lint', 'npm', ['run', '--silent', 'lint'])) !== 0) process.exit(1);
// The throwaway PostgreSQL server starts while the build runs: neither needs the other.
const clusterStarting = !only || only === 'postgres' ? postgresCluster() : Promise.resolve(undefined);
if ((await runPhase('build', 'npm', ['run', '--silent', 'build'])) !== 0) {
  (await clusterStarting)?.stop();
  process.exit(1);
}
// On two cores: first, alone, the few files that hold a server to timings (the 'api-alone' project of
// vitest.config.ts).
let failed = 0;
// The PostgreSQL pass alone makes its own in its database: no SQLite first start for it.
const template = only === 'postgres' ? undefined : prepareTemplate();
const sqliteTemplate = template ? { TEST_SERVER_TEMPLATE: template } : {};
if (!only || only === 'vitest') failed += (await runPhase('alone', 'npx', ['vitest', 'run', '--project', 'api-alone'], sqliteTemplate)) === 0 ? 0 : 1;
// Then the three passes one after another, each keeping both cores busy on its own (its files or specs two at a
// time, its servers beside them): the browser tests, the SQLite pass, the PostgreSQL pass. Run side by side they
// took longer in all: every test waits longer for its server or its page, and what a test does while it waits
// (a page's frames, a poll) costs more CPU the longer it waits (docs/testing.md has the figures).
const cluster = await clusterStarting;
try {
  const schedule = cluster ? scheduleTest(cluster) : Promise.resolve(0);
  const passes = [];
  if (!only || only === 'e2e') passes.push(() => browserTests(template));
  // Three files at a time: backups, command-line scripts and restarts wait on processes of their own, and a
  // third file keeps the cores busy meanwhile (181 s against 203 s with two, on a fresh clone).
  // POSTGRES_PASS_FOLLOWS: a file whose PostgreSQL run also covers its SQLite run leaves it to that pass (a
  // council's export and import cross both engines in the PostgreSQL run: tests/api/council-transfer.test.ts).
  const follows = cluster ? { POSTGRES_PASS_FOLLOWS: '1' } : {};
  if (!only || only === 'vitest') passes.push(() => runPhase('vitest', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api'], { ...sqliteTemplate, ...follows, TEST_WORKERS: '3' }));
  if (cluster) passes.push(() => postgresPass(cluster));
  for (const pass of passes) failed += (await pass()) === 0 ? 0 : 1;
  failed += (await schedule) === 0 ? 0 : 1;
} finally {
  cluster?.stop();
}

console.log('\nTime by phase (one after another; the pg-boss schedule test waits beside them):');
for (const { name, seconds, status } of timings) console.log(`  ${name.padEnd(9)} ${String(seconds).padStart(5)} s${status === 0 ? '' : `  (failed: ${status})`}`);
console.log(`  ${'whole'.padEnd(9)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
if (failures.length > 0) {
  console.log('\nFailed attempts, as each phase named them (their output is above; one that passed on its retry is flaky):');
  for (const line of [...new Set(failures)]) console.log(`  ${line}`);
}
process.exit(failed === 0 ? 0 : 1);
