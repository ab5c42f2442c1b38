import type { Role } from '../lib/roles';

/**
 * Every route of src/pages, by the pattern Astro matched it with (`context.routePattern`), with who may open
 * it, the query parameters it reads and, for back office pages, its place in the sidebar. Each module declares
 * its own routes (`routes` in src/features/<feature>/module.ts) and the composition list hands them all to
 * this table. Access is decided from it and the route that actually runs, never from the text of the URL; a
 * route missing here is refused (and a test fails), so nothing is public by accident.
 */
/**
 * 'public': anyone. 'citizen': a citizen signed in with their mobile (src/features/citizen), never a member of
 * staff: the middleware reads only the citizen's session for these routes, and only staff sessions for the
 * role lists. 'state': the state console, on the state's host only, for a state administrator (no council's
 * session is read for it; on a council's host it is not found). A role list: staff with one of those roles.
 */
export type RouteAccess = 'public' | 'citizen' | 'state' | readonly Role[];

export interface RouteDeclaration {
  access: RouteAccess;
  /** The query parameters the route reads. The page cache keys on these alone; others never reach a cached render. */
  query?: readonly string[];
  /** A public page whose answer depends on a free-text parameter (search) is rendered each time, never cached. */
  uncached?: true;
  /** A public route with no Hindi address under /hi: files, machine-readable answers and the sign-in page. */
  englishOnly?: true;
  /**
   * Posted to by another site's page on purpose (a payment gateway sending its payer back, its webhook): the
   * cross-site refusal is not applied. Such a route reads no session and trusts nothing it is sent unverified.
   */
  crossSite?: true;
  /** A back office page that also has a Hindi address under /hi (the case desk: officers who read Hindi). */
  staffHindi?: true;
  /**
   * A staff page whose form may arrive after the session ended: the post reaches the page without a session,
   * which keeps it as a draft for the officer its signed form names and does nothing else (the case page).
   */
  draftWithoutSession?: true;
  /**
   * Reads the session without counting as activity: its idle end is not moved (the screens' session watch
   * asking how long is left, which must not itself keep an unattended screen signed in).
   */
  idleUnchanged?: true;
  /** A state console screen reached without a state session: its sign-in, and signing out. */
  stateOpen?: true;
  /** Where staff land after signing in (the dashboard), for each role that may open it. */
  staffLanding?: true;
  /**
   * Its entry in the back office sidebar: under its area's heading, in table order, for every role that may
   * open it (src/server/admin-nav.ts). `shownTo` narrows a public page's entry to the staff it serves.
   */
  nav?: { group: NavGroup; label: string; shownTo?: readonly Role[] };
}

/** The sidebar's areas, in the order they are shown: the dashboard first, without a heading. */
export const NAV_GROUPS = ['home', 'content', 'services', 'revenue', 'settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

let table: Readonly<Record<string, RouteDeclaration>> | undefined;
let byLowerCasePattern = new Map<string, RouteDeclaration>();
let dynamic: { pattern: string; regex: RegExp }[] = [];

/**
 * Installs every route, in order, as the composition list declares them (each module's `routes`, in module
 * order: src/modules.ts). The server knows no route of its own: it is handed them once, before the first
 * request, by each entry (the Node entry and Astro's middleware). Installing the same list again changes nothing.
 */
export function installRoutes(routes: Readonly<Record<string, RouteDeclaration>>): void {
  if (table === routes) return;
  table = routes;
  // Astro reports the pattern it matched in lower case (`/api/admin/[type]`), whatever the file is called.
  byLowerCasePattern = new Map(Object.entries(table).map(([pattern, route]) => [pattern.toLowerCase(), route]));
  // Literal paths match exactly; the dynamic patterns are tried after them, ranked as Astro ranks them.
  dynamic = Object.keys(table)
    .filter((pattern) => pattern.includes('['))
    .map((pattern) => ({ pattern, regex: patternRegex(pattern), rank: segmentRanks(pattern) }))
    .sort((a, b) => compareRanks(a.rank, b.rank))
    .map(({ pattern, regex }) => ({ pattern, regex }));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|\\]/g, '\\$&');

