import type { Role } from './db-schema';

/**
 * Every route of src/pages, by the pattern Astro matched it with (`context.routePattern`), with who may open
 * it, the query parameters it reads and, for back office pages, its place in the sidebar. Access is decided
 * from this table and the route that actually runs, never from the text of the URL; a route missing here is
 * refused (and a test fails), so nothing is public by accident.
 */
/**
 * 'public': anyone. 'citizen': a citizen signed in with their mobile (src/features/citizen), never a member of
 * staff: the middleware reads only the citizen's session for these routes, and only staff sessions for the
 * role lists. A role list: staff with one of those roles.
 */
export type RouteAccess = 'public' | 'citizen' | readonly Role[];

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
  /**
   * Its entry in the back office sidebar: under its area's heading, in table order, for every role that may
   * open it (src/server/admin-nav.ts). `shownTo` narrows a public page's entry to the staff it serves.
   */
  nav?: { group: NavGroup; label: string; shownTo?: readonly Role[] };
}

/** The sidebar's areas, in the order they are shown: the dashboard first, without a heading. */
export const NAV_GROUPS = ['home', 'content', 'services', 'revenue', 'settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

const PUBLIC = 'public';
const CITIZEN = 'citizen';
const ADMIN: readonly Role[] = ['admin'];
/** The complaint desk and admins. */
const STAFF: readonly Role[] = ['admin', 'user'];
/** Everyone who works on grievances: the desk, admins and field officers (who see only their own). */
const GRIEVANCE_STAFF: readonly Role[] = ['admin', 'user', 'officer'];
/** Who works on content: admins, and editors who write drafts for them to publish. */
export const CONTENT_STAFF: readonly Role[] = ['admin', 'editor'];
/** Who may read a content item's revisions; restoring one is an admin's, like publishing. */
export const CONTENT_EDITORS: readonly Role[] = CONTENT_STAFF;
/** Every role signs in with a password: each may change its own and keep its session alive. */
const EVERY_ROLE: readonly Role[] = ['admin', 'user', 'officer', 'editor', 'cashier', 'verifier', 'inspector', 'approver'];
/** The trade licence's stages: a document verifier, a field inspector and an approver. */
const LICENCE_REVIEWERS: readonly Role[] = ['admin', 'verifier', 'inspector', 'approver'];
/** Everyone who works on a service's cases: grievance staff and the licence's reviewers. */
const CASE_STAFF: readonly Role[] = ['admin', 'user', 'officer', 'verifier', 'inspector', 'approver'];
/** Who takes money at the counter: cashiers, and admins. */
const COUNTER: readonly Role[] = ['admin', 'cashier'];
/** Who reads the tax register and its reports. */
const TAX_STAFF: readonly Role[] = ['admin', 'cashier'];
/**
 * The routes of the server and of the features that are not content types. Each content type's own pages (its
 * public list and item pages, its admin screen) are derived from its declaration and registered at start
 * (src/features/content-routes.ts): see `registerRoutes`.
 */
const FIXED_ROUTES = {
  // Public pages (SPEC.md §2).
  '/': { access: PUBLIC },
  '/home': { access: PUBLIC },
  '/404': { access: PUBLIC },
  // Grievances. Pages showing due dates and overdue badges depend on the clock: uncached until
  // the page cache can expire a page at a moment.
  '/viewgrievance': { access: PUBLIC, query: ['status', 'page'], uncached: true },
  // Cached like any page: its form's token is shared by the visitors of a cached copy (form-submission.ts).
  '/postgrievance': { access: PUBLIC, query: ['lodged'] },
  '/trackgrievance': { access: PUBLIC, query: ['number'], uncached: true },
  // "Me too" on an open grievance (from the similar list of /postgrievance and from tracking).
  '/metoo': { access: PUBLIC, query: ['number', 'counted'], uncached: true },
  // A follower's link to confirm the mobile or email given with a "me too" (src/features/cases/supporter-consent.server.ts).
  '/metoo/confirm': { access: PUBLIC, query: ['token'], uncached: true },
  // Alerts for a ward (src/features/ward-alerts): the form holds a one-time token and offers SMS to a signed-in
  // citizen; the confirm and stop pages read their link's token; a ward's feed depends on the clock's 30 days.
  '/ward-alerts': { access: PUBLIC, query: ['ward'], uncached: true },
  '/ward-alerts/confirm': { access: PUBLIC, query: ['token'], uncached: true },
  '/ward-alerts/unsubscribe': { access: PUBLIC, query: ['token'], uncached: true },
  '/wards/[ward]/grievances.rss': { access: PUBLIC, uncached: true },
  // Open311 GeoReport v2: one route answers every address under /open311/ (src/features/grievance/open311.server.ts).
  '/open311/[...path]': { access: PUBLIC, englishOnly: true, query: ['service_request_id', 'service_code', 'status', 'start_date', 'end_date', 'jurisdiction_id'], uncached: true },
  // Property tax: a demand is found by number and mobile, posted (never in a URL), and the answer to a post is
  // never cached. The empty form is the same for everyone and is cached, as it is what a crowd opens in the
  // last days before the rebate ends; ?txn= is the payer's own transaction, which the page keeps uncached.
  '/paypropertytax': { access: PUBLIC, query: ['txn', 'number'] },
  '/viewpropertytax': { access: PUBLIC, query: ['number'] },
  '/verify': { access: PUBLIC, query: ['number', 'code'], uncached: true },
  '/verify/[number]': { access: PUBLIC, query: ['code'], uncached: true },
  '/receipt/[file]': { access: PUBLIC, englishOnly: true, uncached: true },
  '/payments/return': { access: PUBLIC, englishOnly: true, query: ['txn'], uncached: true, crossSite: true },
  // The gateway simulator (PAYMENT_GATEWAY=simulator; not found otherwise), speaking Razorpay's protocol.
  '/gateway-simulator/v1/[...path]': { access: PUBLIC, englishOnly: true, uncached: true },
  '/gateway-simulator/v1/checkout/embedded': { access: PUBLIC, englishOnly: true, uncached: true, crossSite: true },
  // Trade licences: the form (cached, its token shared as on every form page) shows a fee worked out from the
  // query; tracking and paying are each the applicant's own. The certificate is made once for each state of
  // its licence and kept (src/features/trade-licence/certificate-store.server.ts), not in the page cache.
  '/tradelicense': { access: PUBLIC, query: ['applied', 'tradeType', 'structure', 'kind', 'area', 'employees', 'financialYear'] },
  '/tradelicense/register': { access: PUBLIC, query: ['q', 'ward', 'page'], uncached: true },
  '/tradelicense/track': { access: PUBLIC, query: ['txn', 'number'], uncached: true },
  '/tradelicense/certificate/[file]': { access: PUBLIC, englishOnly: true, uncached: true },
  '/listofholiday': { access: PUBLIC },
  '/holiday-calendar/[year].svg': { access: PUBLIC },
  '/contactus': { access: PUBLIC },
  '/privacypolicy': { access: PUBLIC },
  '/search': { access: PUBLIC, query: ['q'], uncached: true },
  '/media/[file]': { access: PUBLIC, englishOnly: true, query: ['name'] },
  '/login': { access: PUBLIC, query: ['next', 'expired'], uncached: true },
  // A citizen's own place, signed in with their mobile. Signing in and out is open to anyone; what a
  // signed-in citizen sees is theirs alone, so never cached (page-cache.ts knows their cookie too). The sign-in
  // form is everyone's, and cached, except for a visitor between its two steps (their mobile, in a cookie).
  '/my/signin': { access: PUBLIC, query: ['step', 'next', 'out'] },
  '/my/signout': { access: PUBLIC, uncached: true },
  '/my': { access: CITIZEN },
  '/my/cases/[number]': { access: CITIZEN, query: ['done'] },
  // About the site itself (GIGW).
  '/website-policies': { access: PUBLIC },
  '/website-policies/[policy]': { access: PUBLIC },
  '/help': { access: PUBLIC },
  '/screen-reader-access': { access: PUBLIC },
  '/accessibility-statement': { access: PUBLIC },
  '/feedback': { access: PUBLIC, query: ['sent'] },
  '/sitemap': { access: PUBLIC },
  '/sitemap.xml': { access: PUBLIC, englishOnly: true },
  '/feeds/[feed].xml': { access: PUBLIC },
  '/display-settings': { access: PUBLIC, englishOnly: true },
  // Items past their valid-until, per type; searchable by free text, so rendered each time.
  '/archive/[type]': { access: PUBLIC, query: ['q', 'page'], uncached: true },

  // Back office pages, each area of the sidebar in its order (src/server/admin-nav.ts).
  // Every role's landing: what waits for that role (src/pages/dashboard.astro).
  '/dashboard': { access: EVERY_ROLE, nav: { group: 'home', label: 'Dashboard' } },
  // Content: each content type's admin screen (registered at start, here), then the review and the site's own words.
  '/review-queue': { access: CONTENT_STAFF, nav: { group: 'content', label: 'Review Queue' } },
  '/alerts': { access: ADMIN, nav: { group: 'content', label: 'Alerts' } },
  '/translations': { access: ADMIN, query: ['type', 'status'], nav: { group: 'content', label: 'Translations' } },
  // Citizen services: every service's cases, the grievance desk, and what citizens were sent or sent in.
  // The one inbox and case page of every service (grievances, and each service on the case kernel).
  '/cases': { access: CASE_STAFF, staffHindi: true, query: ['q', 'sort', 'service', 'state', 'ward', 'category', 'assignee', 'overdue', 'page', 'format'], nav: { group: 'services', label: 'Case Inbox' } },
  '/cases/[number]': { access: CASE_STAFF, staffHindi: true, draftWithoutSession: true, query: ['done', 'draft', 'draft_key'] },
  // The grievance desk's old addresses: they lead to the inbox and the case page.
  '/grievances': { access: GRIEVANCE_STAFF, query: ['q', 'sort', 'state', 'ward', 'category', 'officer', 'overdue', 'page'] },
  '/grievances/[number]': { access: GRIEVANCE_STAFF, query: ['done'] },
  // The grievance's redaction panel on the case page posts here.
  '/grievances/[number]/redact': { access: STAFF },
  '/inquiry': { access: STAFF, nav: { group: 'services', label: 'Add/View Grievance' } },
  // The desk's old landing: it leads to the one dashboard.
  '/userdashboard': { access: STAFF },
  // Public, but listed here for its place among the desk's entries.
  '/grievance-performance': { access: PUBLIC, uncached: true, nav: { group: 'services', label: 'Grievance Performance', shownTo: GRIEVANCE_STAFF } },
  '/feedback-inbox': { access: ADMIN, query: ['page'], nav: { group: 'services', label: 'Feedback' } },
  '/notifications': { access: ADMIN, query: ['page', 'status'], nav: { group: 'services', label: 'Notifications' } },
  // Revenue: the counter, its registers and reports, the tax register and the online payments to give back.
  '/counter': { access: COUNTER, query: ['number', 'done'], nav: { group: 'revenue', label: 'Tax Counter' } },
  '/collection-register': { access: COUNTER, query: ['date', 'format', 'done'], nav: { group: 'revenue', label: 'Collection Register' } },
  // The tax reports and notices: the counter answers a payer's "what do I owe" and the collection staff chase
  // arrears, so cashiers read them as admins do; nothing here changes anything.
  '/tax-collection': { access: TAX_STAFF, query: ['date', 'period', 'lang', 'format'], nav: { group: 'revenue', label: 'Collection vs Demand' } },
  '/tax-defaulters': { access: TAX_STAFF, query: ['ward', 'lang', 'format'], nav: { group: 'revenue', label: 'Tax Defaulters' } },
  '/demand-notice': { access: TAX_STAFF, query: ['number', 'ward', 'lang'], nav: { group: 'revenue', label: 'Demand Notices' } },
  '/property-register': { access: ADMIN, query: ['imported', 'q', 'page', 'edit'], nav: { group: 'revenue', label: 'Property Tax' } },
  '/property-ledger/[number]': { access: TAX_STAFF },
  // Online payments to give back (mismatch, refund-due), refunded through the gateway: money going out is an admin's.
  '/payment-exceptions': { access: ADMIN, query: ['refund', 'done', 'lang'], nav: { group: 'revenue', label: 'Payment Exceptions' } },
  // Settings: the accounts, each service's settings, the wards, and the record of every change.
  // ?done=&id= say what the last change did, after its post redirected here (src/pages/staff.astro).
  '/staff': { access: ADMIN, query: ['q', 'page', 'done', 'id'], nav: { group: 'settings', label: 'Staff Accounts' } },
  '/grievance-settings': { access: ADMIN, query: ['saved'], nav: { group: 'settings', label: 'Grievance Settings' } },
  '/property-tax-settings': { access: ADMIN, query: ['saved', 'lang'], nav: { group: 'settings', label: 'Property Tax Settings' } },
  // The trade licence's fee table and document checklists (src/features/trade-licence/settings.server.ts).
  '/trade-licence-settings': { access: ADMIN, query: ['saved', 'removed', 'gone', 'edit', 'lang'], nav: { group: 'settings', label: 'Trade Licence Settings' } },
  // Ward boundaries: what is in use, and the upload of a new file (src/features/wards); in Hindi too.
  '/ward-boundaries': { access: ADMIN, staffHindi: true, query: ['saved'], nav: { group: 'settings', label: 'Ward Boundaries' } },
  // Hindi names of the words staff type in English: departments, tender documents and statuses, wards.
  '/hindi-names': { access: ADMIN, query: ['saved'], nav: { group: 'settings', label: 'Hindi Names' } },
  '/audit': { access: ADMIN, query: ['page', 'entity', 'person', 'from', 'to'], nav: { group: 'settings', label: 'Audit Log' } },
  '/account': { access: EVERY_ROLE },
  // An item's revisions: ?from=&to= pick the two compared.
  '/history/[type]/[id]': { access: CONTENT_EDITORS, query: ['from', 'to'] },

  // The API (SPEC.md §7).
  '/api/Account/login': { access: PUBLIC },
  '/api/Account/logout': { access: PUBLIC },
  '/api/Account/change-password': { access: EVERY_ROLE },
  '/api/Account/renew': { access: EVERY_ROLE },
  '/api/Account/session': { access: EVERY_ROLE, idleUnchanged: true },
  // Every service's cases for staff (src/features/cases): officers see only their own.
  '/api/Staff/cases': { access: CASE_STAFF, query: ['service', 'state', 'ward', 'category', 'assignee', 'overdue', 'q', 'sort', 'page'] },
  '/api/Staff/cases/[number]': { access: CASE_STAFF },
  '/api/Staff/cases/[number]/[action]': { access: CASE_STAFF },
  // A trade licence application's documents: the verifier's accept or refuse, one document at a time.
  '/api/Staff/trade-licence/[number]/documents': { access: LICENCE_REVIEWERS },
  // The counter clerk's (or an admin's) upload of an applicant's replacement documents, which resubmits.
  '/api/Staff/trade-licence/[number]/replacements': { access: STAFF },
  // An admin withdraws a case's private file (src/features/cases/case-files.server.ts).
  '/api/Staff/cases/[number]/files/[file]': { access: ADMIN },
  // The counter's staff remove a receipt's cheque scan (src/features/payments/cheque-scans.server.ts).
  '/api/Staff/receipts/[number]/scan': { access: COUNTER },
  '/api/Citizen/signin': { access: PUBLIC },
  '/api/Citizen/verify': { access: PUBLIC },
  '/api/Citizen/signout': { access: PUBLIC },
  '/api/Citizen/cases': { access: CITIZEN },
  '/api/Citizen/cases/[number]': { access: CITIZEN },
  '/api/Citizen/cases/[number]/[action]': { access: CITIZEN },
  '/api/Grievance/inbox': { access: GRIEVANCE_STAFF, query: ['q', 'sort', 'state', 'ward', 'category', 'officer', 'overdue', 'page'] },
  '/api/Grievance/[number]': { access: GRIEVANCE_STAFF },
  '/api/Grievance/[number]/[action]': { access: GRIEVANCE_STAFF },
  '/api/Public/[type]': { access: PUBLIC, query: ['media', 'page', 'pageSize'] },
  '/api/Public/complaint': { access: PUBLIC, query: ['statusFilter', 'page', 'pageSize'] },
  '/api/Public/property-tax/[number]': { access: PUBLIC, query: ['mobile'], uncached: true },
  '/api/Public/payments': { access: PUBLIC, uncached: true },
  '/api/Public/payments/webhook': { access: PUBLIC, uncached: true, crossSite: true },
  '/api/Public/payments/[id]': { access: PUBLIC, uncached: true },
  '/api/Public/receipts/[number]': { access: PUBLIC, uncached: true },
  '/api/Public/trade-licence/fee': { access: PUBLIC, query: ['tradeType', 'structure', 'kind', 'area', 'employees', 'financialYear'], uncached: true },
  '/api/Public/trade-licence/applications': { access: PUBLIC, uncached: true },
  '/api/Public/trade-licence/verify/[number]': { access: PUBLIC, uncached: true },
  // The licence register's public part as open data (src/features/trade-licence/register.server.ts).
  '/api/Public/trade-licence/register.json': { access: PUBLIC, query: ['q', 'ward'], uncached: true },
  '/api/Public/trade-licence/register.csv': { access: PUBLIC, query: ['q', 'ward'], uncached: true },
  '/api/Public/complaint-count': { access: PUBLIC, query: ['statusFilter'] },
  // Ward boundaries (src/features/wards): open data, and the ward of a point.
  '/api/Public/wards.geojson': { access: PUBLIC, uncached: true },
  '/api/Public/wards/at': { access: PUBLIC, query: ['lat', 'long'], uncached: true },
  // Open grievances like the one about to be lodged (src/features/grievance/similar-grievances.server.ts).
  '/api/Public/grievances/similar': { access: PUBLIC, query: ['category', 'lat', 'long', 'ward', 'landmark'], uncached: true },
  '/api/Public/minister-officer-employee-by-designations': { access: PUBLIC, query: ['designations', 'home', 'media', 'page', 'pageSize'] },
  '/api/Admin/[type]': { access: CONTENT_STAFF, query: ['media', 'page', 'pageSize'] },
  '/api/Admin/[type]/[id]': { access: CONTENT_STAFF, query: ['media'] },
  '/api/Admin/[type]/[id]/state': { access: CONTENT_STAFF },
  '/api/Admin/[type]/[id]/revisions': { access: CONTENT_EDITORS },
  '/api/Admin/[type]/[id]/revisions/[n]': { access: CONTENT_EDITORS, query: ['against'] },
  '/api/Admin/[type]/[id]/revisions/[n]/restore': { access: ADMIN },
  '/api/Admin/alerts': { access: ADMIN },
  '/api/Admin/alerts/[id]': { access: ADMIN },
  // The trade licence's fee table and document checklists as JSON (fee-rates, document-rules).
  '/api/Admin/trade-licence/[table]': { access: ADMIN },
  '/api/Admin/trade-licence/[table]/[id]': { access: ADMIN },
  '/api/Admin/ward-boundaries': { access: ADMIN },
  '/api/Admin/audit': { access: ADMIN, query: ['entity', 'page', 'pageSize', 'person', 'from', 'to'] },
  '/api/Admin/complaint-count': { access: ADMIN, query: ['statusFilter'] },
  '/api/User/add-complaint': { access: STAFF },
  '/api/User/complaint': { access: STAFF, query: ['statusFilter', 'page', 'pageSize'] },
  '/api/User/complaint/[id]': { access: STAFF, query: ['media'] },
  '/api/User/complaint-count': { access: STAFF, query: ['statusFilter'] },
  '/api/User/district': { access: STAFF },
  '/api/User/grievance': { access: STAFF },
  '/api/User/ulb': { access: STAFF },
  '/api/User/ward': { access: STAFF },
} satisfies Record<string, RouteDeclaration> as Readonly<Record<string, RouteDeclaration>>;

/** Where the registered routes go in the table's order: the content screens follow the dashboard in the sidebar. */
const REGISTERED_AFTER = '/dashboard';

let registered: Record<string, RouteDeclaration> | undefined;
let table: Readonly<Record<string, RouteDeclaration>> = FIXED_ROUTES;
let byLowerCasePattern = new Map<string, RouteDeclaration>();
let dynamic: { pattern: string; regex: RegExp }[] = [];

/**
 * Adds the routes the features derive from their declarations (the content types' pages), once, before the
 * first request: the server's Node entry and Astro's middleware each load the registration. A pattern declared
 * twice is a mistake and stops the start.
 */
export function registerRoutes(routes: Readonly<Record<string, RouteDeclaration>>): void {
  for (const pattern of Object.keys(routes)) {
    if (Object.hasOwn(FIXED_ROUTES, pattern) || (registered && Object.hasOwn(registered, pattern))) throw new Error(`the route ${pattern} is declared twice`);
  }
  registered = { ...registered, ...routes };
  const merged: Record<string, RouteDeclaration> = {};
  for (const [pattern, route] of Object.entries(FIXED_ROUTES)) {
    merged[pattern] = route;
    if (pattern === REGISTERED_AFTER) Object.assign(merged, registered);
  }
  table = merged;
  // Astro reports the pattern it matched in lower case (`/api/admin/[type]`), whatever the file is called.
  byLowerCasePattern = new Map(Object.entries(table).map(([pattern, route]) => [pattern.toLowerCase(), route]));
  // Literal paths match exactly; the dynamic patterns are tried after them, as Astro ranks static routes first.
  dynamic = Object.keys(table)
    .filter((pattern) => pattern.includes('['))
    .map((pattern) => ({
      pattern,
      regex: new RegExp(`^${pattern.split(/\[[^\]]+\]/).map((part) => part.replace(/[.*+?^${}()|\\]/g, '\\$&')).join('[^/]+')}$`),
    }));
}

/**
 * Every route, in order. Read before the features registered theirs, the table would lack every content page
 * and refuse them: that is a start that forgot its registration, and it fails loudly instead.
 */
export function routeTable(): Readonly<Record<string, RouteDeclaration>> {
  if (!registered) throw new Error('the route table was read before the features registered their routes (src/features/content-routes.ts)');
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

/** Whether a member of staff with this role (or nobody) may open a route. Never a citizen route: staff are not citizens here. */
export function mayOpen(access: RouteAccess, role: Role | undefined): boolean {
  if (access === 'public') return true;
  if (access === 'citizen') return false;
  return role !== undefined && access.includes(role);
}

/**
 * Where a member of staff lands after signing in, and when they open a page their role may not: the one
 * dashboard, which shows each role what waits for it.
 */
export function homeFor(role: Role): string {
  return mayOpen(FIXED_ROUTES['/dashboard'].access, role) ? '/dashboard' : '/account';
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
