import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, bearer, login } from '../support/api';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { indianMoment } from '../../src/lib/india-time';

/**
 * Scheduled publication, withdrawal and validity against a server whose clock the test moves by hand
 * (TEST_CLOCK_FILE, honoured in test mode only): an item appears and disappears at its moment with no write
 * in between, and the cached page really changes then.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const clockFile = path.join(tempDataDir('council-lifecycle-clock'), 'offset');
const DAY_MS = 24 * 60 * 60_000;

let server: TestServer;
let admin: Record<string, string>;
let editor: Record<string, string>;

function setClock(indianTime: string, plusMs = 0) {
  fs.writeFileSync(clockFile, String(indianMoment(indianTime) + plusMs - Date.now()));
}

const word = (label: string) => `${label}${Date.now().toString(36)}`;

/** The titles of a search page's results, without the highlighting of the words searched for. */
const searchTitles = (html: string) => [...html.matchAll(/class="hit-title"[^>]*>(.*?)<\/a>/g)].map((m) => m[1].replace(/<\/?mark>/g, ''));

async function page(pathAndQuery: string) {
  const res = await fetch(`${server.url}${pathAndQuery}`);
  const html = await res.text();
  // The page's own content: the header's news strip lists live news on every page.
  return { status: res.status, cache: res.headers.get('x-page-cache'), body: /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html, whole: html };
}

async function warm(pathAndQuery: string) {
  await page(pathAndQuery);
  const again = await page(pathAndQuery);
  expect(again.cache, `${pathAndQuery} should come from the cache`).toBe('hit');
  return again;
}

