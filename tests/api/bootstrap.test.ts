import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countInServerDatabase as count, pairDataDirWithDatabase, testPostgresUrl } from '../support/database';
import { freePort, startServer, tempDataDir } from '../support/server';
import { copyTemplate, publishedTemplate } from '../support/server-template';

const CONTENT_TABLES = ['slider', 'about', 'employee', 'tender', 'notice', 'circular', 'office_order', 'latest_news', 'gallery', 'press_release', 'service_case', 'complaint_reminder', 'ward', 'media', 'app_user'];

describe('first start and restarts', () => {
  it('creates the accounts named in the environment, and no demo accounts in production', async () => {
    const server = await startServer({
      NODE_ENV: 'production', SEED: 'none',
      ADMIN_EMAIL: 'head@council.example', ADMIN_PASSWORD: 'head-password-1',
      USER_EMAIL: 'desk@council.example', USER_PASSWORD: 'desk-password-1',
    });
    try {
      expect(await count(server.dataDir, 'SELECT count(*) n FROM app_user')).toBe(2);
      const res = await fetch(`${server.url}/api/Account/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'head@council.example', password: 'head-password-1' }),
      });
      expect(res.status).toBe(200);
      expect(server.output()).not.toMatch(/demo accounts/);
    } finally {
      await server.stop();
    }
  });

  it('creates demo accounts once outside production and prints them', async () => {
    const server = await startServer({ SEED: 'none' });
    await server.stop();
    expect(server.output()).toMatch(/admin@nagarparishad\.example/);
    const again = await startServer({ SEED: 'none' }, { dataDir: server.dataDir });
    await again.stop();
    expect(again.output()).not.toMatch(/demo accounts/);
    // admin, complaint desk, field officer, content editor, tax cashier, and the trade licence's verifier, inspector and approver
    expect(await count(server.dataDir, 'SELECT count(*) n FROM app_user')).toBe(8);
  });

  it('fills demo content on the first start and adds nothing on the second', async () => {
    const dataDir = await demoFirstStart();
    const before = Object.fromEntries(await Promise.all(CONTENT_TABLES.map(async (t) => [t, await count(dataDir, `SELECT count(*) n FROM ${t}`)])));
    expect(before.notice).toBeGreaterThanOrEqual(10);
    const second = await startServer({}, { dataDir });
    await second.stop();
    const after = Object.fromEntries(await Promise.all(CONTENT_TABLES.map(async (t) => [t, await count(dataDir, `SELECT count(*) n FROM ${t}`)])));
    expect(after).toEqual(before);
  });

  // The signing secret and the start's refusals are about the data folder and the port, not the database: the
  // SQLite pass holds them.
  const onSqlite = it.skipIf(testPostgresUrl());

  onSqlite('keeps the generated signing secret in the data folder across restarts', async () => {
    const server = await startServer({ SEED: 'none' });
    await server.stop();
    const secret = fs.readFileSync(path.join(server.dataDir, 'session-secret'), 'utf8');
    const again = await startServer({ SEED: 'none' }, { dataDir: server.dataDir });
    await again.stop();
    expect(fs.readFileSync(path.join(server.dataDir, 'session-secret'), 'utf8')).toBe(secret);
  });

  onSqlite('stops with one clear line when the data folder cannot be used', async () => {
    const file = path.join(tempDataDir(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const server = await startServer({ SEED: 'none' }, { dataDir: file, expectFailure: true });
    expect(server.output().trim()).toMatch(/^Cannot start: the data folder .* cannot be used/);
    expect(server.output().trim().split('\n')).toHaveLength(1);
  });

  onSqlite('stops with one clear line when the port is taken', async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    try {
      const server = await startServer({ SEED: 'none', PORT: String(port) }, { expectFailure: true });
      expect(server.output()).toMatch(/Cannot start: port \d+ on 127\.0\.0\.1 is already in use/);
    } finally {
      blocker.close();
    }
  });

  // Refused before anything else starts (src/server/main.ts reads the payment settings with the others), so
  // that no payer meets a 500: the simulator takes no real money, and a gateway without its keys takes none.
  onSqlite('stops with one clear line when the payment gateway cannot take real money', async () => {
    const simulator = await startServer({ NODE_ENV: 'production', SEED: 'none', PAYMENT_GATEWAY: 'simulator' }, { expectFailure: true });
    expect(simulator.output().trim()).toMatch(/^Cannot start: PAYMENT_GATEWAY=simulator is refused in production: the built-in simulator takes no real money\./);
    expect(simulator.output().trim().split('\n')).toHaveLength(1);
    const keyless = await startServer({ SEED: 'none', PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_council' }, { expectFailure: true });
    expect(keyless.output().trim()).toMatch(/^Cannot start: PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_SECRET /);
  });
});

/**
 * A data folder as a demo server's first start leaves it, stopped. The run's prepared template is exactly that
 * (`startServer({}, { firstStart: true })`, then a stop, in tests/support/global-setup.ts and make-template.ts),
 * so a copy of it stands for this file's own first start, which would draw the demo's pictures a second time
 * (a quarter of a minute of CPU, in each engine's pass). Without a template, the first start is made here.
 */
async function demoFirstStart(): Promise<string> {
  const template = publishedTemplate();
  if (!template) {
    const first = await startServer({}, { firstStart: true });
    await first.stop();
    return first.dataDir;
  }
  const dataDir = tempDataDir();
  const copied = await copyTemplate(template, dataDir);
  if (copied) pairDataDirWithDatabase(dataDir, copied);
  return dataDir;
}
