import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPortalModules } from '../../src/modules';
import { routeTable, type RouteDeclaration } from '../../src/server/route-table';
import type { Role } from '../../src/server/db-schema';
import { ADMIN, APPROVER, CASHIER, EDITOR, INSPECTOR, OFFICER, USER, VERIFIER, bearer, login } from '../support/api';
import { startServer, type TestServer } from '../support/server';
import { rawRequest } from '../support/raw-request';
import { DEMO_SECOND_COUNCIL } from '../../src/server/councils/setup';
import { latestNews, tenders } from '../../db/seed/content';

// The route table is the composition list's, installed as an entry installs it.
installPortalModules();

/**
 * Every guarded route, by every spelling of its path, for a stranger, each staff role and a citizen signed in
 * with their mobile, with every method: nobody gets past the route's declared access (a citizen opens no staff
 * route, no member of staff a citizen's), a spelling that is not canonical is only ever redirected or not
 * found, and nothing is stored.
 *
 * Not the whole product of spellings and identities: the Node entry (src/server/main.ts, keepToCanonicalPath)
 * answers a spelling that normalising changes, or that holds an encoded separator, from the request's path
 * alone, before the router, the session or the access check run, and without reading a header. Who asks cannot
 * change that answer, so those spellings are sent as a stranger, as a member of staff the route refuses and as
 * one the route lets in, with every method, and as one more identity taken in turn (a sampled cross, which
 * over the routes reaches every identity). The canonical spelling is sent as every identity with every method.
 *
 * The other spellings (upper case, a matrix parameter) reach the router, which picks the route from the path
 * alone (Astro's App.match reads only the URL's pathname). They are sent first as a stranger: every guarded
 * route refuses a stranger's GET (401 or a redirect to sign in, guardRoute in src/middleware.ts) before its
 * page or call runs, so a spelling that a stranger is answered "not found" for with every method matched no
 * guarded route, and there is no access to get past: the site's not-found page answers it whoever asks, and it
 * goes out as the sampled identities above, each with one method, the methods taken in turn (the route is
 * picked by the path alone, so the method cannot find one either). A spelling that reached a guarded route
 * (`/cases/1;x` is `/cases/[number]`) goes out as every identity with every method. Each not-found page is a
 * whole page rendered, the bulk of the matrix's cost; so the matrix sends under half the requests of the full
 * product and proves the same refusals.
 */
