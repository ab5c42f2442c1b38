import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { processSingleton } from './singleton';
import { raiseContentVersion, readSharedContentVersion } from './content-version';
import type { Db } from './db';

/**
 * Public pages (and the public API's answers) rendered once per content version and then served from memory by the Node entry, before
 * Astro's handler runs. Every content write bumps the version, so the next request after a save renders
 * afresh. Only anonymous GET/HEAD requests are served from or stored into the cache. The version lives in
 * the database (see content-version.ts), so a write through another instance empties this one's cache too.
 */
export const SESSION_COOKIE = 'session';
const MAX_BYTES = 64 * 1024 * 1024;
/** A single answer larger than this (an unpaged list of every complaint) is not worth keeping. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Answer headers that belong to the content and must come back with it from the cache. */
export const KEPT_HEADERS = ['x-total-count', 'content-security-policy'];

interface CachedPage {
  version: number;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

interface CacheState {
  version: number;
  pages: Map<string, CachedPage>;
  bytes: number;
  /** Renders under way, by URL: settled when that answer has been sent. */
  rendering: Map<string, Promise<void>>;
}

const state = (): CacheState => processSingleton('page-cache', () => ({ version: 1, pages: new Map(), bytes: 0, rendering: new Map() }));

export function contentVersion(): number {
  return state().version;
}

/** Takes the shared version as this process's own; a different one means every kept page is stale. */
function adoptVersion(version: number): void {
  const s = state();
  if (version === s.version) return;
  s.version = version;
  s.pages.clear();
  s.bytes = 0;
}

/** Called (and awaited) after every committed content write: everything rendered before it is stale. */
export async function bumpContentVersion(database?: Db): Promise<void> {
  adoptVersion(await raiseContentVersion(database));
}

export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  return !!cookieHeader && new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookieHeader);
}

/** The Node entry has already reduced the URL to its page key (route-table.ts pageKey). */
function cacheKey(method: string, url: string): string | null {
  return method === 'GET' || method === 'HEAD' ? url : null;
}

/** Stores a rendered page under the version that was current when its render began. */
export function storePage(url: string, version: number, body: Uint8Array, contentType: string, headers: Record<string, string> = {}): void {
  const s = state();
  if (version !== s.version || body.byteLength > MAX_ENTRY_BYTES) return;
  const identity = Buffer.from(body);
  const page: CachedPage = {
    version,
    contentType,
    headers,
    identity,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    // Compressed on every render after a write, so the level matters: brotli 6 takes about 1.3 ms for the
    // 80 KB home page where 9 takes 17 ms, for a body under 1% smaller.
    gzip: gzipSync(identity, { level: 9 }),
    brotli: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }),
  };
  const size = page.identity.length + page.gzip.length + page.brotli.length;
  const previous = s.pages.get(url);
  if (previous) {
    s.pages.delete(url);
    s.bytes -= previous.identity.length + previous.gzip.length + previous.brotli.length;
  }
  // Oldest first: a Map iterates in insertion order, so this drops the least recently stored pages.
  for (const [key, old] of s.pages) {
    if (s.bytes + size <= MAX_BYTES) break;
    s.pages.delete(key);
    s.bytes -= old.identity.length + old.gzip.length + old.brotli.length;
  }
  s.pages.set(url, page);
  s.bytes += size;
}

export function isCacheableRequest(method: string, cookieHeader: string | undefined | null): boolean {
  return (method === 'GET' || method === 'HEAD') && !hasSessionCookie(cookieHeader);
}

/** Answers from the cache when it can; resolves false to let Astro render. */
export async function serveCachedPage(req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): Promise<boolean> {
  const key = cacheKey(req.method ?? 'GET', req.url ?? '/');
  if (!key || !isCacheableRequest(req.method ?? 'GET', req.headers.cookie)) return false;
  // Another instance may have written since this one last looked. A render that follows is filed under the
  // version adopted here, which its data is at least as new as.
  adoptVersion(await readSharedContentVersion());
  if (answerFromCache(key, req, res, securityHeaders)) return true;
  // When a save has just emptied the cache and the whole town asks for the same page, one request renders
  // it and the others wait for that render instead of each rendering it again.
  const s = state();
  const underway = s.rendering.get(key);
  if (underway) {
    await underway;
    return answerFromCache(key, req, res, securityHeaders);
  }
  const render = new Promise<void>((resolve) => res.once('close', resolve));
  s.rendering.set(key, render);
  void render.then(() => {
    if (s.rendering.get(key) === render) s.rendering.delete(key);
  });
  return false;
}

function answerFromCache(key: string, req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): boolean {
  const s = state();
  const page = s.pages.get(key);
  if (!page || page.version !== s.version) return false;
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
  const accept = String(req.headers['accept-encoding'] ?? '');
  let body = page.identity;
  if (/\bbr\b/.test(accept)) {
    body = page.brotli;
    headers['content-encoding'] = 'br';
  } else if (/\bgzip\b/.test(accept)) {
    body = page.gzip;
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
