/**
 * The production server: prepares the database, starts the jobs and the outbox's first sweep, then serves
 * static files, cached public pages and, for everything else, Astro's handler. It knows no feature: the Node
 * entry (src/entry-registrations.ts) installs the composition list and hands `serve` the jobs and the first
 * pages. Bundled with that entry to dist/main.mjs by scripts/bundle-main.mjs. With SERVER_PROCESSES above 1 the first process prepares the
 * database and starts that many workers, each of which runs this entry again to serve (cluster.ts).
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readConfig, readPaymentSettings } from './config';
import { closeDb } from './db';
import { currentCouncil, withCouncil } from './council-context';
import { checkpointCouncilFiles, councilDatabase } from './councils/databases';
import { closePlatformDb } from './councils/platform';
import { destinationOf, firstCouncil, knownDestinationOf, listCouncils, type CouncilRecord } from './councils/registry';
import { answerCouncilUnavailable, answerPlatformPage, answerStateNotFound } from './councils/platform-pages';
import { consoleRoute } from './councils/console-path';
import { answerStateRequest } from './councils/state-api';
import { checkpointInBackground } from './sqlite-checkpoint';
import { isClusterPrimary, runWorkers, workerRole } from './cluster';
import { startJobs, type JobDefinition, type JobRunner } from './jobs';
import { outboxIdle, pokeOutbox } from './outbox';
import { warmStart } from './warm-start';
import { councilKnownReady, councilReady, ensureReady } from './ready';
import { isCacheableRequest, serveCachedPage, serveCachedPageNow } from './page-cache';
import { judgeRequestTarget, pathAndQuery } from '../lib/canonical-path';
import { voiceOf } from './protocol-voices';
import { resolveRequestClient } from './request-origin';
import { pageKey } from './route-table';
import { pathIn, splitLanguage, type Lang } from '../i18n/lang';
import { SECURITY_HEADERS } from './security-headers';
import { refuseMethodsNodeCannotRoute, refuseUnusedMethod } from './allowed-methods';
import { loadStaticFiles, PRECOMPRESSED_DIR, serveStaticFile } from './static-files';
import { readMapTiles } from './map-tiles';
import { sweepLeftoverSpools } from './upload-spool';
import { answeredWhileSettingUp, knownSetUp } from './council/setup-gate';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void, locals?: object) => void;

/** Browsers that reached us over https once keep to it for a year. */
const HSTS = 'max-age=31536000; includeSubDomains';
/** How long a stop waits for running jobs and deliveries before the process ends anyway. */
const STOP_GRACE_MS = 10_000;
/** The page that says an address leads nowhere (src/pages/404.astro), which answers 404 itself. */
const NOT_FOUND_PAGE = '/404';

/**
 * Every path has one spelling before anything looks at it: the router, the access check, the page cache and
 * the static files then agree on what was asked for. Answers false once it has answered the request itself.
 */
