import { defineMiddleware, sequence } from 'astro:middleware';
import { declarationOf, homeFor, isApiPattern, mayOpen, pageKey } from './server/route-table';
import { sessionFromRequest } from './server/auth/request-session';
import { citizenFromRequest } from './features/citizen/citizen-request.server';
import './features/start.server';
import { installPortalModules } from './modules';
import { errorResponse, HttpError } from './server/http';
import { hasCitizenCookie, hasSessionCookie, isCacheableRequest, KEPT_HEADERS, pageCacheKey, renderFinished, storePage, versionSnapshot } from './server/page-cache';
import { collectDependencies } from './server/cache/dependencies';
import { SECURITY_HEADERS } from './server/security-headers';
import { compress, preferredEncoding, worthCompressing } from './server/compression';
import { contentSecurityPolicy, type PageArea } from './server/content-security-policy';
import { crossSiteRefusal, servedOverHttps } from './server/request-origin';
import { ensureReady } from './server/ready';
import { withCouncil } from './server/council-context';
import { firstCouncil } from './server/councils/registry';
import { pathIn } from './i18n/lang';
import { fillLastUpdated, hasLastUpdatedMark, lastUpdated } from './server/last-updated';
import { STATE_SESSION_COOKIE, stateAdminOfToken } from './server/councils/state-auth';
import { consolePath } from './server/councils/console-path';

// Astro's pages read the modules (payables, verifiables) through the list installed here, once per process.
installPortalModules();

/**
 * Every request passes these steps in order; each is one job, and any may answer instead of going on.
 *   1. prepareDatabase: the first request under `astro dev` prepares the database (the Node entry did already),
 *      and the rest runs as the work of the request's council.
 *   2. releaseWaitersWhenDone: visitors waiting on this render of a cacheable page are let go when it ends.
 *   3. findRoute: the declaration of the route that matched, and whether it has an address in this language.
 *   4. guardRoute: sessions read for the route's kind, cross-site posts refused, access checked.
 *   5. renderAndCache: the render, its dependencies, the footer's date, headers, and the page cache.
 */
const prepareDatabase = defineMiddleware(async (context, next) => {
  await ensureReady();
  // The state console's screens belong to no council: they run outside every council's context, so that no
  // query of theirs can reach a council's data but through withCouncil (src/server/councils/health.ts).
  if (context.locals.stateConsole) return next();
  // The council the Node entry chose; under `astro dev`, which has no Node entry, the first. Entered again
  // here so that nothing Astro does between the entry and the page can lose it.
  const council = context.locals.council ?? (await firstCouncil());
  context.locals.council = council;
  return withCouncil(council, next);
});

const releaseWaitersWhenDone = defineMiddleware(async (context, next) => {
  const cookie = context.request.headers.get('cookie');
  if (context.locals.stateConsole || !isCacheableRequest(context.request.method, cookie)) return next();
  // The key the Node entry let this render go ahead under: once the answer is ready (stored, when it can
  // be), the visitors waiting for it are let go, even if this one reads it slowly or never.
  const key = pageCacheKey(pathIn(context.locals.lang ?? 'en', pageKey(context.url.pathname, context.url.search)), cookie);
  try {
    return await next();
  } finally {
    renderFinished(key);
  }
});

const findRoute = defineMiddleware((context, next) => {
  const { request, url, routePattern } = context;
  // Decided from the route that will run, never from the URL's text: a pattern nobody declared is refused.
  const route = declarationOf(routePattern);
  if (!route) {
    console.error(`Refused ${request.method} ${url.pathname}: route ${routePattern} declares no access (src/server/route-table.ts).`);
    return errorResponse(new HttpError(404, 'Not found.'));
  }
  context.locals.lang ??= 'en';
  // The state console's screens answer on the state's host alone, and the state's host answers nothing else.
  if ((route.access === 'state') !== (context.locals.stateConsole === true)) return errorResponse(new HttpError(404, 'Not found.'));
  // Only the public pages (and their feeds), the citizens' own pages and the case desk have Hindi addresses:
  // /hi/login or /hi/api/… is no page of ours.
  const hasHindi = ((route.access === 'public' || route.access === 'citizen' || route.access === 'state') && !isApiPattern(routePattern) && !route.englishOnly) || route.staffHindi === true;
  if (context.locals.lang !== 'en' && !hasHindi) return errorResponse(new HttpError(404, 'Not found.'));
  context.locals.route = route;
  return next();
});

/** What an account with a one-time password (new, or reset by an admin) may still open: the page and calls that change it, and signing out. */
const PASSWORD_CHANGE_ROUTES = new Set(['/account', '/api/account/change-password', '/api/account/logout', '/api/account/renew']);

