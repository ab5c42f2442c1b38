import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, bearer, login } from '../support/api';
import { queryServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('POST /api/Account/login and logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
  });
  afterAll(async () => server.stop());

  it('answers a token whose claims carry the role, the user and the sign-in\'s absolute end; the idle end is five minutes away', async () => {
    const res = await post(`${server.url}/api/Account/login`, { email: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(200);
    const { token, home, expiresAt } = await res.json();
    const c = claims(token);
    expect(c.role).toBe('admin');
    // The sign-in form lands the person where homeFor says, the one table of landings.
    expect(home).toBe('/dashboard');
    expect(c.email).toBe(ADMIN.email);
    expect(c.exp - c.iat).toBe(12 * 3600);
    expect(Date.parse(expiresAt) - c.iat * 1000).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(Date.parse(expiresAt) - c.iat * 1000).toBeLessThanOrEqual(5 * 60_000 + 1000);
    expect(res.headers.get('set-cookie')).toMatch(/session=.*HttpOnly/i);
    expect(claims(await login(USER.email, USER.password, server.url)).role).toBe('user');
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    for (const body of [{ email: ADMIN.email, password: 'wrong-password' }, { email: 'nobody@example.org', password: 'whatever-it-is' }]) {
      const res = await post(`${server.url}/api/Account/login`, body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('answers 400 naming the missing fields, and 400 for a body that is not JSON', async () => {
    const res = await post(`${server.url}/api/Account/login`, { email: '' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({ email: 'Email is required.', password: 'Password is required.' });
    const bad = await fetch(`${server.url}/api/Account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(bad.status).toBe(400);
  });

  it('kills the token on logout', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(token) })).status).toBe(200);
    expect((await post(`${server.url}/api/Account/logout`, {}, bearer(token))).status).toBe(200);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(token) })).status).toBe(401);
  });

  it('renews a live session into a new one with a full idle limit and the same absolute end, and ends the old; an ended or missing session cannot renew', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    // An hour of the working day left: the renewed session keeps that end, the token's `exp` included.
    const absolute = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    await queryServerDatabase(server.dataDir, sql`UPDATE user_session SET absolute_expires_at = ${absolute.toISOString()}`);
    const res = await post(`${server.url}/api/Account/renew`, {}, bearer(token));
    expect(res.status).toBe(200);
    const renewed = await res.json();
    expect(renewed.role).toBe('admin');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(claims(renewed.token).exp * 1000).toBe(absolute.getTime());
    const status = await (await fetch(`${server.url}/api/Account/session`, { headers: bearer(renewed.token) })).json();
    expect(status).toEqual({ expiresAt: renewed.expiresAt, absoluteExpiresAt: absolute.toISOString() });
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(renewed.token) })).status).toBe(200);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(token) })).status).toBe(401);
    expect((await post(`${server.url}/api/Account/renew`, {}, bearer(token))).status).toBe(401);
    expect((await post(`${server.url}/api/Account/renew`, {})).status).toBe(401);
  });

  it('keeps a session alive while it is used: ten idle limits of work, a request every four and a half minutes', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const [{ id }] = await queryServerDatabase<{ id: string }>(server.dataDir, sql`SELECT id FROM user_session ORDER BY expires_at DESC LIMIT 1`);
    for (let step = 0; step < 10; step++) {
      // Four and a half minutes since the last request: thirty seconds of the idle limit left.
      await queryServerDatabase(server.dataDir, sql`UPDATE user_session SET expires_at = ${new Date(Date.now() + 30_000).toISOString()} WHERE id = ${id}`);
      expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(token) })).status, `step ${step}`).toBe(200);
      const [row] = await queryServerDatabase<{ expires_at: string }>(server.dataDir, sql`SELECT expires_at FROM user_session WHERE id = ${id}`);
      // Moved forward to five minutes from this request.
      expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(4.5 * 60_000);
    }
  });

  it('ends a session idle for its limit, and one past its absolute end however busy', async () => {
    const idle = await login(ADMIN.email, ADMIN.password, server.url);
    await queryServerDatabase(server.dataDir, sql`UPDATE user_session SET expires_at = ${new Date(Date.now() - 1000).toISOString()}`);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(idle) })).status).toBe(401);

    const busy = await login(ADMIN.email, ADMIN.password, server.url);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(busy) })).status).toBe(200);
    await queryServerDatabase(server.dataDir, sql`UPDATE user_session SET absolute_expires_at = ${new Date(Date.now() - 1000).toISOString()}`);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(busy) })).status).toBe(401);
  });

  it('refuses a token once its session has expired on the server', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    await queryServerDatabase(server.dataDir, sql`UPDATE user_session SET expires_at = ${new Date(Date.now() - 1000).toISOString()}`);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(token) })).status).toBe(401);
  });

  it('answers 401 without a token and 403 for the wrong role', async () => {
    expect((await fetch(`${server.url}/api/Admin/notice`)).status).toBe(401);
    const userToken = await login(USER.email, USER.password, server.url);
    const res = await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(userToken) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/may not/);
  });
});
