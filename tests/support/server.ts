import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hasPairedDatabase, openServerDatabase, pairDataDirWithDatabase, testDatabaseUrlFor } from './database';
import { writeCouncilIdentity } from '../../src/server/council/identity';
import { demoCouncil } from '../../db/seed/council';
import { copyTemplate, templateFor } from './server-template';

/** A built server started on a free port with its own temporary data folder (and database). */
export interface TestServer {
  url: string;
  pid: number;
  dataDir: string;
  /** Set when the server runs on PostgreSQL. */
  databaseUrl: string | undefined;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir(label = 'council-test'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

export interface StartOptions {
  /** The data folder to use (kept across restarts); a fresh temporary one when not given. */
  dataDir?: string;
  /** The start is meant to fail: wait for the process to end instead of for it to listen. */
  expectFailure?: boolean;
  /**
   * Prepare the database from nothing, as a real first start does. Without it, a demo server on a new data
   * folder begins from a copy of the run's prepared template (tests/support/server-template.ts).
   */
  firstStart?: boolean;
  /**
   * A server without the demo (SEED=none) waits for its council's setup and answers every page 503 until then:
   * unless this is set, the helper names the council (the demo's identity, written into its database) so the
   * test can read pages. Set it to test the setup itself.
   */
  awaitingSetup?: boolean;
}

/** The line the server ends with when its port is taken (src/server/main.ts). */
const PORT_TAKEN = /port \d+ on [^ ]+ is already in use/;

/**
 * Starts a built server. A port found free can be taken by another process before the server binds it
 * (servers of other files start at the same time): a start that ends for that reason alone, on a port this
 * helper chose, is made again on another free port.
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, options);
    } catch (err) {
      if (env.PORT || attempt >= 5 || !(err instanceof Error) || !PORT_TAKEN.test(err.message)) throw err;
    }
  }
}

async function startServerOnce(env: Record<string, string>, options: StartOptions): Promise<TestServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = options.dataDir ?? tempDataDir();
  const template = options.firstStart || options.expectFailure ? undefined : templateFor(env, dataDir, hasPairedDatabase(dataDir));
  if (template) {
    const copied = await copyTemplate(template, dataDir);
    if (copied) pairDataDirWithDatabase(dataDir, copied);
  }
  // A data folder keeps its database across restarts: the same SQLite file, or the same PostgreSQL database.
  const databaseUrl = await testDatabaseUrlFor(dataDir, env.DATABASE_URL);
  // SERVER_NODE_FLAGS passes flags to the server's node (a benchmark's --cpu-prof, say), which NODE_OPTIONS refuses.
  const nodeFlags = (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, `${process.env.BUILD_DIR || 'dist'}/main.mjs`], {
    env: { ...process.env, NODE_ENV: 'test', TEST_FAST_PASSWORDS: '1', DATA_DIR: dataDir, HOST: '127.0.0.1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };

  const deadline = Date.now() + 180_000;
  while (!output.includes('Serving on')) {
    if (child.exitCode !== null) {
      if (options.expectFailure) break;
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (options.expectFailure) await exited;
  else if (env.SEED === 'none' && !options.awaitingSetup) await nameTheCouncil(dataDir);
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, dataDir, databaseUrl, output: () => output, stop };
}

/** Writes the demo council's identity into the database of a server started without the demo (the setup's own tests do it through /setup). */
async function nameTheCouncil(dataDir: string): Promise<void> {
  const database = openServerDatabase(dataDir);
  try {
    await writeCouncilIdentity(database, demoCouncil);
  } finally {
    await database.destroy();
  }
}
