/**
 * The production entry: prepares the database, then serves static files, cached public pages and, for
 * everything else, Astro's handler. Bundled to dist/main.mjs by scripts/bundle-main.mjs.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readConfig } from './config';
import { db } from './db';
import { ensureReady } from './ready';
import { serveCachedPage } from './page-cache';
import { SECURITY_HEADERS } from './security-headers';
import { loadStaticFiles, serveStaticFile } from './static-files';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void) => void;

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

async function main(): Promise<void> {
  const distDir = path.dirname(fileURLToPath(import.meta.url));
  let config;
  try {
    config = readConfig();
  } catch (err) {
    fail(`Cannot start: ${(err as Error).message}`);
  }

  try {
    await ensureReady();
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EACCES' || e.code === 'ENOTDIR' || e.code === 'EROFS' || e.code === 'SQLITE_CANTOPEN' || e.code === 'EEXIST') {
      fail(`Cannot start: the data folder ${config.dataDir} cannot be used (${e.code}). Set DATA_DIR to a writable folder.`);
    }
    fail(`Cannot start: preparing the database failed: ${e.message}`);
  }

  const { handler } = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as { handler: NodeHandler };
  const staticFiles = loadStaticFiles(path.join(distDir, 'client'));

  const server = http.createServer((req, res) => {
    if (serveStaticFile(staticFiles, req, res, SECURITY_HEADERS)) return;
    // No `next` callback: for a path no route matches, Astro then renders src/pages/404.astro with status 404.
    // Should the shared content version be unreadable, Astro renders and reports what is wrong.
    void serveCachedPage(req, res, SECURITY_HEADERS)
      .catch(() => false)
      .then((served) => served || handler(req, res));
  });
  server.keepAliveTimeout = 65_000;

  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') fail(`Cannot start: port ${config.port} on ${config.host} is already in use. Set PORT to a free port.`);
    if (err.code === 'EACCES') fail(`Cannot start: no permission to listen on ${config.host}:${config.port}.`);
    fail(`Cannot start: ${err.message}`);
  });
  server.listen(config.port, config.host, () => {
    console.log(`Serving on http://${config.host}:${config.port}/`);
  });

  const stop = () => {
    server.close();
    server.closeAllConnections();
    void db().destroy().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
