import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { rawRequest } from '../support/raw-request';
import { SQLITE_FILE_NAME } from '../../src/server/db';
import { ISLAND_LOADER_SCRIPTS, scriptHash } from '../../src/server/content-security-policy';

/** The findings of trying the site as an outsider would, each kept from coming back. */

const newsCount = async () => ((await (await fetch(`${baseUrl()}/api/Public/latest-news?media=url`)).json()) as unknown[]).length;

describe('refusals before any work', () => {
  it('does not let the complaint desk publish news through another spelling of the admin path', async () => {
    const token = await login(USER.email, USER.password);
    const before = await newsCount();
    const body = JSON.stringify({ title: 'Published by the desk', date: '2026-11-23' });
    for (const target of ['//api/Admin/latest-news', '/api/Admin/latest-news', '/./api/Admin/latest-news']) {
      const res = await rawRequest(baseUrl(), 'POST', target, { ...bearer(token), 'content-type': 'application/json' }, body);
      expect([301, 403]).toContain(res.status);
    }
    expect(await newsCount()).toBe(before);
  });

  it('refuses a stranger\'s 50 MB upload with 401 before reading it', async () => {
    const url = new URL(`${baseUrl()}/api/Admin/notice`);
    const declared = 50 * 1024 * 1024;
    const answer = await new Promise<{ status: number; sentBytes: number }>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': declared } });
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sentBytes: sent });
        req.destroy();
      });
      req.on('error', (err) => (sent > 0 ? undefined : reject(err)));
      // Send a first megabyte and then wait: the answer must come without the other 49.
      for (let i = 0; i < 16; i++) {
        req.write(chunk);
        sent += chunk.length;
      }
    });
    expect(answer.status).toBe(401);
    expect(answer.sentBytes).toBeLessThan(declared);
  });

  it('answers another spelling of a path with a 301 to the canonical one, before anything else runs', async () => {
    for (const [target, location] of [['//api/Admin/audit', '/api/Admin/audit'], ['/.//audit', '/audit'], ['/\\api/Admin/audit', '/api/Admin/audit'], ['/notice/?page=2', '/notice?page=2']]) {
      const res = await rawRequest(baseUrl(), 'GET', target);
      expect(res.status, target).toBe(301);
      expect(res.location).toBe(location);
    }
    expect((await rawRequest(baseUrl(), 'GET', '/api/Admin%2Faudit')).status).toBe(404);
  });
});

describe('sign-in', () => {
  const form = (email: string, password: string) => new URLSearchParams({ email, password }).toString();

  it('sends a visitor only to a canonical same-site path after signing in, and home instead of anywhere else', async () => {
    const res = await fetch(`${baseUrl()}/login?next=${encodeURIComponent('/.//evil.example/x')}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(ADMIN.email, ADMIN.password), redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard');
  });

  it('refuses cross-site sign-in posts, by Origin or by Sec-Fetch-Site, on both sign-in routes', async () => {
    const json = JSON.stringify({ email: ADMIN.email, password: ADMIN.password });
    const attempts: { path: string; type: string; body: string; headers: Record<string, string> }[] = [
      { path: '/api/Account/login', type: 'application/json', body: json, headers: { origin: 'http://evil.example' } },
      { path: '/api/Account/login', type: 'application/json', body: json, headers: { 'sec-fetch-site': 'cross-site' } },
      { path: '/login', type: 'application/x-www-form-urlencoded', body: form(ADMIN.email, ADMIN.password), headers: { origin: 'http://evil.example' } },
      { path: '/login', type: 'application/x-www-form-urlencoded', body: form(ADMIN.email, ADMIN.password), headers: { 'sec-fetch-site': 'same-site' } },
    ];
    for (const attempt of attempts) {
      const res = await fetch(`${baseUrl()}${attempt.path}`, { method: 'POST', headers: { 'content-type': attempt.type, ...attempt.headers }, body: attempt.body, redirect: 'manual' });
      expect(res.status, attempt.path).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // The same post from the site itself signs in.
    const own = await fetch(`${baseUrl()}/api/Account/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl(), 'sec-fetch-site': 'same-origin' }, body: json,
    });
    expect(own.status).toBe(200);
  });
});

