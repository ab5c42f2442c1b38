import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/password';
import { signToken, verifyToken, type TokenClaims } from '../../src/server/auth/token';
import { createSession, invalidateSession, invalidateUserSessions, sessionIdFromToken, validateToken } from '../../src/server/auth/session';
import { addUser, authenticate } from '../../src/server/auth/users';
import { migrateToLatest, type Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';
import { tempDataDir } from '../support/server';
import { inTestCouncil } from '../support/council';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', inTestCouncil(async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  }));

  it('salts every hash', inTestCouncil(async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  }));

  it('refuses a malformed stored hash', inTestCouncil(async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  }));
});

describe('signed tokens', () => {
  const secret = new TextEncoder().encode('k'.repeat(32));
  const claims: TokenClaims = { sub: '1', email: 'a@b.c', role: 'admin', sid: 'secret', iat: 100, exp: 2000 };

  it('round-trips claims', () => {
    expect(verifyToken(signToken(claims, secret), secret, 1000)).toEqual(claims);
  });

  it('refuses a token after its expiry', () => {
    expect(verifyToken(signToken(claims, secret), secret, 2000)).toBeNull();
  });

  it('refuses a token signed with another key or altered', () => {
    const token = signToken(claims, secret);
    expect(verifyToken(token, new TextEncoder().encode('other'), 1000)).toBeNull();
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin', sub: '2' })).toString('base64url');
    expect(verifyToken(`${h}.${forged}.${s}`, secret, 1000)).toBeNull();
    expect(verifyToken('not.a.token', secret, 1000)).toBeNull();
  });

  it('refuses a token that names another algorithm or none, even with a signature that would hold', () => {
    const [, payload] = signToken(claims, secret).split('.');
    for (const alg of ['none', 'HS512']) {
      const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
      const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
      expect(verifyToken(`${header}.${payload}.${signature}`, secret, 1000)).toBeNull();
      expect(verifyToken(`${header}.${payload}.`, secret, 1000)).toBeNull();
    }
  });

  it('refuses a token whose expiry is not a number', () => {
    expect(verifyToken(signToken({ ...claims, exp: 'never' as unknown as number }, secret), secret, 1000)).toBeNull();
  });
});

describe('sessions and accounts on a fresh database', () => {
  let database: Db;
  beforeAll(inTestCouncil(async () => {
    process.env.SESSION_SECRET = 'a-unit-test-secret-of-32-bytes-or-more';
    database = await openTestDatabase(tempDataDir());
    await migrateToLatest(database);
  }));
  afterAll(async () => database.destroy());

  it('migrates an empty database to every table, and a second run does nothing', inTestCouncil(async () => {
    const tables = (await database.introspection.getTables()).map((t) => t.name);
    for (const table of ['media', 'app_user', 'user_session', 'slider', 'about', 'employee', 'tender', 'notice', 'circular', 'office_order', 'latest_news', 'gallery', 'press_release', 'grievance_type', 'district', 'ward', 'ulb', 'service_case', 'case_contact', 'case_event', 'complaint_reminder']) {
      expect(tables).toContain(table);
    }
    const employee = (await database.introspection.getTables()).find((t) => t.name === 'employee')!;
    expect(employee.columns.map((c) => c.name)).toContain('email_addres');
    expect(await migrateToLatest(database)).toEqual([]);
  }));

  it('adds a user once, normalising the email, and authenticates only with the right password', inTestCouncil(async () => {
    expect(await addUser('Clerk@Example.org ', 'a-long-password', 'user', database)).toBe(true);
    expect(await addUser('clerk@example.org', 'another-password', 'admin', database)).toBe(false);
    expect((await authenticate('CLERK@example.org', 'a-long-password', database))?.role).toBe('user');
    expect(await authenticate('clerk@example.org', 'wrong-password', database)).toBeNull();
    expect(await authenticate('nobody@example.org', 'a-long-password', database)).toBeNull();
    await expect(addUser('short@example.org', 'short', 'user', database)).rejects.toThrow(/8 characters/);
  }));

  it('stores only the hash of the session secret and finds the session from the token', inTestCouncil(async () => {
    const user = (await authenticate('clerk@example.org', 'a-long-password', database))!;
    const { token } = await createSession({ id: user.id, email: user.email, role: user.role }, database);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.role).toBe('user');
    const rows = await database.selectFrom('user_session').selectAll().execute();
    expect(rows.map((r) => r.id)).toContain(sessionIdFromToken(claims.sid));
    expect(rows.some((r) => r.id === claims.sid)).toBe(false);
    const session = await validateToken(token, database);
    expect(session?.user.email).toBe('clerk@example.org');
  }));

  it('refuses an expired session and deletes it', inTestCouncil(async () => {
    const user = (await authenticate('clerk@example.org', 'a-long-password', database))!;
    const { token } = await createSession({ id: user.id, email: user.email, role: user.role }, database);
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    await database.updateTable('user_session').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', sessionIdFromToken(sid)).execute();
    expect(await validateToken(token, database)).toBeNull();
    expect(await database.selectFrom('user_session').select('id').where('id', '=', sessionIdFromToken(sid)).executeTakeFirst()).toBeUndefined();
  }));

  it('ends a session on logout and every session of a user on demand', inTestCouncil(async () => {
    const user = (await authenticate('clerk@example.org', 'a-long-password', database))!;
    const first = await createSession({ id: user.id, email: user.email, role: user.role }, database);
    const second = await createSession({ id: user.id, email: user.email, role: user.role }, database);
    const session = (await validateToken(first.token, database))!;
    await invalidateSession(session.id, database);
    expect(await validateToken(first.token, database)).toBeNull();
    expect(await validateToken(second.token, database)).not.toBeNull();
    await invalidateUserSessions(user.id, database);
    expect(await validateToken(second.token, database)).toBeNull();
  }));
});