const guardRoute = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  const route = context.locals.route!;
  if (route.access === 'state') return guardStateScreen(context, next);
  const api = isApiPattern(context.routePattern);
  const isPublic = route.access === 'public';
  const forCitizens = route.access === 'citizen';
  // A citizen route reads the citizen's session and nothing else; every other route reads staff sessions
  // only. So a citizen's cookie or token never opens a staff route, nor a staff one a citizen's.
  const { session } = forCitizens || (isPublic && !hasSessionCookie(request.headers.get('cookie')))
    ? { session: null }
    : await sessionFromRequest(request, context.cookies, { touch: !route.idleUnchanged });
  context.locals.session = session;
  context.locals.citizen = forCitizens ? await citizenFromRequest(request, context.cookies, servedOverHttps(context)) : null;

  // A browser's cross-site post is refused whatever it carries: with the victim's cookie it would act as
  // them, and to the sign-in routes it would sign the victim into an account of the attacker's choosing.
  const refusal = route.crossSite ? null : crossSiteRefusal(request);
  if (refusal) return errorResponse(refusal);

  if (forCitizens && !context.locals.citizen) {
    if (api) return errorResponse(new HttpError(401, 'Please sign in with your mobile number.'));
    return context.redirect(pathIn(context.locals.lang, `/my/signin?next=${encodeURIComponent(url.pathname + url.search)}`), 302);
  }
  // With a one-time password (a new account, a forced reset) the account opens its own password change and nothing else until it is done.
  if (session?.user.mustChangePassword && !isPublic && !forCitizens && !PASSWORD_CHANGE_ROUTES.has(context.routePattern.toLowerCase())) {
    if (api) return errorResponse(new HttpError(403, 'Choose your own password first: the one-time password an admin gave works only for that.'));
    return context.redirect('/account?reset=1', 302);
  }
  if (!isPublic && !forCitizens && !mayOpen(route.access, session?.user.role)) {
    // A staff form sent after its session ended is kept, never acted on, by the page itself.
    if (!session && route.draftWithoutSession && request.method === 'POST' && !api) return next();
    if (!session) {
      if (api) return errorResponse(new HttpError(401, 'Please sign in.'));
      return context.redirect(`/login?next=${encodeURIComponent(pathIn(context.locals.lang, url.pathname) + url.search)}`, 302);
    }
    if (api) return errorResponse(new HttpError(403, 'Your account may not do this.'));
    return context.redirect(homeFor(session.user.role), 302);
  }
  return next();
});

/**
 * A state console screen reads the state's own session cookie and nothing of any council's: a council's cookie
 * is not even looked at, and a council's token in the state's cookie fails its signature (another key).
 */
async function guardStateScreen(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], next: () => Promise<Response>): Promise<Response> {
  const { request, url } = context;
  const route = context.locals.route!;
  context.locals.session = null;
  context.locals.stateAdmin = await stateAdminOfToken(context.cookies.get(STATE_SESSION_COOKIE)?.value);
  const refusal = crossSiteRefusal(request);
  if (refusal) return errorResponse(refusal);
  if (!context.locals.stateAdmin && !route.stateOpen) {
    const here = consolePath(context.locals.lang, url.pathname) + url.search;
    return context.redirect(consolePath(context.locals.lang, `/login?next=${encodeURIComponent(here)}`), 302);
  }
  const answer = await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!answer.headers.has(name)) answer.headers.set(name, value);
  answer.headers.set('cache-control', 'private, no-store');
  if ((answer.headers.get('content-type') ?? '').startsWith('text/html')) answer.headers.set('content-security-policy', contentSecurityPolicy('backoffice'));
  return answer;
}

const noSuchApiAddress = () => errorResponse(new HttpError(404, 'There is no such API address, or it does not take that method.'));

