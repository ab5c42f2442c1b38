/**
 * One spelling per path. The Node entry answers any other spelling before Astro (and the access check) sees
 * it: `//x`, `/./x`, `/a/../x`, `\x` and `/x/` are sent to `/x` with a 301, and an encoded slash or
 * backslash, which no route of ours has, is not found. So the router and everything that looks at the path
 * always agree on what was asked for.
 */
export type PathVerdict = { kind: 'canonical' } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

const ENCODED_SEPARATOR = /%(2f|5c)/i;
// WHATWG URL parsing treats %2e as a dot in dot segments, so they are decoded before segments are resolved.
const ENCODED_DOT = /%2e/gi;

/** The canonical form of a path (no query): single slashes, dot segments resolved, no trailing slash. */
export function canonicalPathname(path: string): string {
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').replace(ENCODED_DOT, '.').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Judges a request target as Node received it (path and query, never a full URL). */
export function judgeRequestTarget(target: string): PathVerdict {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  if (!path.startsWith('/') || ENCODED_SEPARATOR.test(path)) return { kind: 'not-found' };
  const canonical = canonicalPathname(path);
  return canonical === path ? { kind: 'canonical' } : { kind: 'redirect', location: canonical + query };
}

/**
 * A path a visitor may be sent back to after signing in: only a path on this site that is already in its
 * canonical form, and not the sign-in page itself. Anything a browser could read otherwise ('//evil.example',
 * '/.//evil.example/x' which URL parsing turns into '//evil.example/x', '/\\evil.example') needs normalising,
 * and is refused for it.
 */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 300 || /[\u0000-\u001f]/.test(raw)) return null;
  if (judgeRequestTarget(raw).kind !== 'canonical') return null;
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  return path.toLowerCase() === '/login' ? null : raw;
}

/**
 * Segments of letters, digits and `-_.~` (none a dot segment, none empty): what URL parsing leaves exactly as
 * it is in a path. Most requests are such a path without a query.
 */
const PLAIN_PATH = /^(?:\/|(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+)$/;

/**
 * A canonical request target's path and query as URL parsing gives them (percent-encoded where it encodes).
 * A plain path comes back as it is, without a parse: this is asked on every request, before the cache.
 */
export function pathAndQuery(target: string): { pathname: string; search: string } {
  if (PLAIN_PATH.test(target)) return { pathname: target, search: '' };
  const url = new URL(target, 'http://canonical.invalid');
  return { pathname: url.pathname, search: url.search };
}