/** `[name]` is one segment's text (or part of one: `requests.[format]`), `/[...rest]` any number of segments, none included. */
function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split(/(\/\[\.\.\.[^\]]+\]|\[[^\]]+\])/)
    .map((part) => (part.startsWith('/[...') ? '(?:/.*)?' : part.startsWith('[') ? '[^/]+' : escapeRegex(part)))
    .join('');
  return new RegExp(`^${body}$`);
}

/** Per segment: 0 plain text, 1 a parameter in it, 2 a rest parameter. Astro tries the lower ranks first, segment by segment. */
function segmentRanks(pattern: string): number[] {
  return pattern.split('/').slice(1).map((segment) => (segment.startsWith('[...') ? 2 : segment.includes('[') ? 1 : 0));
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? -1) - (b[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Every route, in order. Read before an entry installed them, the table would refuse every page: that is a
 * start that forgot the composition list, and it fails loudly instead.
 */
export function routeTable(): Readonly<Record<string, RouteDeclaration>> {
  if (!table) throw new Error('the route table was read before an entry installed the composition list (src/modules.ts)');
  return table;
}

/** The declaration of the route Astro matched; undefined for a pattern nobody declared (refuse it). */
export function declarationOf(pattern: string | undefined): RouteDeclaration | undefined {
  routeTable();
  return pattern === undefined ? undefined : byLowerCasePattern.get(pattern.toLowerCase());
}

export function isApiPattern(pattern: string): boolean {
  return pattern.startsWith('/api/');
}

/** Whether a member of staff with this role (or nobody) may open a route. Never a citizen's or the state's route: staff are neither here. */
export function mayOpen(access: RouteAccess, role: Role | undefined): boolean {
  if (access === 'public') return true;
  if (access === 'citizen' || access === 'state') return false;
  return role !== undefined && access.includes(role);
}

/**
 * Where a member of staff lands after signing in, and when they open a page their role may not: the one
 * dashboard, which shows each role what waits for it: the route declared `staffLanding`, else their account.
 */
export function homeFor(role: Role): string {
  const landing = Object.entries(routeTable()).find(([, route]) => route.staffLanding && mayOpen(route.access, role));
  return landing?.[0] ?? '/account';
}

/**
 * The pattern a canonical path will be served by, for the Node entry that must key the page cache before
 * Astro routes the request. Astro remains the authority on routing; this only picks the query parameters kept.
 */
export function patternForPath(pathname: string): string | undefined {
  if (Object.hasOwn(routeTable(), pathname) && !pathname.includes('[')) return pathname;
  return dynamic.find((route) => route.regex.test(pathname))?.pattern;
}

/**
 * Parameters whose repeats all count, in their order (designations, listed in the order asked); every other
 * parameter is read once, the first value.
 */
const REPEATABLE_QUERY = new Set(['designations']);

/** `007` and `7` ask for the same page: whole numbers are keyed without leading zeros. */
const canonicalValue = (value: string) => (/^\d{1,15}$/.test(value) ? String(Number(value)) : value);

/**
 * The cache key of a GET: the path with only the query parameters its route reads, in one canonical form:
 * names sorted, a parameter read once keeps only its first value (which is the one the route reads), a
 * repeatable one its distinct values, whole numbers without leading zeros. `/home?x=1` is `/home`, and
 * `/notice?page=1&page=1…` is `/notice?page=1`, so a stranger cannot fill the cache with spellings of one page.
 * Only cached routes (public, not marked uncached) are reduced; any other path keeps its query as it came.
 */
export function pageKey(pathname: string, search: string): string {
  const route = declarationOf(patternForPath(pathname));
  if (!route || route.access !== 'public' || route.uncached) return pathname + (search === '?' ? '' : search);
  const declared = route.query ?? [];
  if (declared.length === 0 || search === '' || search === '?') return pathname;
  const sent = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...declared].sort()) {
    const values = sent.getAll(name);
    if (values.length === 0) continue;
    const chosen = REPEATABLE_QUERY.has(name) ? [...new Set(values)] : [values[0]];
    for (const value of chosen) kept.append(name, canonicalValue(value));
  }
  const query = kept.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}
