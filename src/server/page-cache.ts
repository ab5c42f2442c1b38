import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { processSingleton } from './singleton';
import { compress, preferredEncoding, type Encoding } from './compression';
import { readSharedTableVersions, readSharedTableVersionsNow, type TableVersions } from './content-version';
import { now } from './clock';
import type { Dependencies } from './cache/dependencies';
import { displayCacheSuffix } from './display-preferences';
import { currentCouncil, type Council } from './council-context';
import { readConfig } from './config';

/**
 * Public pages (and the public API's answers) rendered once and then served from memory by the Node entry,
 * before Astro's handler runs. Each kept answer remembers what it depends on: the version of every table it
 * read, and the moment it stops being true (a tender closing, midnight for a date list). It is served until
 * one of those tables is written or that moment passes, whichever comes first; a write to a table it did not
 * read leaves it alone. The versions live in the database (see content-version.ts), so a write through
 * another instance drops the same pages here. Only anonymous GET/HEAD requests are served from or stored
 * into the cache.
 */
export const SESSION_COOKIE = 'session';
/**
 * A signed-in citizen's cookie (src/features/citizen). A request carrying it is never answered from the cache
 * nor stored into it, whatever the page: what a citizen sees may be theirs alone.
 */
export const CITIZEN_SESSION_COOKIE = 'citizen_session';
/**
 * The mobile a citizen is signing in with, kept between the sign-in's two steps (/my/signin): the page it
 * comes with shows that mobile, so a request carrying it is never answered from the cache nor stored into it.
 */
export const SIGN_IN_MOBILE_COOKIE = 'citizen_signin_mobile';
/**
 * The memory every council's pages share (PAGE_CACHE_MB). When it is full, the council holding the most gives
 * way, its oldest answers first: a busy council evicts its own pages once it holds the most, never a quiet
 * council's home page to make room for yet more of its own.
 */
const maxBytes = () => readConfig().pageCacheMb * 1024 * 1024;
/**
 * What one council's answers with a query string may take of the cache, oldest evicted first among
 * themselves: a quarter. Their number is open-ended (every page of every paged list), so a stranger walking
 * through them evicts other query answers only, never the pages without a query (the home page, the lists'
 * first pages).
 */
const maxQueryBytes = () => maxBytes() / 4;
/** A single answer larger than this is not worth keeping; a public list within its inline budget (content/api.ts) fits. */
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
/** Answer headers that belong to the content and must come back with it from the cache. */
export const KEPT_HEADERS = ['x-total-count', 'content-security-policy'];

