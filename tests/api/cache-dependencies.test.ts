import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../support/api';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { indianMoment } from '../../src/lib/india-time';

/**
 * What a cached page depends on: the moment it stops being true and the tables it read. Two instances share
 * one database and one test clock (TEST_CLOCK_FILE, honoured in test mode only), which the test moves by
 * hand: no waiting for real time to pass, and nothing written between the two sides of a moment.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SHARED = { SESSION_SECRET: 'cache-dependencies-share-this-secret' };
const clockFile = path.join(tempDataDir('council-clock'), 'offset');

let first: TestServer;
let second: TestServer;
let token: string;

/** Sets both servers' clock to an Indian wall-clock time ('2099-06-15T09:58:00'); it runs on from there. */
function setClock(indianTime: string) {
  fs.writeFileSync(clockFile, String(indianMoment(indianTime) - Date.now()));
}

async function page(server: TestServer, pathAndQuery: string) {
  const res = await fetch(`${server.url}${pathAndQuery}`);
  expect(res.status, pathAndQuery).toBe(200);
  return { cache: res.headers.get('x-page-cache'), body: await res.text() };
}

/** Requests a page until this instance answers it from its cache. */
async function warm(server: TestServer, pathAndQuery: string) {
  await page(server, pathAndQuery);
  const again = await page(server, pathAndQuery);
  expect(again.cache, `${pathAndQuery} on ${server.url} should come from the cache`).toBe('hit');
  return again;
}

beforeAll(async () => {
  fs.writeFileSync(clockFile, '0');
  const env = { ...SHARED, TEST_CLOCK_FILE: clockFile };
  first = await startServer(env);
  second = first.databaseUrl ? await startServer({ ...env, DATABASE_URL: first.databaseUrl }) : await startServer(env, { dataDir: first.dataDir });
  token = await login(ADMIN.email, ADMIN.password, first.url);
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

describe('a cached page', () => {
  it('leaves a tender closing at 10:00 off the active list and puts it on the closed one at 10:00, with no write in between', async () => {
    const word = `Closingcheck${Date.now().toString(36)}`;
    const form = new FormData();
    form.set('Tender.tender_no', `TC-${word}`);
    form.set('Tender.tender_title', `${word} road repair`);
    form.set('Tender.publish_date', '2099-06-01');
    form.set('Tender.last_date_of_submission', '2099-06-15');
    form.set('Tender.last_date_of_submission_time', '10:00');
    form.set('Tender.status', 'Open');
    form.set('Tender.tender_document', new Blob([PDF], { type: 'application/pdf' }), 'tender.pdf');
    const created = await fetch(`${first.url}/api/Admin/tender`, { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(201);

    setClock('2099-06-15T09:58:00');
    for (const server of [first, second]) {
      expect((await warm(server, '/currenttender')).body).toContain(word);
      expect((await warm(server, '/pasttender')).body).not.toContain(word);
      // Search answers are rendered each time (free text), so they only have to judge the tender rightly.
      expect((await page(server, `/search?q=${word}`)).body).toMatch(/Listed in <a href="\/currenttender"[^>]*>Active Tenders</);
    }

    setClock('2099-06-15T10:00:01');
    for (const server of [first, second]) {
      const active = await page(server, '/currenttender');
      expect(active.cache, 'the active list expired at the closing moment').toBeNull();
      expect(active.body).not.toContain(word);
      expect((await page(server, '/pasttender')).body).toContain(word);
      const found = await page(server, `/search?q=${word}`);
      expect(found.body).toMatch(/Listed in <a href="\/pasttender"[^>]*>Past Tenders</);
    }
  });

  it('that shows today follows the Indian day (the trade licence form\'s financial years)', async () => {
    setClock('2099-03-31T23:59:00');
    const before = await warm(first, '/tradelicense');
    expect(before.body).toContain('value="2098-99"');
    setClock('2099-04-01T00:00:01');
    const next = await page(first, '/tradelicense');
    expect(next.cache, 'the cached form ended with the day').toBeNull();
    expect(next.body).toContain('value="2099-00"');
    expect(next.body).not.toContain('value="2098-99"');
  });

  it('is dropped on every instance by a write to a table it read, and kept by a write to any other', async () => {
    setClock('2099-07-01T12:00:00');
    for (const server of [first, second]) for (const p of ['/notice', '/pressrelease']) await warm(server, p);
    const list = await fetch(`${first.url}/api/Admin/press-release?media=url`, { headers: bearer(token) });
    const [release] = (await list.json()) as { id: number }[];
    const update = new FormData();
    update.set('PressRelease.Id', String(release.id));
    expect((await fetch(`${first.url}/api/Admin/press-release`, { method: 'PUT', headers: bearer(token), body: update })).status).toBe(200);
    for (const server of [second, first]) {
      expect((await page(server, '/pressrelease')).cache, `${server.url} dropped the press releases`).toBeNull();
      expect((await page(server, '/notice')).cache, `${server.url} kept the notices`).toBe('hit');
    }
  });
});