const renderAndCache = defineMiddleware(async (context, next) => {
  const { request, url, routePattern } = context;
  const route = context.locals.route!;
  const session = context.locals.session;
  const api = isApiPattern(routePattern);
  const isPublic = route.access === 'public';
  const forCitizens = route.access === 'citizen';
  // Anything a signed-in visitor (staff or citizen) is answered is never cached, nor kept for others.
  const signedIn = session !== null || !!context.locals.citizen || hasCitizenCookie(request.headers.get('cookie'));
  // The render runs inside a collector, which learns the tables its queries read and the moment it stops
  // being true: what the page cache files it under. The body is read inside it too, as a page's sections
  // render while its body streams.
  const versionsAtStart = versionSnapshot();
  const render = async () => {
    let answer = await next();
    // An API route asked with a method it lacks answers an empty 404, which Astro would render again as the
    // site's HTML not-found page (its frame's database reads included) only for it to be thrown away below:
    // a stranger's request costs a page. The JSON error is answered at once instead.
    if (api && answer.status === 404 && answer.body === null) answer = noSuchApiAddress();
    // Any other API address no route answers in full (an id that is not one) falls through to the site's HTML
    // not-found page; API clients get the JSON error shape instead.
    if (url.pathname.startsWith('/api/') && (answer.headers.get('content-type') ?? '').startsWith('text/html')) answer = noSuchApiAddress();
    const contentType = answer.headers.get('content-type') ?? '';
    const html = contentType.startsWith('text/html');
    const publicApi = api && isPublic && contentType.startsWith('application/json');
    // Pages are read whole (the page cache keeps the body). Other answers (files, the API's JSON) stream through.
    const whole = html || (publicApi && !signedIn);
    return { response: answer, contentType, html, publicApi, body: whole ? new Uint8Array(await answer.arrayBuffer()) : null };
  };
  // What an answer read matters only to the page cache and to an HTML page's "Last updated". An API answer
  // that is never kept (its route is uncached, or the visitor writes or is signed in: a payer's steps) is
  // rendered without the collector, whose work would otherwise come with every query it makes.
  const read = request.method === 'GET' || request.method === 'HEAD';
  const mayBeKept = !api || (read && !route.uncached && !signedIn);
  const { result: rendered, dependencies } = mayBeKept ? await collectDependencies(render) : { result: await render(), dependencies: null };
  const { response, contentType, html, publicApi } = rendered;
  let { body } = rendered;
  // The footer's "Last updated" is known only now that every part of the page has run its queries. A page
  // that is not what was asked for (not found, a refused form) gets no date.
  if (html && body && hasLastUpdatedMark(body)) {
    const when = response.status === 200 && dependencies ? await lastUpdated(dependencies.contentTables, context.locals.fixedTextDate) : null;
    body = fillLastUpdated(body, when, context.locals.lang);
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (!body) {
    if (!isPublic || signedIn) response.headers.set('cache-control', 'private, no-store');
    return response;
  }
  const headers = new Headers(response.headers);
  if (html) headers.set('content-security-policy', contentSecurityPolicy(areaOf(routePattern, isPublic || forCitizens)));
  if (!isPublic || signedIn) {
    headers.set('cache-control', 'private, no-store');
    return compressedAnswer(request, body, response.status, headers);
  }

  // The layout marks a page public while it renders, so the body must be read before the flag is known. A
  // public route's answer that is not everyone's (a form's one-time token, a payer's own transaction, the
  // answer to a posted form) is kept by nobody, neither here nor by a proxy on the way.
  const shared = read && !route.uncached && (context.locals.publicPage || publicApi);
  if (!shared) headers.set('cache-control', 'private, no-store');
  else if (dependencies && request.method === 'GET' && response.status === 200 && !response.headers.has('set-cookie')) {
    const kept = Object.fromEntries(KEPT_HEADERS.filter((h) => headers.has(h)).map((h) => [h, headers.get(h)!]));
    storePage(pageCacheKey(pathIn(context.locals.lang, pageKey(url.pathname, url.search)), request.headers.get('cookie')), versionsAtStart, dependencies, body, contentType, kept);
    headers.set('cache-control', 'public, max-age=0, must-revalidate');
    headers.set('vary', 'Accept-Encoding, Cookie');
  }
  return compressedAnswer(request, body, response.status, headers);
});

/** The state console's screens are answered by guardStateScreen, uncached; every other route renders here. */
const renderUnlessState = defineMiddleware((context, next) => (context.locals.route?.access === 'state' ? next() : renderAndCache(context, next)));

export const onRequest = sequence(prepareDatabase, releaseWaitersWhenDone, findRoute, guardRoute, renderUnlessState);

/** A whole body, compressed when the client takes it and it is worth it: the first render as much as a cached copy. */
function compressedAnswer(request: Request, body: Uint8Array<ArrayBuffer>, status: number, headers: Headers): Response {
  const encoding = preferredEncoding(request.headers.get('accept-encoding'));
  if (!encoding || headers.has('content-encoding') || !worthCompressing(headers.get('content-type') ?? '', body.byteLength)) {
    return new Response(body, { status, headers });
  }
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(compress(body, encoding)), { status, headers });
}

/** The sign-in page belongs to the back office: nobody may frame it either. */
function areaOf(routePattern: string, isPublic: boolean): PageArea {
  return isPublic && routePattern !== '/login' ? 'public' : 'backoffice';
}
