import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';
import { tempDataDir } from '../support/server';

// Every password check is counted, with the hash it was made against.
const checks = vi.hoisted(() => [] as string[]);
vi.mock('../../src/server/auth/password', async (original) => {
  const real = await original<typeof import('../../src/server/auth/password')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      checks.push(stored);
      return real.verifyPassword(password, stored);
    },
  };
});

const { addUser, authenticate } = await import('../../src/server/auth/users');

/**
 * An unknown email must cost a caller exactly what a wrong password costs, or the time of the answer tells
 * which accounts exist: one scrypt check either way, with the same work factors.
 */
describe('sign-in costs the same for an unknown email as for a wrong password', () => {
  let database: Db;
  beforeAll(async () => {
    database = await openTestDatabase(tempDataDir());
    await migrateToLatest(database);
    await addUser('clerk@example.org', 'a-long-password', 'user', database);
  });
  afterAll(async () => database.destroy());

  it('runs one scrypt check with the same parameters on both paths', async () => {
    checks.length = 0;
    expect(await authenticate('clerk@example.org', 'wrong-password', database)).toBeNull();
    expect(await authenticate('nobody@example.org', 'wrong-password', database)).toBeNull();
    expect(checks).toHaveLength(2);
    const parameters = checks.map((hash) => hash.split('$').slice(0, 4).join('$'));
    expect(parameters[0]).toMatch(/^scrypt\$\d+\$\d+\$\d+$/);
    expect(parameters[1]).toBe(parameters[0]);
    // The decoy is a real hash of its own, not the account's.
    expect(checks[1]).not.toBe(checks[0]);
  });
});
