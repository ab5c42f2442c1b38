import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCouncil } from '../../db/seed/council';
import { seedDemoContent } from '../../db/seed/demo';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { addUser } from '../../src/server/auth/users';
import { migrateToLatest, openSqlite, type Db } from '../../src/server/db';
import { bearer, login } from '../support/api';
import { createFreshDatabase, testPostgresUrl } from '../support/database';
import { SCRIPT_TEST_TIMEOUT, npmRun } from '../support/npm-run';
import { startServer, tempDataDir, type TestServer } from '../support/server';

/** The demo council on SQLite, copied into PostgreSQL, must serve the same content and take new records. */
const copyToPostgres = (dataDir: string, databaseUrl: string) => npmRun(['migrate-to-postgres'], { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } });

describe.skipIf(!testPostgresUrl())('npm run migrate-to-postgres', { timeout: SCRIPT_TEST_TIMEOUT }, () => {
  let sqliteDir: string;
  let databaseUrl: string;
  let sqlite: Db;
  let server: TestServer;

  beforeAll(async () => {
    sqliteDir = tempDataDir('council-copy');
    sqlite = openSqlite(sqliteDir);
    await migrateToLatest(sqlite);
    for (const account of DEMO_ACCOUNTS) await addUser(account.email, account.password, account.role, sqlite);
    // The grievances' numbers carry the council's short name.
    await seedDemoCouncil(sqlite);
    await seedDemoContent(sqlite);
    databaseUrl = await createFreshDatabase(testPostgresUrl()!, 'council_copy');
  });

  afterAll(async () => {
    await server?.stop();
    await sqlite?.destroy();
  });

  it('copies every table, files included, and reports matching counts', async () => {
    const copied = await copyToPostgres(sqliteDir, databaseUrl);
    expect(copied.out).toMatch(/Every table matches/);
    expect(copied.code).toBe(0);
    const notices = (await sqlite.selectFrom('notice').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(copied.out).toMatch(new RegExp(`\\n\\s+notice\\s+${notices}\\s+${notices}\\n`));
  });

  it('refuses to copy into a database that already holds data', async () => {
    const again = await copyToPostgres(sqliteDir, databaseUrl);
    expect(again.code).not.toBe(0);
    expect(again.out).toMatch(/already holds data/);
  });

  it('serves the copied content and files, and numbers new records after the copied ones', async () => {
    server = await startServer({ DATABASE_URL: databaseUrl, SEED: 'none' });
    const notices = (await (await fetch(`${server.url}/api/Public/notice?media=url`)).json()) as Record<string, unknown>[];
    const stored = await sqlite.selectFrom('notice').select(['id', 'title']).orderBy('id').execute();
    expect(notices.map((n) => n.title).sort()).toEqual(stored.map((n) => n.title).sort());

    const fileUrl = notices.flatMap((n) => Object.values(n)).find((v) => typeof v === 'string' && v.startsWith('/media/')) as string;
    const served = Buffer.from(await (await fetch(`${server.url}${fileUrl}`)).arrayBuffer());
    expect(createHash('sha256').update(served).digest('hex')).toBe(/\/media\/([0-9a-f]{64})/.exec(fileUrl)![1]);

    const token = await login(DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].password, server.url);
    const form = new FormData();
    form.set('Notice.title', 'First notice written on PostgreSQL');
    form.set('Notice.IssueDate', '2099-04-01');
    form.set('DocumentFile', new Blob([Buffer.from('%PDF-1.4\n% new\n%%EOF\n')], { type: 'application/pdf' }), 'new.pdf');
    const created = await fetch(`${server.url}/api/Admin/notice`, { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { id: number }).id).toBe(stored[stored.length - 1].id + 1);
  });
});
