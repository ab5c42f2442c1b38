// `npm run loadtest [-- --seconds 60 --connections 200 --write-connections 10 --write-rate 20 --url URL --postgres]`:
// public page and API reads mixed with admin notice creates, on 127.0.0.1 only, for a fixed time; the
// writes are also capped by their rate. Then every write answered 2xx is looked up again. Prints
// throughput, latency, errors and lost writes; exits 1 if any request failed or any write was lost.
// Without --url it starts the built server on a temporary data folder with the demo content; with --postgres
// that server uses a throwaway PostgreSQL cluster (Debian's postgresql, default durability) instead of SQLite.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '../src/server/bootstrap';
import { startServer, type TestServer } from '../tests/support/server';
import { until } from '../tests/support/until';
import { createFreshDatabase } from '../tests/support/database';
import { startThrowawayCluster } from './postgres-cluster.mjs';
import { adminToken, documentCreate, labelledPdf } from './ops/admin-client';

const PUBLIC_PATHS = [
  '/', '/notice', '/currenttender', '/pasttender', '/circulars', '/officeorder', '/latestnews', '/employeelist',
  '/photogallery', '/pressrelease', '/about', '/contactus',
  '/api/Public/notice?page=1&pageSize=20', '/api/Public/notice?page=1&pageSize=20&media=url',
  '/api/Public/tender?page=1&pageSize=20&media=url', '/api/Public/latest-news', '/api/Public/complaint-count',
];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface Settings {
  seconds: number;
  connections: number;
  writeConnections: number;
  writeRate: number;
  url: string | undefined;
  postgres: boolean;
}

