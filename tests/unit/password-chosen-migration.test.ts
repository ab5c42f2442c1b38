import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';

/**
 * Accounts from before the password's choice was recorded: one with no change waiting has chosen its
 * password; one waiting for its change is new unless the audit log shows it changed its password before (then
 * an admin reset it).
 */
const MIGRATION = '2026-11-30-15-password-chosen';

describe('the migration that records whether an account\'s owner ever chose its password', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'password-chosen-migration-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells a new account from a reset one', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1])).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const at = '2026-11-01T04:00:00.000Z';
    const account = async (email: string, mustChange: number) =>
      Number((await old.insertInto('app_user').values({ email, password_hash: 'x', role: 'editor', created_at: at, must_change_password: mustChange }).returning('id').executeTakeFirstOrThrow()).id);
    await account('settled@example.org', 0);
    await account('new@example.org', 1);
    const reset = await account('reset@example.org', 1);
    await old.insertInto('audit_log').values({ at, user_id: reset, user_email: 'reset@example.org', action: 'change-password', entity: 'account', record_id: reset }).execute();

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

    const rows = await old.selectFrom('app_user').select(['email', 'password_chosen_at']).where('email', 'like', '%@example.org').orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'new@example.org', password_chosen_at: null },
      { email: 'reset@example.org', password_chosen_at: at },
      { email: 'settled@example.org', password_chosen_at: at },
    ]);
  });
});
