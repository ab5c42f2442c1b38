import { describe, expect, it } from 'vitest';
import { SCRIPT_TEST_TIMEOUT, npmRun as runScript } from '../support/npm-run';
import { startServer, tempDataDir } from '../support/server';

const npmRun = (args: string[], dataDir: string, input?: string) => runScript(args, { env: { DATA_DIR: dataDir }, input });

describe('the command-line scripts', { timeout: SCRIPT_TEST_TIMEOUT }, () => {
  it('db:migrate migrates an empty data folder once', async () => {
    const dataDir = tempDataDir();
    expect((await npmRun(['db:migrate'], dataDir)).out).toMatch(/Migrated: 2026-11-22-0001-initial/);
    expect((await npmRun(['db:migrate'], dataDir)).out).toMatch(/up to date/);
  });

  it('user add creates an account that can sign in, refuses duplicates and unknown roles', async () => {
    const dataDir = tempDataDir();
    const added = await npmRun(['user', '--', 'add', '--email', 'Clerk@Council.example', '--role', 'user', '--password-stdin'], dataDir, 'clerk-password-9\n');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Added user account clerk@council\.example/);
    const again = await npmRun(['user', '--', 'add', '--email', 'clerk@council.example', '--role', 'user', '--password-stdin'], dataDir, 'other-password-9\n');
    expect(again.code).toBe(1);
    expect((await npmRun(['user', '--', 'add', '--email', 'x@y.z', '--role', 'boss'], dataDir)).code).toBe(2);
    expect((await npmRun(['user', '--', 'add', '--email', 'x@y.z', '--role', 'user', '--password-stdin'], dataDir, 'short\n')).out).toMatch(/at least 8/);

    const server = await startServer({ SEED: 'none' }, { dataDir });
    try {
      const res = await fetch(`${server.url}/api/Account/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'clerk@council.example', password: 'clerk-password-9' }),
      });
      expect(res.status).toBe(200);
      // An account existed before the first start, so no demo accounts were made.
      expect(server.output()).not.toMatch(/demo accounts/);
    } finally {
      await server.stop();
    }
  });
});
