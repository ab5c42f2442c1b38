import { defineMiddleware } from 'astro:middleware';
import { accessFor, homeFor } from './server/auth/guard';
import { sessionFromRequest } from './server/auth/request-session';
import { errorResponse, HttpError } from './server/http';
import { hasSessionCookie, KEPT_HEADERS, storePage, versionSnapshot } from './server/page-cache';
import { collectDependencies } from './server/cache/dependencies';
import { SECURITY_HEADERS } from './server/security-headers';
import { contentSecurityPolicy, type PageArea } from './server/content-security-policy';
import { ensureReady } from './server/ready';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  await ensureReady();
  const { request, url } = context;
  const access = accessFor(url.pathname);
  const { session, via } = access.kind === 'public' && !hasSessionCookie(request.headers.get('cookie'))
    ? { session: null, via: null }
    : await sessionFromRequest(request, context.cookies);
  context.locals.session = session;

  // A browser sends the session cookie on cross-site form posts too; refuse writes that come from elsewhere.
  // Bearer-token callers (the mobile app) cannot be driven cross-site, so they need no such check.
  if (via === 'cookie' && STATE_CHANGING.has(request.method)) {
    // Compared with the Host header: Astro's own url names no port unless allowedDomains is set, and a
    // forged cross-site request cannot choose the Host its victim's browser sends.
    const origin = request.headers.get('origin');
    if (origin !== null && originHost(origin) !== request.headers.get('host')) {
      return errorResponse(new HttpError(403, 'This request came from another site and was refused.'));
    }
  }

  if (access.kind !== 'public') {
    if (!session) {
      if (access.kind === 'api') return errorResponse(new HttpError(401, 'Please sign in.'));
      return context.redirect(`/login?next=${encodeURIComponent(url.pathname)}`, 302);
    }
    if (!access.roles.includes(session.user.role)) {
      if (access.kind === 'api') return errorResponse(new HttpError(403, 'Your account may not do this.'));
      return context.redirect(homeFor(session.user.role), 302);
    }
  }

  // The render runs inside a collector, which learns the tables its queries read and the moment it stops
  // being true: what the page cache files it under. The body is read inside it too, as a page's sections
  // render while its body streams.
  const versionsAtStart = versionSnapshot();
  const { result: rendered, dependencies } = await collectDependencies(async () => {
    let answer = await next();
    // An API address no route answers in full (a method it lacks, an id that is not one) falls through to the
    // site's HTML not-found page; API clients get the JSON error shape instead.
    if (url.pathname.startsWith('/api/') && (answer.headers.get('content-type') ?? '').startsWith('text/html')) {
      answer = errorResponse(new HttpError(404, 'There is no such API address, or it does not take that method.'));
    }
    const contentType = answer.headers.get('content-type') ?? '';
    const html = contentType.startsWith('text/html');
    const publicApi = url.pathname.startsWith('/api/Public/') && contentType.startsWith('application/json');
    // Pages are read whole: their policy names the hashes of the inline scripts they carry, and the page
    // cache keeps the body. Other answers (files, the API's JSON) stream through untouched.
    const whole = html || (publicApi && !session);
    return { response: answer, contentType, html, publicApi, body: whole ? new Uint8Array(await answer.arrayBuffer()) : null };
  });
  const { response, contentType, html, publicApi, body } = rendered;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (!body) {
    if (access.kind !== 'public' || session) response.headers.set('cache-control', 'private, no-store');
    return response;
  }
  const headers = new Headers(response.headers);
  if (html) headers.set('content-security-policy', contentSecurityPolicy(new TextDecoder().decode(body), areaOf(url.pathname, access)));
  if (access.kind !== 'public' || session) {
    headers.set('cache-control', 'private, no-store');
    return new Response(body, { status: response.status, headers });
  }

  const cacheable = request.method === 'GET' && response.status === 200 && !response.headers.has('set-cookie');
  // The layout marks a page public while it renders, so the body must be read before the flag is known.
  if (cacheable && (context.locals.publicPage || publicApi)) {
    const kept = Object.fromEntries(KEPT_HEADERS.filter((h) => headers.has(h)).map((h) => [h, headers.get(h)!]));
    storePage(url.pathname + url.search, versionsAtStart, dependencies, body, contentType, kept);
  }
  if (cacheable) {
    headers.set('cache-control', 'public, max-age=0, must-revalidate');
    headers.set('vary', 'Accept-Encoding, Cookie');
  }
  return new Response(body, { status: response.status, headers });
});

/** The sign-in page belongs to the back office: nobody may frame it either. */
function areaOf(pathname: string, access: ReturnType<typeof accessFor>): PageArea {
  return access.kind === 'public' && pathname.replace(/\/+$/, '').toLowerCase() !== '/login' ? 'public' : 'backoffice';
}
