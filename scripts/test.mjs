// `npm test`: builds once, then runs the unit and API tests (vitest) on SQLite, again on PostgreSQL when a
// throwaway server can be started here (Debian's postgresql package), and the browser tests (Playwright in
// Debian's Chromium). Finds Chromium at CHROMIUM_PATH or /usr/bin/chromium; installs it with apt-get when
// running as root on a machine that has apt-get, and otherwise says how to.
// `npm test -- vitest | postgres | e2e` runs one of the three.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { startThrowawayCluster } from './postgres-cluster.mjs';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
  console.log('Chromium not found: installing Debian\'s chromium package...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium']);
  chromium = findChromium();
}
if (!chromium) {
  console.error('Chromium is needed for the browser tests: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
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

/** The same vitest run on PostgreSQL: each test server and data-layer test gets a fresh database there. */
async function postgresPass() {
  let cluster;
  try {
    cluster = await startThrowawayCluster();
  } catch (err) {
    console.log(`PostgreSQL pass skipped: ${err.message.split('\n')[0]}`);
    return 0;
  }
  try {
    console.log(`PostgreSQL pass on a throwaway server at ${cluster.url}`);
    return run('npx', ['vitest', 'run'], { TEST_POSTGRES_URL: cluster.url }) === 0 ? 0 : 1;
  } finally {
    cluster.stop();
  }
}

if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);
const only = process.argv[2];
let failed = 0;
if (!only || only === 'vitest') failed += run('npx', ['vitest', 'run']) === 0 ? 0 : 1;
if (!only || only === 'postgres') failed += await postgresPass();
if (!only || only === 'e2e') {
  const port = await freePort();
  failed += run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium, E2E_PORT: String(port), E2E_DATA_DIR: `/tmp/council-e2e-${port}` }) === 0 ? 0 : 1;
}
process.exit(failed === 0 ? 0 : 1);