type Identity = 'stranger' | 'citizen' | Role;
const IDENTITIES: readonly Identity[] = ['stranger', 'citizen', 'user', 'officer', 'editor', 'cashier', 'verifier', 'inspector', 'approver', 'admin'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** A concrete path for each pattern: a content type and an id that exist in the demo data. */
const concrete = (pattern: string) =>
  pattern.replace('[type]', 'latest-news').replace('[id]', '1').replace('[number]', 'NPK-PGR-2026-01-01-000001').replace('[action]', 'assign').replace('[n]', '1');

/** Spellings of a canonical path, and what each must come to. */
const SPELLINGS: Record<string, (path: string) => string> = {
  canonical: (p) => p,
  'double slash': (p) => `/${p}`,
  'triple slash': (p) => `//${p}`,
  'dot segment': (p) => `/.${p}`,
  'dot then double slash': (p) => `/./${p}`,
  backslash: (p) => `/\\${p.slice(1)}`,
  'encoded slash': (p) => (p.lastIndexOf('/') > 0 ? p.replace(/\/(?=[^/]*$)/, '%2F') : `/%2F${p.slice(1)}`),
  'upper case': (p) => p.toUpperCase(),
  'trailing slash': (p) => `${p}/`,
  'matrix parameter': (p) => `${p};x`,
  'dot-dot segment': (p) => `/x/..${p}`,
};
const REDIRECTED = new Set(['double slash', 'triple slash', 'dot segment', 'dot then double slash', 'backslash', 'trailing slash', 'dot-dot segment']);
/** The spellings the Node entry answers from the path alone, before anything reads who is asking. */
const ANSWERED_BY_PATH = new Set([...REDIRECTED, 'encoded slash']);
/** The spellings that reach the router and may match a guarded route or none: a stranger's answers tell which. */
const PROBED = new Set(['upper case', 'matrix parameter']);

const guarded = Object.entries(routeTable()).filter(([, route]) => route.access !== 'public');

interface Outcome {
  status: number;
  location: string | null;
}

/**
 * Its own server: "stores nothing" is judged by the audit log's and the complaints' counts, which a neighbouring
 * file's writes to a shared server would move; so the matrix can run beside other files instead of alone.
 */
let server: TestServer;
beforeAll(async () => {
  // Sessions outlive the matrix however slow the machine: it proves access, not expiry (five minutes by default).
  // A platform of two councils (STATE_HOST makes the demo's second, on its own host): the matrix runs on the
  // first, and then every identity of the first is sent to the second's host, where it must be nobody.
  server = await startServer({ SESSION_MINUTES: '60', STATE_HOST: 'state.test' });
});
afterAll(async () => server.stop());

describe('the access matrix: guarded routes × spellings × identities × methods', () => {
  const credentials: Record<Identity, Record<string, string>> = { stranger: {}, citizen: {}, user: {}, officer: {}, editor: {}, cashier: {}, verifier: {}, inspector: {}, approver: {}, admin: {} };
  const fingerprint = async () => {
    const [audit, complaints] = await Promise.all([
      fetch(`${server.url}/api/Admin/audit?page=1&pageSize=1`, { headers: credentials.admin }),
      fetch(`${server.url}/api/User/complaint?page=1&pageSize=1`, { headers: credentials.admin }),
    ]);
    return `${audit.headers.get('x-total-count')}/${complaints.headers.get('x-total-count')}`;
  };

  beforeAll(async () => {
    credentials.admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
    credentials.user = bearer(await login(USER.email, USER.password, server.url));
    credentials.officer = bearer(await login(OFFICER.email, OFFICER.password, server.url));
    credentials.editor = bearer(await login(EDITOR.email, EDITOR.password, server.url));
    credentials.cashier = bearer(await login(CASHIER.email, CASHIER.password, server.url));
    credentials.verifier = bearer(await login(VERIFIER.email, VERIFIER.password, server.url));
    credentials.inspector = bearer(await login(INSPECTOR.email, INSPECTOR.password, server.url));
    credentials.approver = bearer(await login(APPROVER.email, APPROVER.password, server.url));
    credentials.citizen = { cookie: `citizen_session=${await citizenToken(credentials.admin)}` };
  });

  // Thousands of requests: the limit only stops a hang (the count is printed below).
  it('lets nobody past a route\'s declared access by any spelling, and stores nothing', { timeout: 600_000 }, async () => {
    const before = await fingerprint();
    type Case = { pattern: string; route: RouteDeclaration; spelling: string; identity: Identity; method: string; target: string };
    const cases: Case[] = [];
    const allows = (route: RouteDeclaration, identity: Identity) =>
      identity === 'citizen' ? route.access === 'citizen' : identity !== 'stranger' && Array.isArray(route.access) && route.access.includes(identity);
    /** A stranger, a refused and an admitted member of staff, and one identity more, each taken in turn. */
    const sampled = (route: RouteDeclaration, turn: number) => {
      const refused = IDENTITIES.filter((identity) => identity !== 'stranger' && !allows(route, identity));
      const admitted = IDENTITIES.filter((identity) => allows(route, identity));
      return new Set<Identity>(['stranger', refused[turn % refused.length], admitted[turn % admitted.length], IDENTITIES[turn % IDENTITIES.length]].filter((identity): identity is Identity => identity !== undefined));
    };
    const queue = (batch: Case[], pattern: string, route: RouteDeclaration, spelling: string, target: string, identities: Iterable<Identity>) => {
      for (const identity of identities) {
        // The allowed identity on the canonical path is the one case that is not a refusal.
        if (allows(route, identity) && spelling === 'canonical') continue;
        for (const method of METHODS) batch.push({ pattern, route, spelling, identity, method, target });
      }
    };

    const failures: string[] = [];
    /** The stranger's statuses for each probed spelling of a route, by its target. */
    const strangerStatuses = new Map<string, number[]>();
    const run = async (c: Case): Promise<void> => {
      const withBody = c.method === 'POST' || c.method === 'PUT';
      const outcome: Outcome = await rawRequest(
        server.url,
        c.method,
        c.target,
        { ...credentials[c.identity], ...(withBody ? { 'content-type': 'application/json' } : {}) },
        withBody ? JSON.stringify({ id: 1, title: 'matrix', ward: 'matrix' }) : undefined,
      );
      if (PROBED.has(c.spelling) && c.identity === 'stranger') strangerStatuses.set(c.target, [...(strangerStatuses.get(c.target) ?? []), outcome.status]);
      const problem = judge(c, outcome);
      if (problem) failures.push(`${c.method} ${c.target} as ${c.identity} (${c.spelling}): ${problem} [${outcome.status} ${outcome.location ?? ''}]`);
    };
    // Twenty-four requests in flight at all times, on the kept-alive connections of rawRequest.
    const runAll = async (batch: Case[]) => {
      let next = 0;
      const worker = async () => {
        while (next < batch.length) await run(batch[next++]);
      };
      await Promise.all(Array.from({ length: 24 }, worker));
      cases.push(...batch);
    };

    const first: Case[] = [];
    const probes: { pattern: string; route: RouteDeclaration; spelling: string; target: string; turn: number }[] = [];
    guarded.forEach(([pattern, route], routeIndex) => {
      Object.entries(SPELLINGS).forEach(([spelling, spell], spellingIndex) => {
        const turn = routeIndex + spellingIndex;
        const target = spell(concrete(pattern));
        if (ANSWERED_BY_PATH.has(spelling)) queue(first, pattern, route, spelling, target, sampled(route, turn));
        else if (PROBED.has(spelling)) {
          queue(first, pattern, route, spelling, target, ['stranger']);
          probes.push({ pattern, route, spelling, target, turn });
        } else queue(first, pattern, route, spelling, target, IDENTITIES);
      });
    });
    await runAll(first);
    const second: Case[] = [];
    let reachedRoutes = 0;
    for (const { pattern, route, spelling, target, turn } of probes) {
      const matchedNoGuardedRoute = strangerStatuses.get(target)!.every((status) => status === 404);
      if (!matchedNoGuardedRoute) {
        reachedRoutes++;
        const everyone = new Set(IDENTITIES);
        everyone.delete('stranger');
        queue(second, pattern, route, spelling, target, everyone);
        continue;
      }
      // The stranger's four methods found no route: neither a session nor a method picks one, so the sampled
      // identities go out with one method each, taken in turn (a whole not-found page is rendered for each).
      const identities = sampled(route, turn);
      identities.delete('stranger');
      [...identities].forEach((identity, i) => second.push({ pattern, route, spelling, identity, method: METHODS[(turn + i) % METHODS.length], target }));
    }
    await runAll(second);

    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
    // The size of the matrix, so that a shrinking table shows: 95 routes, 11 spellings, 10 identities (3 or 4 of
    // them for the spellings answered from the path alone or matching no guarded route), 4 methods.
    expect(guarded.length).toBe(95);
    expect(cases.length).toBeGreaterThan(13_000);
    // Some probed spellings do reach a guarded route, and go out as every identity.
    expect(reachedRoutes).toBeGreaterThan(0);
    // Every identity is sent every spelling somewhere in the matrix, and every spelling goes out with every method
    // as every identity.
    for (const spelling of Object.keys(SPELLINGS)) {
      const sent = cases.filter((c) => c.spelling === spelling);
      expect(new Set(sent.map((c) => c.identity)), spelling).toEqual(new Set(IDENTITIES));
      for (const identity of IDENTITIES) expect(new Set(sent.filter((c) => c.identity === identity).map((c) => c.method)), `${spelling} as ${identity}`).toEqual(new Set(METHODS));
    }
    console.log(`access matrix: ${guarded.length} routes × ${Object.keys(SPELLINGS).length} spellings × identities × ${METHODS.length} methods = ${cases.length} requests (${reachedRoutes} probed spellings reached a guarded route)`);
  });

  // The second council's host with the first council's credentials: every identity is a stranger there (the
  // tokens are signed with the first council's key, the sessions are rows of its database), and no answer,
  // guarded or public, carries the first council's records.
  it('lets no identity of one council past any route of another council\'s host, and shows none of its records there', { timeout: 600_000 }, async () => {
    const B_HOST = DEMO_SECOND_COUNCIL.hosts[0];
    const markers = [latestNews[0].title, tenders[0].title, concrete('[number]')];
    const failures: string[] = [];
    const requests: { target: string; identity: Identity; method: string; route: RouteDeclaration; pattern: string }[] = [];
    for (const [pattern, route] of guarded) {
      for (const identity of IDENTITIES) for (const method of ['GET', 'POST']) requests.push({ target: concrete(pattern), identity, method, route, pattern });
    }
    const publicPaths = Object.entries(routeTable()).filter(([pattern, route]) => route.access === 'public' && !pattern.includes('['));
    for (const [pattern, route] of publicPaths) for (const identity of ['stranger', 'admin'] as const) requests.push({ target: pattern, identity, method: 'GET', route, pattern });
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const c = requests[next++];
        const withBody = c.method === 'POST';
        const outcome = await rawRequest(server.url, c.method, c.target, { host: B_HOST, ...credentials[c.identity], ...(withBody ? { 'content-type': 'application/json' } : {}) }, withBody ? JSON.stringify({ id: 1, title: 'matrix' }) : undefined);
        const carried = markers.find((marker) => outcome.body.includes(marker));
        if (carried) failures.push(`${c.method} ${c.target} as the first council's ${c.identity} on ${B_HOST}: carries "${carried}"`);
        if (c.route.access === 'public') continue;
        // Answered as a stranger is, whoever the first council knows the caller to be.
        const asNobody = judge({ ...c, spelling: 'canonical', identity: 'stranger' }, outcome);
        if (asNobody) failures.push(`${c.method} ${c.target} as the first council's ${c.identity} on ${B_HOST}: ${asNobody} [${outcome.status} ${outcome.location ?? ''}]`);
      }
    };
    await Promise.all(Array.from({ length: 24 }, worker));
    expect(failures).toEqual([]);
    expect(requests.length).toBeGreaterThan(guarded.length * IDENTITIES.length * 2);
  });

  // The state's host with every identity a council knows: its console's screens sign none of them in, and a
  // council's own addresses are not found there.
  it('lets no identity of a council into the state console, and answers a council\'s addresses 404 on the state\'s host', async () => {
    const STATE_HOST = 'state.test';
    const failures: string[] = [];
    const screens = guarded.filter(([, route]) => route.access === 'state');
    expect(screens.length).toBe(6);
    for (const [pattern, route] of screens) {
      // On the state's host a screen's address has no /state-console prefix (src/server/councils/console-path.ts).
      const target = concrete(pattern).replace(/^\/state-console/, '') || '/';
      for (const identity of IDENTITIES) {
        for (const method of ['GET', 'POST']) {
          const { cookie, authorization } = { cookie: undefined, authorization: undefined, ...credentials[identity] } as Record<string, string | undefined>;
          // A council's bearer token sent as the state's cookie too: it is signed with another key.
          const token = authorization?.replace(/^Bearer /, '');
          const headers = { host: STATE_HOST, ...(cookie ? { cookie } : token ? { cookie: `session=${token}; state_session=${token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) };
          const outcome = await rawRequest(server.url, method, target, headers, method === 'POST' ? 'action=disable&email=x&password=y' : undefined);
          const ok = route.stateOpen ? outcome.status < 500 && !(outcome.status === 200 && method === 'POST') : outcome.status === 302 && outcome.location?.startsWith('/login?next=');
          if (!ok || outcome.status >= 500) failures.push(`${method} ${target} as the first council's ${identity} on ${STATE_HOST}: [${outcome.status} ${outcome.location ?? ''}]`);
        }
      }
    }
    for (const target of ['/dashboard', '/council-settings', '/home', '/api/Admin/council', '/state-console', '/hi/state-console/audit']) {
      const outcome = await rawRequest(server.url, 'GET', target, { host: STATE_HOST, ...credentials.admin });
      if (outcome.status !== 404) failures.push(`GET ${target} on ${STATE_HOST}: [${outcome.status}] where 404 was expected`);
    }
    expect(failures).toEqual([]);
  });
});

function judge(c: { pattern: string; route: RouteDeclaration; spelling: string; identity: Identity; target: string }, outcome: Outcome): string | null {
  const api = c.pattern.startsWith('/api/');
  const canonicalPath = concrete(c.pattern);
  if (outcome.status >= 200 && outcome.status < 300) return 'a refusal answered 2xx';
  if (outcome.status >= 500) return 'a server error';
  if (REDIRECTED.has(c.spelling)) {
    return outcome.status === 301 && outcome.location === canonicalPath ? null : `expected 301 to ${canonicalPath}`;
  }
  if (c.spelling === 'encoded slash') return outcome.status === 404 ? null : 'expected 404';
  if (c.spelling !== 'canonical') {
    // Upper case and matrix parameters match no route or a guarded one: not found, or the same refusal.
    return [401, 403, 404, 302].includes(outcome.status) ? null : 'expected a refusal or 404';
  }
  // The state console's screens are no address of a council's host, whoever asks, in any method.
  if (c.route.access === 'state') return outcome.status === 404 ? null : 'expected 404: the state console answers on the state\'s host only';
  if (c.route.access === 'citizen') {
    // Only a signed-in citizen opens these; anyone else, staff included, is sent to the citizens' sign-in.
    if (api) return outcome.status === 401 ? null : 'expected 401';
    return outcome.status === 302 && outcome.location?.startsWith('/my/signin?next=') ? null : 'expected a redirect to the citizens\' sign-in';
  }
  // A citizen's session counts for nothing on a staff route: refused as a stranger is.
  if (c.identity === 'stranger' || c.identity === 'citizen') {
    if (api) return outcome.status === 401 ? null : 'expected 401';
    return outcome.status === 302 && outcome.location?.startsWith('/login?next=') ? null : 'expected a redirect to sign in';
  }
  if (api) return outcome.status === 403 ? null : 'expected 403';
  return outcome.status === 302 && outcome.location === '/dashboard' ? null : 'expected a redirect home';
}

describe('mutated paths (property)', () => {
  it('never lets a stranger open a guarded route, however its path is mutated', { timeout: 600_000 }, async () => {
    const { default: fc } = await import('fast-check');
    const { patternForPath, declarationOf } = await import('../../src/server/route-table');
    const { canonicalPathname } = await import('../../src/lib/canonical-path');
    const segments = [...new Set(guarded.flatMap(([pattern]) => concrete(pattern).split('/').filter(Boolean)))];
    const piece = fc.oneof(fc.constantFrom(...segments), fc.constantFrom('', '.', '..', '%2e', '\\', ';x', '%2F', 'x'));
    const target = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom('GET', 'POST', 'DELETE'), async (path, method) => {
        const res = await rawRequest(server.url, method, path);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 200 && res.status < 300) {
          // Only a public route answers a stranger, and only at its canonical path.
          expect(canonicalPathname(path)).toBe(path);
          expect(declarationOf(patternForPath(path))?.access ?? 'public').toBe('public');
        }
        if (res.status === 301) expect(res.location).toBe(canonicalPathname(path));
      }),
      { numRuns: 400 },
    );
  });
});

/** Signs a citizen in on the demo server, whose codes go to the notification log, read there as admin. */
async function citizenToken(admin: Record<string, string>): Promise<string> {
  const mobile = '9000012345';
  const post = (path: string, body: object) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/Citizen/signin', { mobile })).status).toBe(202);
  const log = await (await fetch(`${server.url}/notifications`, { headers: admin })).text();
  const code = new RegExp(`${mobile}</td>[\\s\\S]*?(\\d{6}) is your sign-in code`).exec(log)![1];
  const verified = await post('/api/Citizen/verify', { mobile, code });
  return ((await verified.json()) as { token: string }).token;
}