describe('headers and limits', () => {
  it('allows only the island loaders known at build time as inline scripts, the same on every page', async () => {
    const policies = await Promise.all(['/', '/notice', '/contactus'].map(async (p) => (await fetch(`${baseUrl()}${p}`)).headers.get('content-security-policy')));
    expect(new Set(policies).size).toBe(1);
    const scriptSrc = policies[0]!.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(ISLAND_LOADER_SCRIPTS.length);
    expect(scriptSrc).not.toContain(scriptHash('alert(document.cookie)'));
  });

  it('serves stored files sandboxed, so a document opened on its own runs nothing', async () => {
    const notices = (await (await fetch(`${baseUrl()}/api/Public/notice?media=url`)).json()) as { filePath: string | null }[];
    const res = await fetch(`${baseUrl()}${notices.find((n) => n.filePath)!.filePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('serves /home?x=N from the cached /home, so made-up parameters cannot fill the cache', async () => {
    await fetch(`${baseUrl()}/home`);
    const hit = await fetch(`${baseUrl()}/home?x=${Date.now()}`);
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    const page = await fetch(`${baseUrl()}/notice?page=1&utm=${Date.now()}`);
    expect(await page.text()).not.toContain('utm=');
  });

  it('caps an unpaged list and says so, while a paged one pages through everything', async () => {
    const all = await fetch(`${baseUrl()}/api/Public/complaint`);
    expect(all.status).toBe(200);
    const listed = (await all.json()) as unknown[];
    expect(listed.length).toBeLessThanOrEqual(1000);
    if (all.headers.get('x-list-truncated')) expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(listed.length);
    const paged = await fetch(`${baseUrl()}/api/Public/complaint?page=1&pageSize=2`);
    expect((await paged.json()) as unknown[]).toHaveLength(2);
  });
});

describe('a server without TRUST_PROXY, with SITE_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A data folder that does not exist yet, so the server creates it. Without the demo: a folder that does not
    // exist cannot begin from the run's prepared first start, and the demo's first start (its documents drawn)
    // is seconds of CPU that nothing below reads.
    server = await startServer({ SITE_URL: 'https://council.example', SEED: 'none' }, { dataDir: path.join(tempDataDir(), 'not-yet', 'data') });
  });
  afterAll(async () => server.stop());

  it('takes the address from the socket, so a forged X-Forwarded-For neither spreads nor dodges the limit', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/api/Account/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ email: `nobody${i}@example.org`, password: 'wrong-password' }),
      });
      expect(res.status).toBe(401);
    }
    const next = await fetch(`${server.url}/api/Account/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
      body: JSON.stringify({ email: 'someone@example.org', password: 'wrong-password' }),
    });
    expect(next.status).toBe(429);
  });

  it('names SITE_URL in absolute links and sends no HSTS over plain http', async () => {
    const res = await fetch(`${server.url}/notice`);
    // The hreflang alternates name the page at its public address.
    expect(await res.text()).toContain('href="https://council.example/notice"');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the data folder and the database to the server\'s own user (0700 and 0600)', () => {
    expect(fs.statSync(server.dataDir).mode & 0o777).toBe(0o700);
    if (!server.databaseUrl) expect(fs.statSync(path.join(server.dataDir, SQLITE_FILE_NAME)).mode & 0o777).toBe(0o600);
  });
});

describe('settings refused at start', () => {
  it('refuses a SESSION_SECRET shorter than 32 bytes', async () => {
    const server = await startServer({ SESSION_SECRET: 'too-short-a-secret' }, { expectFailure: true });
    await server.stop();
    expect(server.output()).toMatch(/SESSION_SECRET must be at least 32 bytes/);
  });
});
