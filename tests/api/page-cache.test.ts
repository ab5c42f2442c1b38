import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, bearer, login } from '../support/api';
import { startServer, type TestServer } from '../support/server';
import { CONTENT_TYPES } from '../../src/features/content-types';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Its own server, whose cache no neighbouring file's writes empty: what is cached after each step is exactly
 * what these steps did, so the file can run beside others.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.stop());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { res, body: await res.text() };
}

/** Requests a page until it comes from the cache, so the next request tells whether a write emptied it. */
async function warm(path: string) {
  await get(path);
  const second = await get(path);
  expect(second.res.headers.get('x-page-cache'), `${path} should be cached on the second request`).toBe('hit');
}

describe('the public page cache', () => {
  it('serves the second anonymous request from memory, compressed, with an ETag that answers 304', async () => {
    await warm('/notice');
    const br = await fetch(`${server.url}/notice`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await fetch(`${server.url}/notice`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const etag = br.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/notice`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('keeps public API answers too, with their paging header, and drops them on a write', async () => {
    const path = '/api/Public/notice?page=1&pageSize=5';
    await warm(path);
    const cached = await get(path);
    expect(cached.res.headers.get('x-total-count')).toMatch(/^\d+$/);
    expect(JSON.parse(cached.body)).toHaveLength(5);
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const [first] = JSON.parse(cached.body) as { id: number }[];
    const form = new FormData();
    form.set('Notice.Id', String(first.id));
    expect((await fetch(`${server.url}/api/Admin/notice`, { method: 'PUT', headers: bearer(token), body: form })).status).toBe(200);
    expect((await get(path)).res.headers.get('x-page-cache')).toBeNull();
  });

  it('drops the cached pages of its own type only when an item is published', async () => {
    const admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
    const editor = bearer(await login(EDITOR.email, EDITOR.password, server.url));
    const created = await fetch(`${server.url}/api/Admin/latest-news`, {
      method: 'POST',
      headers: { ...editor, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 0, title: `Cache scope ${Date.now()}`, description: 'Written by the page cache test.' }),
    });
    const { id } = (await created.json()) as { id: number };
    const step = (headers: Record<string, string>, action: string) =>
      fetch(`${server.url}/api/Admin/latest-news/${id}/state`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
    expect((await step(editor, 'submit')).status).toBe(200);
    await warm('/api/Public/notice?page=1&pageSize=5');
    await warm('/api/Public/latest-news?page=1&pageSize=5');
    expect((await step(admin, 'publish')).status).toBe(200);
    expect((await get('/api/Public/latest-news?page=1&pageSize=5')).res.headers.get('x-page-cache')).toBeNull();
    expect((await get('/api/Public/notice?page=1&pageSize=5')).res.headers.get('x-page-cache'), 'notices do not show news').toBe('hit');
  });

  it('after a write, renders a page once for many visitors arriving together: the rest wait and get the cached copy', async () => {
    await warm('/currenttender');
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const form = new FormData();
    form.set('LatestNews.Id', '0');
    form.set('LatestNews.title', `Cache stampede check ${Date.now()}`);
    form.set('LatestNews.description', 'Written by the page cache test.');
    expect((await fetch(`${server.url}/api/Admin/latest-news`, { method: 'POST', headers: bearer(token), body: form })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/currenttender')));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(answers.filter((a) => a.res.headers.get('x-page-cache') !== 'hit')).toHaveLength(1);
  });

  it('serves the pages with forms from memory too, in both languages', async () => {
    for (const path of ['/contactus', '/feedback', '/postgrievance', '/tradelicense', '/my/signin', '/hi/contactus', '/hi/tradelicense', '/hi/my/signin']) await warm(path);
    await warm('/tradelicense?tradeType=grocery&structure=pucca&kind=new&area=250&employees=10');
  });

  it('never serves nor keeps the sign-in page of a visitor between its two steps, which shows their mobile', async () => {
    await warm('/my/signin?step=code');
    const pending = await get('/my/signin?step=code', { cookie: 'citizen_signin_mobile=9876543210' });
    expect(pending.res.headers.get('x-page-cache')).toBeNull();
    expect(pending.res.headers.get('cache-control')).toMatch(/no-store/);
    expect(pending.body).toContain('value="9876543210"');
    const stranger = await get('/my/signin?step=code');
    expect(stranger.res.headers.get('x-page-cache')).toBe('hit');
    expect(stranger.body).not.toContain('9876543210');
  });

  it('never serves or stores a page for a signed-in visitor', async () => {
    await warm('/notice');
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const signedIn = await get('/notice', { cookie: `session=${token}` });
    expect(signedIn.res.headers.get('x-page-cache')).toBeNull();
    expect(signedIn.res.headers.get('cache-control')).toMatch(/no-store/);
    const dashboard = await get('/dashboard', { cookie: `session=${token}` });
    expect(dashboard.res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('does not cache a not-found answer', async () => {
    const path = `/no-such-page-${Date.now()}`;
    expect((await get(path)).res.status).toBe(404);
    expect((await get(path)).res.headers.get('x-page-cache')).toBeNull();
  });

  it('renders afresh after a write of every content type the page that shows it, and shows a new notice at once', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    for (const def of CONTENT_TYPES) {
      await warm(def.publicRoute);
      const body = new FormData();
      body.set(`${def.partPrefix}.Id`, '0');
      // Ask for an invalid save first: a rejected write must not empty the cache either.
      const refused = await fetch(`${server.url}/api/Admin/${def.path}`, { method: 'PUT', headers: bearer(token), body });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect((await get(def.publicRoute)).res.headers.get('x-page-cache'), `${def.path}: a refused write kept the cache`).toBe('hit');

      const list = await fetch(`${server.url}/api/Admin/${def.path}?media=url`, { headers: bearer(token) });
      const [first] = (await list.json()) as { id: number }[];
      const update = new FormData();
      update.set(`${def.partPrefix}.Id`, String(first.id));
      const saved = await fetch(`${server.url}/api/Admin/${def.path}`, { method: 'PUT', headers: bearer(token), body: update });
      expect(saved.status, `${def.path} update`).toBe(200);
      expect((await get(def.publicRoute)).res.headers.get('x-page-cache'), `${def.path}: the cache survived a write`).toBeNull();
    }

    await warm('/notice');
    const title = `Cache check ${Date.now()}`;
    const form = new FormData();
    form.set('Notice.title', title);
    form.set('Notice.IssueDate', '2099-01-01');
    form.set('DocumentFile', new Blob([PDF], { type: 'application/pdf' }), 'check.pdf');
    const created = await fetch(`${server.url}/api/Admin/notice`, { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(201);
    expect((await get('/notice')).body).toContain(title);
    const { id } = await created.json();
    await fetch(`${server.url}/api/Admin/notice/${id}`, { method: 'DELETE', headers: bearer(token) });
    expect((await get('/notice')).body).not.toContain(title);
  });

  it('drops on a write only the pages that read the written table; the news strip on every page reads latest news', async () => {
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    for (const path of ['/', '/notice', '/pressrelease', '/api/Public/notice?page=1&pageSize=5']) await warm(path);
    const list = await fetch(`${server.url}/api/Admin/press-release?media=url`, { headers: bearer(token) });
    const [first] = (await list.json()) as { id: number }[];
    const update = new FormData();
    update.set('PressRelease.Id', String(first.id));
    expect((await fetch(`${server.url}/api/Admin/press-release`, { method: 'PUT', headers: bearer(token), body: update })).status).toBe(200);
    expect((await get('/pressrelease')).res.headers.get('x-page-cache')).toBeNull();
    for (const path of ['/', '/notice', '/api/Public/notice?page=1&pageSize=5']) {
      expect((await get(path)).res.headers.get('x-page-cache'), `${path} does not show press releases`).toBe('hit');
    }

    const news = new FormData();
    news.set('LatestNews.Id', '0');
    news.set('LatestNews.title', `Strip check ${Date.now()}`);
    news.set('LatestNews.description', 'Written by the page cache test.');
    expect((await fetch(`${server.url}/api/Admin/latest-news`, { method: 'POST', headers: bearer(token), body: news })).status).toBe(201);
    expect((await get('/notice')).res.headers.get('x-page-cache'), 'every page carries the news strip').toBeNull();
    expect((await get('/api/Public/notice?page=1&pageSize=5')).res.headers.get('x-page-cache'), 'the notice API shows no news').toBe('hit');
  });
});