async function createNews(title: string, headers = admin): Promise<number> {
  const res = await fetch(`${server.url}/api/Admin/latest-news`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 0, title, description: `About ${title}` }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function createNotice(title: string, headers = admin): Promise<number> {
  const form = new FormData();
  form.set('Notice.title', title);
  form.set('Notice.Description', `Details of ${title}`);
  form.set('Notice.IssueDate', '2099-06-15');
  form.set('DocumentFile', new Blob([PDF], { type: 'application/pdf' }), 'notice.pdf');
  const res = await fetch(`${server.url}/api/Admin/notice`, { method: 'POST', headers, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function step(type: string, id: number, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/Admin/${type}/${id}/state`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ TEST_CLOCK_FILE: clockFile });
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  editor = bearer(await login(EDITOR.email, EDITOR.password, server.url));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

describe('a scheduled item', () => {
  it('appears at its publish_at and disappears at its unpublish_at, on the cached page and the public API', async () => {
    setClock('2099-06-15T09:00:00');
    const title = word('Scheduledwater');
    const id = await createNews(title);
    const scheduled = await step('latest-news', id, { action: 'schedule', publishAt: '2099-06-15T10:00', unpublishAt: '2099-06-15T11:00' });
    expect(scheduled.publishAt).toBe(new Date(indianMoment('2099-06-15T10:00')).toISOString());

    setClock('2099-06-15T09:59:00');
    expect((await warm('/latestnews')).body).not.toContain(title);
    expect((await warm('/api/Public/latest-news')).whole).not.toContain(title);
    expect(searchTitles((await page(`/search?q=${title}`)).body)).not.toContain(title);

    setClock('2099-06-15T10:00:01');
    const shown = await page('/latestnews');
    expect(shown.cache, 'the cached list expired at the publication moment').toBeNull();
    expect(shown.body).toContain(title);
    expect((await page('/api/Public/latest-news')).whole).toContain(title);
    expect(searchTitles((await page(`/search?q=${title}`)).body)).toContain(title);

    expect((await warm('/latestnews')).body).toContain(title);
    setClock('2099-06-15T11:00:01');
    const gone = await page('/latestnews');
    expect(gone.cache, 'the cached list expired at the withdrawal moment').toBeNull();
    expect(gone.body).not.toContain(title);
    expect((await page('/api/Public/latest-news')).whole).not.toContain(title);
  });

  it('keeps a draft out of every public list, feed and search until it is published', async () => {
    setClock('2099-06-16T09:00:00');
    const title = word('Draftnotice');
    const id = await createNotice(title, editor);
    // The search page repeats the query: only a result's link counts there.
    const shows = async (where: string) => {
      const { whole, body } = await page(where);
      return where.startsWith('/search') ? searchTitles(body).includes(title) : whole.includes(title);
    };
    const places = ['/notice', '/api/Public/notice?media=url', '/feeds/notice.xml', `/search?q=${title}`];
    for (const where of places) expect(await shows(where), where).toBe(false);
    await step('notice', id, { action: 'publish' });
    for (const where of places) expect(await shows(where), where).toBe(true);
  });
});

describe('validity', () => {
  it('moves a notice from the live list to the archive 90 days after publication, with no write in between', async () => {
    setClock('2099-07-01T12:00:00');
    const title = word('Validitynotice');
    await createNotice(title);
    expect((await warm('/notice')).body).toContain(title);
    expect((await page(`/archive/notice?q=${title}`)).body).not.toContain(`>${title}</td>`);

    setClock('2099-07-01T12:00:00', 90 * DAY_MS + 1000);
    const live = await page('/notice');
    expect(live.cache, 'the live list expired at the end of validity').toBeNull();
    expect(live.body).not.toContain(title);
    const archived = await page(`/archive/notice?q=${title}`);
    expect(archived.body).toContain(`>${title}</td>`);
    expect(archived.body).toContain('Download Document');
    // Every word must match; another word finds nothing.
    expect((await page(`/archive/notice?q=${title}+elephant`)).body).toContain('Nothing in the archive matches');
    expect((await page('/notice')).body).toContain('href="/archive/notice"');
  });

  it('honours an explicit valid-until, and pages the archive 20 to a page', async () => {
    setClock('2099-12-01T09:00:00');
    const tag = word('Pagedarchive');
    const ids: number[] = [];
    for (let i = 1; i <= 21; i++) ids.push(await createNews(`${tag} item ${String(i).padStart(2, '0')}`));
    for (const id of ids) await step('latest-news', id, { action: 'republish', validUntil: '2099-12-01T10:00' });
    expect((await page(`/archive/latestnews?q=${tag}`)).body).toContain('Nothing in the archive matches');

    setClock('2099-12-01T10:00:01');
    const first = await page(`/archive/latestnews?q=${tag}`);
    expect(first.body.match(/class="archive-title[^"]*"[^>]*>/g)).toHaveLength(20);
    expect(first.body).toContain('Page 1 of 2');
    const second = await page(`/archive/latestnews?q=${tag}&page=2`);
    expect(second.body.match(/class="archive-title[^"]*"[^>]*>/g)).toHaveLength(1);
    expect((await page(`/archive/latestnews?q=${tag}&page=3`)).status).toBe(404);
    expect((await page('/latestnews')).body).not.toContain(tag);
  });

  it('lists closed tenders in the tender archive, and every archive in the sitemap', async () => {
    setClock('2099-12-10T09:00:00');
    const tag = word('Archivedtender');
    const form = new FormData();
    form.set('Tender.tender_no', `AT-${tag}`);
    form.set('Tender.tender_title', `${tag} drain cleaning`);
    form.set('Tender.publish_date', '2099-12-01');
    form.set('Tender.last_date_of_submission', '2099-12-10');
    form.set('Tender.last_date_of_submission_time', '10:00');
    form.set('Tender.status', 'Open');
    form.set('Tender.tender_document', new Blob([PDF], { type: 'application/pdf' }), 'tender.pdf');
    expect((await fetch(`${server.url}/api/Admin/tender`, { method: 'POST', headers: admin, body: form })).status).toBe(201);
    expect((await page(`/archive/tender?q=${tag}`)).body).toContain('Nothing in the archive matches');
    setClock('2099-12-10T10:00:01');
    expect((await page(`/archive/tender?q=${tag}`)).body).toContain(`${tag} drain cleaning`);
    const sitemap = (await page('/sitemap.xml')).whole;
    for (const slug of ['notice', 'circulars', 'officeorder', 'latestnews', 'tender']) expect(sitemap).toContain(`/archive/${slug}</loc>`);
    expect((await page('/archive/nothing-here')).status).toBe(404);
  });
});
