import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, nowIso, type Db } from '../../src/server/db';
import { authenticate } from '../../src/server/auth/users';
import { PASSWORD_PARAMS, needsRehash } from '../../src/server/auth/password';
import { openTestDatabase } from '../support/database';
import { tempDataDir } from '../support/server';

/** A hash made the way earlier versions made them: scrypt with N=2^15, r=8, p=1. */
function earlierHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 128 * 1024 * 1024 });
  return ['scrypt', 32768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashes made under weaker settings', () => {
  let database: Db;
  beforeAll(async () => {
    database = await openTestDatabase(tempDataDir());
    await migrateToLatest(database);
    await database.insertInto('app_user').values({ email: 'old@example.org', password_hash: earlierHash('an-old-password'), role: 'user', must_change_password: 0, created_at: nowIso() }).execute();
  });
  afterAll(async () => database.destroy());

  const storedHash = async () => (await database.selectFrom('app_user').select('password_hash').where('email', '=', 'old@example.org').executeTakeFirstOrThrow()).password_hash;

  it('are made again at today\'s cost at the next sign-in, which keeps working', async () => {
    expect(needsRehash(await storedHash())).toBe(true);
    expect(await authenticate('old@example.org', 'wrong-password', database)).toBeNull();
    expect(needsRehash(await storedHash())).toBe(true);
    expect(await authenticate('old@example.org', 'an-old-password', database)).not.toBeNull();
    const upgraded = await storedHash();
    expect(upgraded.split('$').slice(1, 4).map(Number)).toEqual([PASSWORD_PARAMS.N, PASSWORD_PARAMS.r, PASSWORD_PARAMS.p]);
    expect(needsRehash(upgraded)).toBe(false);
    expect(await authenticate('old@example.org', 'an-old-password', database)).not.toBeNull();
  });

  it('meet OWASP\'s scrypt guidance: N=2^15 with r=8 needs p of at least 3', () => {
    expect(PASSWORD_PARAMS.r).toBe(8);
    expect(PASSWORD_PARAMS.N * PASSWORD_PARAMS.p).toBeGreaterThanOrEqual(2 ** 15 * 3);
  });
});
