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

  it('answers a token whose claims carry the role, the user and a five-minute expiry', async () => {
    const res = await post(`${server.url}/api/Account/login`, { email: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(200);
    const { token, home } = await res.json();
    const c = claims(token);
    expect(c.role).toBe('admin');
    // The sign-in form lands the person where homeFor says, the one table of landings.
    expect(home).toBe('/dashboard');
    expect(c.email).toBe(ADMIN.email);
    expect(c.exp - c.iat).toBe(5 * 60);
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

  it('renews a live session into a new full one and ends the old; an ended or missing session cannot renew', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const res = await post(`${server.url}/api/Account/renew`, {}, bearer(token));
    expect(res.status).toBe(200);
    const renewed = await res.json();
    expect(renewed.role).toBe('admin');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(claims(renewed.token).exp - claims(renewed.token).iat).toBe(5 * 60);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(renewed.token) })).status).toBe(200);
    expect((await fetch(`${server.url}/api/Admin/notice`, { headers: bearer(token) })).status).toBe(401);
    expect((await post(`${server.url}/api/Account/renew`, {}, bearer(token))).status).toBe(401);
    expect((await post(`${server.url}/api/Account/renew`, {})).status).toBe(401);
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
