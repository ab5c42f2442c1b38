import fs from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FILE_SANDBOX } from './security-headers';

/**
 * The built client files (dist/client: Astro's hashed /_astro bundles and the public/ folder) are few and
 * small, so they are read into memory once at start, compressed once, and answered without touching disk.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.txt', '.json', '.webmanifest']);

interface StaticFile {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  immutable: boolean;
}

/** The folder beside dist/client where the build leaves each compressible file's gzip and brotli copies. */
export const PRECOMPRESSED_DIR = 'client-compressed';

function isCompressible(urlPath: string, identity: Buffer): boolean {
  return COMPRESSIBLE.has(path.extname(urlPath).toLowerCase()) && identity.length > 512;
}

function walkFiles(root: string, visit: (urlPath: string, full: string) => void): void {
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) visit('/' + path.relative(root, full).split(path.sep).join('/'), full);
    }
  };
  if (fs.existsSync(root)) walk(root);
}

const compressors = { gzip: (b: Buffer) => gzipSync(b, { level: 9 }), brotli: (b: Buffer) => brotliCompressSync(b) } as const;
type Encoding = keyof typeof compressors;

/**
 * Compresses every compressible client file once, at build time (scripts/precompress-static.ts): maximum
 * brotli takes seconds of CPU, which every start (and every test server) would otherwise pay again.
 */
export function precompressStaticFiles(root: string, outDir: string): number {
  let count = 0;
  walkFiles(root, (urlPath, full) => {
    const identity = fs.readFileSync(full);
    if (!isCompressible(urlPath, identity)) return;
    for (const encoding of Object.keys(compressors) as Encoding[]) {
      const target = path.join(outDir, `${urlPath}.${encoding}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, compressors[encoding](identity));
    }
    count++;
  });
  return count;
}

/**
 * Reads the client files and their compressed copies into memory. A copy the build did not leave (or one
 * older than its file, as after `astro build` alone) is compressed here instead.
 */
export function loadStaticFiles(root: string, precompressedDir?: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  walkFiles(root, (urlPath, full) => {
    const identity = fs.readFileSync(full);
    const compressed = (encoding: Encoding): Buffer | undefined => {
      if (!isCompressible(urlPath, identity)) return undefined;
      const copy = precompressedDir && path.join(precompressedDir, `${urlPath}.${encoding}`);
      if (copy && fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= fs.statSync(full).mtimeMs) return fs.readFileSync(copy);
      return compressors[encoding](identity);
    };
    files.set(urlPath, {
      type: TYPES[path.extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
      identity,
      gzip: compressed('gzip'),
      brotli: compressed('brotli'),
      // Astro puts a content hash in every /_astro file name, so those never change.
      immutable: urlPath.startsWith('/_astro/'),
    });
  });
  return files;
}

export function serveStaticFile(
  files: Map<string, StaticFile>,
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '/').split('?')[0];
  const file = files.get(pathname);
  if (!file) return false;
  const headers: Record<string, string | number> = {
    ...securityHeaders,
    ...(file.type === 'image/svg+xml' ? FILE_SANDBOX : {}),
    'content-type': file.type,
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  };
  let body = file.identity;
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (file.brotli && /\bbr\b/.test(accept)) {
    body = file.brotli;
    headers['content-encoding'] = 'br';
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip;
    headers['content-encoding'] = 'gzip';
  }
  if (file.gzip) headers.vary = 'Accept-Encoding';
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