function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' }, connections: { type: 'string' }, 'write-connections': { type: 'string' },
      'write-rate': { type: 'string' }, url: { type: 'string' }, postgres: { type: 'boolean' },
    },
  });
  const whole = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more, got "${raw}".`);
    return value;
  };
  const env = process.env;
  const settings = {
    seconds: whole('seconds', values.seconds ?? env.LOAD_SECONDS, 60),
    connections: whole('connections', values.connections ?? env.LOAD_CONNECTIONS, 200),
    writeConnections: whole('write-connections', values['write-connections'] ?? env.LOAD_WRITE_CONNECTIONS, 10),
    writeRate: whole('write-rate', values['write-rate'] ?? env.LOAD_WRITE_RATE, 20),
    url: values.url ?? env.LOAD_URL,
    postgres: values.postgres ?? false,
  };
  if (settings.writeConnections >= settings.connections) throw new Error('write-connections must be fewer than connections: some must read.');
  if (settings.url && !LOOPBACK.has(new URL(settings.url).hostname)) throw new Error(`The load test drives 127.0.0.1 only, not ${settings.url}.`);
  return settings;
}

/**
 * CPU time (user + system, ms) a process has used, from /proc on Linux; null elsewhere. Unlike latency, the
 * CPU a request costs hardly changes when other programs share the machine.
 */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return null;
  }
}

interface AcknowledgedWrite {
  id: number;
  title: string;
}

interface WriteLog {
  acknowledged: AcknowledgedWrite[];
  refusedByStatus: Map<number, number>;
}

interface CacheTally {
  hits: number;
  answers: number;
}

/**
 * Reads: each request picks a public path at random, so every connection mixes pages and API calls. The
 * server marks answers it served from its page cache (`x-page-cache: hit`); their share is the hit ratio.
 */
function readLoad(url: string, connections: number, seconds: number, tally: CacheTally) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({ ...req, method: 'GET', path: PUBLIC_PATHS[Math.floor(Math.random() * PUBLIC_PATHS.length)] }),
        onResponse: (_status, _body, _context, headers) => {
          tally.answers++;
          if (headers?.['x-page-cache'] === 'hit') tally.hits++;
        },
      },
    ],
  });
}

/** Writes: notice creates at a fixed overall rate, each with its own title and its own document. */
function writeLoad(url: string, token: string, settings: Settings, log: WriteLog) {
  const run = Date.now().toString(36);
  let sent = 0;
  return autocannon({
    url,
    connections: settings.writeConnections,
    duration: settings.seconds,
    overallRate: settings.writeRate,
    requests: [
      {
        setupRequest: (req) => {
          const title = `Load ${run} notice ${++sent}`;
          const { body, contentType } = documentCreate('Notice', title, labelledPdf(title));
          return { ...req, method: 'POST', path: '/api/Admin/notice?media=url', body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } };
        },
        onResponse: (status, body) => {
          // The answer is the saved record: its id and title are what must be found again afterwards.
          if (status >= 200 && status < 300) {
            const saved = JSON.parse(body) as AcknowledgedWrite;
            log.acknowledged.push({ id: saved.id, title: saved.title });
          } else {
            log.refusedByStatus.set(status, (log.refusedByStatus.get(status) ?? 0) + 1);
          }
        },
      },
    ],
  });
}

/** Looks every acknowledged write up again by its id; answers the ones missing or changed. */
async function lostWrites(url: string, token: string, writes: AcknowledgedWrite[]): Promise<AcknowledgedWrite[]> {
  const lost: AcknowledgedWrite[] = [];
  let next = 0;
  const worker = async () => {
    while (next < writes.length) {
      const write = writes[next++];
      const res = await fetch(`${url}/api/Admin/notice/${write.id}?media=url`, { headers: { authorization: `Bearer ${token}` } });
      const found = res.status === 200 ? ((await res.json()) as { title: string }) : null;
      if (found?.title !== write.title) lost.push(write);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return lost;
}

async function main(): Promise<number> {
  const settings = readSettings();
  let server: TestServer | null = null;
  let cluster: { url: string; stop: () => void } | null = null;
  let url = settings.url?.replace(/\/$/, '');
  if (!url) {
    const database: Record<string, string> = {};
    if (settings.postgres) {
      cluster = await startThrowawayCluster({ durable: true });
      database.DATABASE_URL = await createFreshDatabase(cluster.url, 'council_load');
    }
    // Production mode, as it would serve, with the demo content to read; the session outlasts the run so the
    // writers stay signed in.
    server = await startServer({
      NODE_ENV: 'production', SEED: 'demo', ADMIN_EMAIL: DEMO_ACCOUNTS[0].email, ADMIN_PASSWORD: DEMO_ACCOUNTS[0].password,
      SESSION_MINUTES: String(Math.ceil(settings.seconds / 60) + 5), ...database,
    });
    url = server.url;
    // The measure is of a server that has been serving: its first pages, rendered as it starts (WARM_START),
    // are done before the load begins, rather than competing with its first seconds.
    const started = server;
    if (process.env.WARM_START !== '0') await until(() => (/Rendered the \d+ first pages/.test(started.output()) ? true : undefined), 'the warm start', { tries: 1200, everyMs: 100 });
  }
  try {
    const account = { email: process.env.LOAD_ADMIN_EMAIL || DEMO_ACCOUNTS[0].email, password: process.env.LOAD_ADMIN_PASSWORD || DEMO_ACCOUNTS[0].password };
    const token = await adminToken(url, account);
    const readers = settings.connections - settings.writeConnections;
    console.log(`Load test: ${settings.seconds} s on ${url} (${settings.postgres ? 'PostgreSQL' : settings.url ? 'as found' : 'SQLite'}): ${readers} connections reading ${PUBLIC_PATHS.length} public paths, ${settings.writeConnections} creating notices at ${settings.writeRate}/s`);

    const log: WriteLog = { acknowledged: [], refusedByStatus: new Map() };
    const tally: CacheTally = { hits: 0, answers: 0 };
    const cpuAtStart = server ? cpuMs(server.pid) : null;
    const [reads, writes] = await Promise.all([readLoad(url, readers, settings.seconds, tally), writeLoad(url, token, settings, log)]);
    const cpuAtEnd = server ? cpuMs(server.pid) : null;
    const lost = await lostWrites(url, token, log.acknowledged);

    const errors = reads.errors + writes.errors;
    const timeouts = reads.timeouts + writes.timeouts;
    const non2xx = reads.non2xx + writes.non2xx;
    const total = reads.requests.total + writes.requests.total;
    const rate = (count: number, seconds: number) => (count / seconds).toFixed(count / seconds < 100 ? 1 : 0);
    const refused = [...log.refusedByStatus].map(([status, n]) => `${n}×${status}`).join(', ') || 'none';
    console.log('');
    console.log(`requests             ${total} in ${reads.duration.toFixed(1)} s: ${rate(total, reads.duration)}/s`);
    console.log(`  public reads       ${reads.requests.total}: ${rate(reads.requests.total, reads.duration)}/s, latency p50 ${reads.latency.p50} ms, p99 ${reads.latency.p99} ms, max ${reads.latency.max} ms`);
    console.log(`  admin writes       ${writes.requests.total}: ${rate(writes.requests.total, writes.duration)}/s, latency p50 ${writes.latency.p50} ms, p99 ${writes.latency.p99} ms, max ${writes.latency.max} ms`);
    console.log(`page cache hits      ${tally.hits} of ${tally.answers} reads: ${((100 * tally.hits) / Math.max(1, tally.answers)).toFixed(1)}%`);
    if (cpuAtStart !== null && cpuAtEnd !== null) {
      const used = cpuAtEnd - cpuAtStart;
      console.log(`server CPU           ${(used / 1000).toFixed(1)} s: ${((1000 * used) / Math.max(1, total)).toFixed(0)} µs per request`);
    }
    console.log(`errors               ${errors} (of which timeouts ${timeouts}), non-2xx answers ${non2xx} (writes refused: ${refused})`);
    console.log(`writes answered 2xx  ${log.acknowledged.length}, lost ${lost.length}${lost.length ? `: ${lost.slice(0, 5).map((w) => w.id).join(', ')}` : ''}`);
    if (server && (errors > 0 || non2xx > 0)) console.log(`server output (last lines):\n${server.output().split('\n').slice(-20).join('\n')}`);
    return errors === 0 && non2xx === 0 && lost.length === 0 ? 0 : 1;
  } finally {
    await server?.stop();
    cluster?.stop();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(`Load test failed to run: ${(err as Error).message}`);
    process.exitCode = 2;
  },
);
