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

export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const ext = path.extname(entry.name).toLowerCase();
        const identity = fs.readFileSync(full);
        const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
        const compress = COMPRESSIBLE.has(ext) && identity.length > 512;
        files.set(urlPath, {
          type: TYPES[ext] ?? 'application/octet-stream',
          identity,
          gzip: compress ? gzipSync(identity, { level: 9 }) : undefined,
          brotli: compress ? brotliCompressSync(identity) : undefined,
          // Astro puts a content hash in every /_astro file name, so those never change.
          immutable: urlPath.startsWith('/_astro/'),
        });
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
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