interface CachedPage {
  /** The version of each table read while rendering, as it was when the render began. */
  versions: Map<string, number>;
  /** Milliseconds since the epoch (Infinity: only a write ends it). */
  expiresAt: number;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
  identity: Buffer;
  /**
   * The body in each encoding a visitor has taken since the render, compressed on the first such ask: a page
   * rendered again after every write is compressed only in the encodings asked of it (browsers take brotli,
   * and an API client often none), not in both each time.
   */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** One council's part of the cache. */
interface CacheState {
  /** The latest table versions of the council's database this process knows of; a table never written counts as 0. */
  versions: Map<string, number>;
  pages: Map<string, CachedPage>;
  bytes: number;
  /** The part of `bytes` taken by answers whose key has a query string. */
  queryBytes: number;
  /** Renders under way, by key: `done` settles (through `settle`) when that answer is ready to send, or its visitor has gone. */
  rendering: Map<string, Render>;
}

interface Render {
  done: Promise<void>;
  settle: () => void;
}

/** Every council's part, and what they take together. */
interface SharedCache {
  councils: Map<number, CacheState>;
  bytes: number;
}

const sharedCache = (): SharedCache => processSingleton('page-cache', () => ({ councils: new Map(), bytes: 0 }));

/** A council's part of the cache (the current council's unless named): a page of one council is never looked for among another's. */
function state(council: Council = currentCouncil()): CacheState {
  const { id } = council;
  const shared = sharedCache();
  let s = shared.councils.get(id);
  if (!s) shared.councils.set(id, (s = { versions: new Map(), pages: new Map(), bytes: 0, queryBytes: 0, rendering: new Map() }));
  return s;
}

/** How much of the cache each council holds now: for tests and for an operator's look. */
export function cacheBytesByCouncil(): Map<number, number> {
  return new Map([...sharedCache().councils].map(([id, s]) => [id, s.bytes]));
}

/** The table versions as they stand now: a render files what it read under these. */
export function versionSnapshot(): TableVersions {
  return new Map(state().versions);
}

const versionOf = (versions: TableVersions, table: string) => versions.get(table) ?? 0;

function isCurrent(page: CachedPage, versions: TableVersions, at: number): boolean {
  if (at >= page.expiresAt) return false;
  for (const [table, version] of page.versions) if (versionOf(versions, table) !== version) return false;
  return true;
}

const sizeOf = (page: CachedPage) => page.identity.length + (page.encoded.gzip?.length ?? 0) + (page.encoded.br?.length ?? 0);
const hasQuery = (key: string) => key.includes('?');

function forget(s: CacheState, key: string, page: CachedPage): void {
  s.pages.delete(key);
  s.bytes -= sizeOf(page);
  sharedCache().bytes -= sizeOf(page);
  if (hasQuery(key)) s.queryBytes -= sizeOf(page);
}

/** Drops a council's oldest answer (one with a query string when `queryOnly`); false when it has none. */
function evictOldest(s: CacheState, queryOnly: boolean): boolean {
  for (const [key, page] of s.pages) {
    if (queryOnly && !hasQuery(key)) continue;
    forget(s, key, page);
    return true;
  }
  return false;
}

/** The council that holds the most, counting `own` as if it already held `adding` more. */
function largestHolder(own: CacheState, adding: number): CacheState {
  let largest = own;
  let largestBytes = own.bytes + adding;
  for (const s of sharedCache().councils.values()) {
    if (s !== own && s.bytes > largestBytes) {
      largest = s;
      largestBytes = s.bytes;
    }
  }
  return largest;
}

/**
 * Takes newer versions (read from the database, or answered by a write just committed) as this process's
 * own, and drops the pages that read a table they raised. Versions only rise, so an older answer that
 * arrives late changes nothing.
 */
export function adoptVersions(versions: TableVersions): void {
  adoptInto(state(), versions);
}

function adoptInto(s: CacheState, versions: TableVersions): void {
  const raised: string[] = [];
  for (const [table, version] of versions) {
    if (version > versionOf(s.versions, table)) {
      s.versions.set(table, version);
      raised.push(table);
    }
  }
  if (raised.length === 0) return;
  for (const [key, page] of s.pages) if (raised.some((table) => page.versions.has(table))) forget(s, key, page);
}

const CITIZEN_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${CITIZEN_SESSION_COOKIE}=`);
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|${CITIZEN_SESSION_COOKIE})=`);
const PERSONAL_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|${CITIZEN_SESSION_COOKIE}|${SIGN_IN_MOBILE_COOKIE})=`);

/** Whether a request carries a staff or a citizen session cookie: such a request is personal, never cached. */
export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  return !!cookieHeader && SESSION_COOKIE_PATTERN.test(cookieHeader);
}

/** Whether a request carries a citizen's session cookie (valid or not): what it is answered is theirs alone. */
export function hasCitizenCookie(cookieHeader: string | undefined | null): boolean {
  return !!cookieHeader && CITIZEN_COOKIE_PATTERN.test(cookieHeader);
}

/**
 * The key a page is kept under: its URL, which the Node entry has already reduced to the query parameters
 * its route reads (route-table.ts pageKey), and the visitor's text size and contrast, which change the page.
 */
export function pageCacheKey(url: string, cookieHeader: string | null | undefined): string {
  return url + displayCacheSuffix(cookieHeader);
}

function cacheKey(method: string, url: string, cookieHeader: string | undefined): string | null {
  return method === 'GET' || method === 'HEAD' ? pageCacheKey(url, cookieHeader) : null;
}

/**
 * Stores a rendered answer with what it depended on. `versionsAtStart` are the versions when its render
 * began: its data is at least that new. Should one of the tables it read have been raised since, the answer
 * may already be stale, and is not kept.
 */
export function storePage(
  url: string,
  versionsAtStart: TableVersions,
  dependencies: Dependencies,
  body: Uint8Array,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  const s = state();
  const versions = new Map([...dependencies.tables].map((table) => [table, versionOf(versionsAtStart, table)]));
  for (const [table, version] of versions) if (versionOf(s.versions, table) !== version) return;
  if (body.byteLength > MAX_ENTRY_BYTES || now() >= dependencies.expiresAt) return;
  const identity = Buffer.from(body);
  const page: CachedPage = {
    versions,
    expiresAt: dependencies.expiresAt,
    contentType,
    headers,
    identity,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    encoded: {},
  };
  const previous = s.pages.get(url);
  if (previous) forget(s, url, previous);
  if (makeRoom(s, url, sizeOf(page))) {
    s.pages.set(url, page);
    count(s, url, sizeOf(page));
  }
}

/**
 * Evicts until `size` more bytes of the council's `key` fit; false when they cannot. Oldest first: a Map
 * iterates in insertion order, so this drops the least recently stored pages. An answer with a query string
 * makes room among the council's own such answers only.
 */
function makeRoom(s: CacheState, key: string, size: number): boolean {
  const query = hasQuery(key);
  if (size > maxBytes() || (query && size > maxQueryBytes())) return false;
  while (query && s.queryBytes + size > maxQueryBytes()) evictOldest(s, true);
  const shared = sharedCache();
  while (shared.bytes + size > maxBytes()) {
    const holder = largestHolder(s, size);
    if (!evictOldest(holder, holder === s && query)) return false;
  }
  return true;
}

function count(s: CacheState, key: string, size: number): void {
  s.bytes += size;
  sharedCache().bytes += size;
  if (hasQuery(key)) s.queryBytes += size;
}

/** A kept page's body in `encoding`, compressed and kept with it (room permitting) the first time it is asked for. */
function encodedBody(s: CacheState, key: string, page: CachedPage, encoding: Encoding): Buffer {
  const kept = page.encoded[encoding];
  if (kept) return kept;
  const body = compress(page.identity, encoding);
  // Making room may evict this very page: then the body is sent and not kept.
  if (makeRoom(s, key, body.length) && s.pages.get(key) === page) {
    page.encoded[encoding] = body;
    count(s, key, body.length);
  }
  return body;
}

/** Only anonymous reads without a cookie that makes the answer personal are served from or stored into the cache. */
export function isCacheableRequest(method: string, cookieHeader: string | undefined | null): boolean {
  return (method === 'GET' || method === 'HEAD') && !(cookieHeader && PERSONAL_COOKIE_PATTERN.test(cookieHeader));
}

/**
 * How long a request waits on work another request started for the same address (its render, or the shared
 * read of the table versions) before doing the work itself. Coalescing saves work when the town asks for one
 * page at once; it must never let one slow or vanished client hold an address for everyone else.
 */
export const SHARED_WAIT_MS = 2_000;

type WaitOutcome = 'settled' | 'timed-out' | 'client-gone';

/** Whether the visitor behind this answer has gone (aborted, or the connection closed). */
function clientGone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded || res.socket?.destroyed === true;
}

/**
 * Waits for shared work with a deadline, and stops waiting as soon as the visitor leaves. The listener is
 * removed whichever way it ends, so a long-lived keep-alive connection does not collect them.
 */
async function waitShared<T>(work: Promise<T> | T, res: ServerResponse): Promise<{ outcome: WaitOutcome; value?: T }> {
  if (!(work instanceof Promise)) return { outcome: 'settled', value: work };
  if (clientGone(res)) return { outcome: 'client-gone' };
  let timer: NodeJS.Timeout | undefined;
  let onClose: (() => void) | undefined;
  try {
    return await Promise.race([
      work.then((value) => ({ outcome: 'settled' as const, value })),
      new Promise<{ outcome: WaitOutcome }>((resolve) => {
        timer = setTimeout(() => resolve({ outcome: 'timed-out' }), SHARED_WAIT_MS);
        onClose = () => resolve({ outcome: 'client-gone' });
        res.once('close', onClose);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onClose) res.off('close', onClose);
  }
}

/**
 * Answers a request from the cache at once when everything that takes is in memory: a council's versions
 * readable without waiting (SQLite) and a current answer kept for its key. No promise and no council context:
 * the council is named. False when it has not answered; then serveCachedPage, inside the council's context,
 * takes the request the whole way (a render, a wait on one under way, a query for the versions).
 */
export function serveCachedPageNow(council: Council, req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): boolean {
  const key = cacheKey(req.method ?? 'GET', req.url ?? '/', req.headers.cookie);
  if (!key || !isCacheableRequest(req.method ?? 'GET', req.headers.cookie)) return false;
  const versions = readSharedTableVersionsNow(council);
  if (!versions) return false;
  const s = state(council);
  adoptInto(s, versions);
  return answerFromCache(s, key, req, res, securityHeaders);
}

/**
 * Answers from the cache when it can; resolves false to let Astro render, true when the request has been
 * answered (or its visitor has gone, and nothing is left to answer).
 */
export async function serveCachedPage(req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): Promise<boolean> {
  const key = cacheKey(req.method ?? 'GET', req.url ?? '/', req.headers.cookie);
  if (!key || !isCacheableRequest(req.method ?? 'GET', req.headers.cookie)) return false;
  // Another instance may have written since this one last looked. A render that follows is filed under the
  // versions adopted here, which its data is at least as new as. Should the read stall, the page is
  // rendered from the database as it stands, and nothing is filed from the cache's stale view.
  const shared = await waitShared(readSharedTableVersions(), res);
  if (shared.outcome === 'client-gone') return true;
  if (shared.outcome === 'timed-out') return false;
  const s = state();
  adoptInto(s, shared.value!);
  if (answerFromCache(s, key, req, res, securityHeaders)) return true;
  // When a save has just emptied the cache and the whole town asks for the same page, one request renders
  // it and the others wait for that render instead of each rendering it again. Should that render not leave
  // a current page (a write to a table it read landed meanwhile), the waiters wait for the next one. A
  // waiter whose visitor leaves stops waiting; one that has waited too long renders the page itself.
  for (let underway = s.rendering.get(key); underway; underway = s.rendering.get(key)) {
    const waited = await waitShared(underway.done, res);
    if (waited.outcome === 'client-gone') return true;
    if (answerFromCache(s, key, req, res, securityHeaders)) return true;
    if (waited.outcome === 'timed-out') return false;
  }
  if (clientGone(res)) return true;
  // The render is over for its waiters once its answer is ready to send (the middleware says so through
  // renderFinished), not once the last byte reaches a visitor who may read slowly or never.
  let settle!: () => void;
  const render: Render = { done: new Promise<void>((resolve) => (settle = resolve)), settle };
  s.rendering.set(key, render);
  // A response's close and finish are emitted from its socket, outside the request's council context: the
  // listener holds on to this council's part of the cache itself.
  const finish = () => endRender(s, key, render);
  res.once('close', finish);
  res.once('finish', finish);
  return false;
}

/**
 * Ends a render's hold on its address: its waiters then read the cache, or render for themselves. Called by
 * the middleware once a cacheable answer has been rendered (and stored, when it could be), so the waiters need
 * not wait for it to be sent; and when the render's own answer ends, for `render` alone (a later render of
 * the same address keeps its hold).
 */
export function renderFinished(key: string, render?: Render): void {
  endRender(state(), key, render);
}

function endRender(s: CacheState, key: string, render?: Render): void {
  const underway = s.rendering.get(key);
  if (!underway || (render && underway !== render)) return;
  s.rendering.delete(key);
  underway.settle();
}

function answerFromCache(s: CacheState, key: string, req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): boolean {
  const page = s.pages.get(key);
  if (!page) return false;
  if (!isCurrent(page, s.versions, now())) {
    forget(s, key, page);
    return false;
  }
  const headers: Record<string, string | number> = {
    ...securityHeaders,
    ...page.headers,
    'content-type': page.contentType,
    etag: page.etag,
    'cache-control': 'public, max-age=0, must-revalidate',
    vary: 'Accept-Encoding, Cookie',
    'x-page-cache': 'hit',
  };
  if (req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = encoding ? encodedBody(s, key, page, encoding) : page.identity;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
