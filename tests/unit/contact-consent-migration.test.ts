import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';

/**
 * Followers kept before contacts were confirmed: the citizen of a merged duplicate goes on hearing of the
 * original with the contact they lodged with; a "me too" and a duplicate's follower, never asked, hear nothing
 * more until confirmed. Ward alert subscriptions keep their settings, with no change waiting.
 */
const MIGRATION = '2026-11-30-05-contact-consent';

describe('the migration that makes followers\' contacts wait for confirmation', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-consent-migration-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('confirms only a merged duplicate\'s own citizen', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    const names = Object.keys(migrations);
    expect((await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1])).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const at = '2026-11-01T04:00:00.000Z';
    const kase = async (number: string, state: string) =>
      Number((await old.insertInto('service_case').values({ service: 'grievance', number, state, lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}' }).returning('id').executeTakeFirstOrThrow()).id);
    const original = await kase('NPK-PGR-2026-11-01-000101', 'Lodged');
    const duplicate = await kase('NPK-PGR-2026-11-01-000102', 'Merged');
    await old.insertInto('case_contact').values([
      { case_id: original, name: 'A', mobile: '9000000001', email: 'a@example.in', address: '' },
      { case_id: duplicate, name: 'B', mobile: '9000000002', email: 'b@example.in', address: '' },
    ]).execute();
    const follow = (mobile: string, email: string, via: string, from: string) => ({ case_id: original, mobile, email, lang: 'en', via, merged_from: from, at });
    await old.insertInto('case_supporter').values([
      follow('9000000002', 'b@example.in', 'merge', 'NPK-PGR-2026-11-01-000102'),
      follow('9000000003', 'c@example.in', 'merge', 'NPK-PGR-2026-11-01-000102'),
      follow('9000000004', '', 'me-too', ''),
    ]).execute();

    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

    const rows = await old.selectFrom('case_supporter').select(['mobile', 'mobile_confirmed_at', 'email_confirmed_at', 'mobile_nonce', 'email_nonce']).orderBy('mobile').execute();
    expect(rows).toEqual([
      { mobile: '9000000002', mobile_confirmed_at: at, email_confirmed_at: at, mobile_nonce: null, email_nonce: null },
      { mobile: '9000000003', mobile_confirmed_at: null, email_confirmed_at: null, mobile_nonce: null, email_nonce: null },
      { mobile: '9000000004', mobile_confirmed_at: null, email_confirmed_at: null, mobile_nonce: null, email_nonce: null },
    ]);
  });
});