function keepToCanonicalPath(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const verdict = judgeRequestTarget(req.url ?? '/');
  if (verdict.kind === 'canonical') return true;
  const headers = { ...SECURITY_HEADERS, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' };
  const path = (req.url ?? '/').split('?')[0];
  // A protocol's addresses (Open311) answer in its voice (src/server/protocol-voices.ts).
  const voice = voiceOf(path);
  const movedTo = verdict.kind === 'redirect' ? verdict.location.split('?')[0] : '';
  if (voice && verdict.kind === 'redirect' && !voice.methodsAt(movedTo)) {
    // Its client is never sent on to an address that is no call (`/open311/v2/` to `/open311/v2`): it is
    // told at once, in the format it asked for, what the calls are.
    const answer = voice.error(movedTo, 404, [voice.notFound(movedTo)]);
    res.writeHead(404, { ...SECURITY_HEADERS, ...answer.headers });
    res.end(answer.body);
  } else if (verdict.kind === 'redirect') {
    // A protocol client's post to another spelling keeps its method and body (308); browsers' GETs get 301.
    const status = voice && req.method !== 'GET' && req.method !== 'HEAD' ? 308 : 301;
    res.writeHead(status, { ...headers, location: verdict.location });
    res.end(`Moved to ${verdict.location}`);
  } else if (voice) {
    // Its clients read every error as the protocol's document, in the format they asked for.
    const answer = voice.error(path, 404, [voice.encodedSeparator]);
    res.writeHead(404, { ...SECURITY_HEADERS, ...answer.headers });
    res.end(answer.body);
  } else {
    res.writeHead(404, headers);
    res.end('Not found');
  }
  return false;
}

/** A request's page as the router takes it (`target`, an English path) and as the page cache files it (`address`). */
interface PageAddress {
  lang: Lang;
  routedPath: string;
  target: string;
  address: string;
}

function pageAddressOf(req: http.IncomingMessage): PageAddress {
  // A Hindi page is the English page's route rendered in Hindi: Astro routes the English path and learns
  // the language from locals, which no request header can set.
  const { pathname, search } = pathAndQuery(req.url ?? '/');
  const { lang, path: routedPath } = splitLanguage(pathname);
  let target = routedPath + search;
  // An anonymous page is rendered from the query parameters its route reads and no others, so that the
  // cached copy is the same page whatever else a visitor appends (`/home?x=1` is `/home`).
  if (isCacheableRequest(req.method ?? 'GET', req.headers.cookie)) target = pageKey(routedPath, search);
  // The page cache files each language under its own address.
  return { lang, routedPath, target, address: pathIn(lang, target) };
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/** What the Node entry hands the server: the jobs it runs and the pages each process renders as it starts. */
export interface ServerParts {
  jobs: readonly JobDefinition[];
  firstPages: readonly string[];
}

export async function serve({ jobs: JOBS, firstPages }: ServerParts): Promise<void> {
  const distDir = path.dirname(fileURLToPath(import.meta.url));
  let config;
  try {
    config = readConfig();
    readMapTiles();
    readPaymentSettings();
  } catch (err) {
    fail(`Cannot start: ${(err as Error).message}`);
  }

  const role = workerRole();
  try {
    await ensureReady();
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EACCES' || e.code === 'ENOTDIR' || e.code === 'EROFS' || e.code === 'SQLITE_CANTOPEN' || e.code === 'EEXIST') {
      fail(`Cannot start: the data folder ${config.dataDir} cannot be used (${e.code}). Set DATA_DIR to a writable folder.`);
    }
    fail(`Cannot start: preparing the database failed: ${e.message}`);
  }

  // The primary of several processes serves nothing itself: the database is ready for its workers.
  if (isClusterPrimary(config.processes)) {
    await closeDb();
    runWorkers(config.processes, () => console.log(`Serving on http://${config.host}:${config.port}/ (${config.processes} processes)`));
    return;
  }

  // Started before listening, so that a database account that may not create the queue's schema stops the
  // start (docs/deploy.md) rather than leaving messages and time-driven steps silently undone. Of several
  // processes, one runs the jobs.
  let jobs: JobRunner = { stop: async () => {} };
  try {
    if (!role || role.runsJobs) {
      jobs = await startJobs(JOBS, config.databaseUrl, {
        active: async () => (await listCouncils()).filter((c) => c.status === 'active'),
        open: async (council) => {
          await councilReady(council);
          return councilDatabase(council).db;
        },
        byId: async (id) => (await listCouncils()).find((c) => c.id === id && c.status === 'active'),
      });
    }
  } catch (err) {
    fail(`Cannot start: the job queue could not be set up: ${(err as Error).message}`);
  }
  const first = await firstCouncil();
  // Whatever was left waiting (a message committed just before a stop, a claim of a killed instance) goes now;
  // the other councils' by their delivery sweep, as their databases open.
  void withCouncil(first, () => pokeOutbox());
  // Files of forms that were arriving when a process of this server was killed are deleted before serving.
  await sweepLeftoverSpools(config.dataDir);
  // On SQLite, every open council's write-ahead log is copied back into its database file off the event loop,
  // by one thread for all of them.
  const checkpoints = config.databaseUrl ? { stop: async () => {} } : checkpointInBackground();
  if ('watch' in checkpoints) checkpointCouncilFiles(checkpoints);

  const { handler } = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };
  const staticFiles = loadStaticFiles(path.join(distDir, 'client'), path.join(distDir, PRECOMPRESSED_DIR));

  const answer: http.RequestListener = (req, res) => {
    // Which of several processes answered: for an operator reading a slow request's headers, and for tests.
    if (role) res.setHeader('x-server-process', String(role.number));
    if (refuseUnusedMethod(req, res)) return;
    const client = resolveRequestClient(req, config.trustedProxyHops);
    if (client.https) res.setHeader('strict-transport-security', HSTS);
    if (!keepToCanonicalPath(req, res)) return;
    const known = knownDestinationOf(client.host, config.stateHost);
    if (known?.kind === 'council' && answeredFromMemory(known.council, req, res)) return;
    // The host picks the council before anything else is looked at, static files and media included: every
    // later step (the page cache, the database, the signing key) is that council's (council-context.ts).
    void destinationOf(client.host, config.stateHost)
      .then(async (destination) => {
        if (destination.kind === 'state') return answerOnStateHost(req, res, client);
        if (destination.kind === 'platform') return answerPlatformPage(req, res, await listCouncils(), config.port);
        const { council } = destination;
        if (council.status !== 'active') return answerCouncilUnavailable(req, res, council, true);
        try {
          await councilReady(council);
        } catch {
          return answerCouncilUnavailable(req, res, council, false);
        }
        withCouncil(council, () => answerForCouncil(req, res, client));
      })
      .catch((err) => {
        console.error(`${req.method} ${req.url}: choosing the council failed:`, err);
        if (!res.headersSent) res.writeHead(500, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('The server could not answer. Please try again.');
      });
  };

  /**
   * Most requests are a static file or a page already in the cache, of a council whose host, database and
   * setup are known: they are answered here at once, with no promise and no council context (the council is
   * named to the cache), which every promise of a request would otherwise pay for. Anything else (a council
   * not yet opened or set up, a miss, PostgreSQL's query for the versions) goes the whole way, below.
   */
  const answeredFromMemory = (council: CouncilRecord, req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (council.status !== 'active' || !councilKnownReady(council)) return false;
    if (serveStaticFile(staticFiles, req, res, SECURITY_HEADERS)) return true;
    if (!knownSetUp(council) || !isCacheableRequest(req.method ?? 'GET', req.headers.cookie)) return false;
    const asked = req.url;
    req.url = pageAddressOf(req).address;
    if (serveCachedPageNow(council, req, res, SECURITY_HEADERS)) return true;
    req.url = asked;
    return false;
  };

  /**
   * The state's host: its calls under /api/, the console's own files (styles, scripts), and its screens, which
   * Astro renders outside every council's context; anything else is not found there.
   */
  const answerOnStateHost = (req: http.IncomingMessage, res: http.ServerResponse, client: ReturnType<typeof resolveRequestClient>) => {
    const url = new URL(req.url ?? '/', 'http://canonical.invalid');
    if (url.pathname.startsWith('/api/')) return answerStateRequest(req, res, client);
    if (url.pathname.startsWith('/_astro/') && serveStaticFile(staticFiles, req, res, SECURITY_HEADERS)) return;
    const { lang, path: routedPath } = splitLanguage(url.pathname);
    req.url = consoleRoute(routedPath) + url.search;
    handler(req, res, () => answerStateNotFound(req, res), { client, lang, stateConsole: true });
  };

  /** The rest of a request, inside its council's context. */
  const answerForCouncil = (req: http.IncomingMessage, res: http.ServerResponse, client: ReturnType<typeof resolveRequestClient>) => {
    if (serveStaticFile(staticFiles, req, res, SECURITY_HEADERS)) return;
    const { lang, routedPath, target, address } = pageAddressOf(req);
    req.url = address;
    // No `next` callback: for a path no route matches, Astro then renders src/pages/404.astro with status 404.
    // Should the shared content version be unreadable, Astro renders and reports what is wrong.
    void answeredWhileSettingUp(routedPath, res, SECURITY_HEADERS)
      .then((answered) => answered || serveCachedPage(req, res, SECURITY_HEADERS))
      .catch(() => false)
      .then((served) => {
        if (served) return;
        req.url = target;
        // Astro renders its 404 page without our locals, so a Hindi address no route matches goes to the
        // not-found page itself, in Hindi.
        const notFoundInHindi = lang === 'en' ? undefined : () => {
          req.url = NOT_FOUND_PAGE;
          handler(req, res, undefined, { client, lang, missingPath: target, council: currentCouncil() });
        };
        handler(req, res, notFoundInHindi, { client, lang, council: currentCouncil() });
      });
  };
  const server = http.createServer(answer);
  server.keepAliveTimeout = 65_000;
  // A client gets 20 seconds to send its request's headers: one trickling them in a byte at a time holds a
  // connection and nothing more, and not for a minute as by default.
  server.headersTimeout = 20_000;
  refuseMethodsNodeCannotRoute(server);

  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') fail(`Cannot start: port ${config.port} on ${config.host} is already in use. Set PORT to a free port.`);
    if (err.code === 'EACCES') fail(`Cannot start: no permission to listen on ${config.host}:${config.port}.`);
    fail(`Cannot start: ${err.message}`);
  });
  server.listen(config.port, config.host, () => {
    // Of several processes, the primary says so once all of them listen.
    if (!role) console.log(`Serving on http://${config.host}:${config.port}/`);
    // The first council's pages, asked for on its own host (each other council's render on its first visits).
    if (config.warmStart) void warmStart(answer, firstPages, first.hosts[0]);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    const finish = Promise.allSettled([jobs.stop(), outboxIdle()]);
    void Promise.race([finish, new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())])
      .then(() => checkpoints.stop())
      .then(() => Promise.allSettled([closeDb(), closePlatformDb()]))
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

