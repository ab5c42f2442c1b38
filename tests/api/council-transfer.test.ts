import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { receiptCheckCode } from '../../src/features/payments/receipt-check';
import { ADMIN } from '../support/api';
import { openServerDatabase, queryServerDatabase } from '../support/database';
import { SCRIPT_TEST_TIMEOUT, npmRun } from '../support/npm-run';
import { askHost, bearerOf, PLATFORM_ENV, signInOn } from '../support/platform';
import { startServer, tempDataDir, type TestServer } from '../support/server';

/**
 * A council carried whole: exported from one installation with `npm run council:export`, imported into another
 * with `npm run council:import`, and read there over HTTP on its new host. The chain passes through an
 * installation on SQLite whatever the run's engine: from the demo server (the run's engine) into SQLite, and
 * from SQLite into a platform server of the run's engine (PostgreSQL when the run is), so that both engines'
 * export and import are crossed.
 */
const HOST = 'carried.test';
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

// SEED=none: a script's first look at a data folder makes no demo council there.
const scriptEnv = (dataDir: string, databaseUrl: string | undefined) => ({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SEED: 'none' });

interface Carried {
  caseNumber: string;
  receipt: { number: string; code: string };
  privateFile: { key: string; sha256: string };
}

/** A licence application's case with a private file, and a receipt, read behind the demo server's back. */
async function somethingToCarry(server: TestServer): Promise<Carried> {
  const database = openServerDatabase(server.dataDir);
  try {
    const file = await sql<{ number: string; key: string; bytes: Uint8Array }>`
      SELECT service_case.number, media.sha256 AS key, media.bytes FROM case_event_media
      JOIN media ON media.id = case_event_media.media_id JOIN case_event ON case_event.id = case_event_media.event_id
      JOIN service_case ON service_case.id = case_event.case_id
      WHERE media.private = 1 AND service_case.service = 'trade-licence' ORDER BY media.id LIMIT 1`.execute(database);
    const receipt = await database.selectFrom('payment_receipt').select(['number', 'token']).orderBy('id').executeTakeFirstOrThrow();
    const [held] = file.rows;
    expect(held, 'the demo holds a licence application with a private file').toBeTruthy();
    return {
      caseNumber: held.number,
      receipt: { number: receipt.number, code: receiptCheckCode(receipt.token, receipt.number) },
      privateFile: { key: held.key, sha256: crypto.createHash('sha256').update(held.bytes).digest('hex') },
    };
  } finally {
    await database.destroy();
  }
}

// The PostgreSQL run's chain (PostgreSQL to SQLite to PostgreSQL) crosses both engines' export and import: the
// SQLite pass leaves this file to it when it follows (scripts/test.mjs), and runs it otherwise.
const coveredByPostgresPass = process.env.POSTGRES_PASS_FOLLOWS === '1' && !process.env.TEST_POSTGRES_URL;

describe.skipIf(coveredByPostgresPass)('a council exported and imported into another installation', { timeout: SCRIPT_TEST_TIMEOUT * 2 }, () => {
  it('carries its cases, receipts and private files, read over HTTP on its new host; a taken slug or host is refused and leaves nothing behind', async () => {
    const source = await startServer();
    servers.push(source);
    const carried = await somethingToCarry(source);
    const work = tempDataDir('council-transfer');
    const first = path.join(work, 'from-demo.council');
    const exported = await npmRun(['council:export', '--', '--council', 'first', '--out', first], { env: scriptEnv(source.dataDir, source.databaseUrl) });
    expect(exported.code, exported.out).toBe(0);

    // Through an installation on SQLite, with no server running there.
    const between = tempDataDir('council-between');
    const intoSqlite = await npmRun(['council:import', '--', '--file', first, '--slug', 'between', '--hosts', 'between.test'], { env: scriptEnv(between, undefined) });
    expect(intoSqlite.code, intoSqlite.out).toBe(0);
    const second = path.join(work, 'from-sqlite.council');
    const again = await npmRun(['council:export', '--', '--council', 'between', '--out', second], { env: scriptEnv(between, undefined) });
    expect(again.code, again.out).toBe(0);

    // Into a platform of the run's engine while it serves.
    const target = await startServer({ ...PLATFORM_ENV, SEED: 'none' });
    servers.push(target);
    const targetEnv = scriptEnv(target.dataDir, target.databaseUrl);
    const imported = await npmRun(['council:import', '--', '--file', second, '--slug', 'carried', '--hosts', HOST], { env: targetEnv });
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toContain(`as council carried on ${HOST}`);

    // Its accounts travelled (its sessions did not), so its admin signs in on the new host and reads the case and its file.
    const token = await signInOn(target, HOST, ADMIN);
    const casePage = await askHost(target, HOST, 'GET', `/cases/${carried.caseNumber}`, { cookie: `session=${token}` });
    expect(casePage.status, String(casePage.location)).toBe(200);
    expect(casePage.body).toContain(carried.caseNumber);
    const file = await fetchBytes(target, HOST, `/media/${carried.privateFile.key}`, bearerOf(token));
    expect(file.status).toBe(200);
    expect(crypto.createHash('sha256').update(file.bytes).digest('hex')).toBe(carried.privateFile.sha256);
    expect((await fetchBytes(target, HOST, `/media/${carried.privateFile.key}`)).status).toBe(404);
    const receipt = await askHost(target, HOST, 'GET', `/verify/${carried.receipt.number}?code=${carried.receipt.code}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toContain(carried.receipt.number);

    // The same file again: its slug is taken; another slug on the same host: the host is taken. Neither leaves a trace.
    const sameSlug = await npmRun(['council:import', '--', '--file', second, '--slug', 'carried', '--hosts', 'other.test'], { env: targetEnv });
    expect(sameSlug.code).toBe(1);
    expect(sameSlug.out).toMatch(/Not imported: .*slug "carried"/);
    const sameHost = await npmRun(['council:import', '--', '--file', second, '--slug', 'elsewhere', '--hosts', HOST], { env: targetEnv });
    expect(sameHost.code).toBe(1);
    expect(sameHost.out).toMatch(new RegExp(`Not imported: .*host name ${HOST.replace('.', '\\.')}`));
    expect(fs.existsSync(path.join(target.dataDir, 'councils', 'elsewhere'))).toBe(false);
    if (target.databaseUrl) expect(await queryServerDatabase(target.dataDir, `SELECT 1 FROM pg_namespace WHERE nspname = 'council_elsewhere'`)).toEqual([]);
    const platform = target.databaseUrl
      ? await queryServerDatabase<{ slug: string }>(target.dataDir, 'SELECT slug FROM platform.council ORDER BY id')
      : await sqliteRows<{ slug: string }>(path.join(target.dataDir, 'platform.sqlite'), 'SELECT slug FROM council ORDER BY id');
    expect(platform.map((c) => c.slug)).toEqual(['first', 'carried']);
  });
});

async function sqliteRows<T>(file: string, statement: string): Promise<T[]> {
  const { default: Database } = await import('better-sqlite3');
  const database = new Database(file, { readonly: true });
  try {
    return database.prepare(statement).all() as T[];
  } finally {
    database.close();
  }
}

/** A request on a host, answered as bytes. */
async function fetchBytes(server: TestServer, host: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Buffer }> {
  const http = await import('node:http');
  const base = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path: target, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
