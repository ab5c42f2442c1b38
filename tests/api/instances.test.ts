import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES } from '../../src/server/auth/login-throttle';
import { ADMIN, USER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { financialYear } from '../../src/lib/india-time';
import { startServer, type TestServer } from '../support/server';

/**
 * Two server processes on one database, as behind a load balancer: on PostgreSQL two instances with their
 * own data folders and one DATABASE_URL; on SQLite two processes on one data folder. A write through either
 * must show on the very next request to the other, whose page cache held the page before.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// Both instances must sign and check the same tokens; with separate data folders that takes a set secret.
const SHARED = { SESSION_SECRET: 'two-instances-share-this-signing-secret' };

let first: TestServer;
let second: TestServer;

async function page(server: TestServer, path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { cache: res.headers.get('x-page-cache'), body: await res.text() };
}

/** Requests a page until this instance answers it from its cache. */
async function warm(server: TestServer, path: string) {
  await page(server, path);
  expect((await page(server, path)).cache, `${path} on ${server.url} should come from the cache`).toBe('hit');
}

beforeAll(async () => {
  first = await startServer(SHARED);
  second = first.databaseUrl
    ? await startServer({ ...SHARED, DATABASE_URL: first.databaseUrl })
    : await startServer(SHARED, { dataDir: first.dataDir });
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe('two instances on one database', () => {
  it('show a notice created through one on the next request to the other, and drop it once deleted through the other', async () => {
    await warm(second, '/notice');
    await warm(second, '/api/Public/notice?page=1&pageSize=5');
    const token = await login(ADMIN.email, ADMIN.password, first.url);
    const title = `Seen everywhere ${Date.now()}`;
    const form = new FormData();
    form.set('Notice.title', title);
    form.set('Notice.IssueDate', '2099-02-01');
    form.set('DocumentFile', new Blob([PDF], { type: 'application/pdf' }), 'notice.pdf');
    const created = await fetch(`${first.url}/api/Admin/notice`, { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const seen = await page(second, '/notice');
    expect(seen.cache).toBeNull();
    expect(seen.body).toContain(title);
    expect((await page(second, '/api/Public/notice?page=1&pageSize=5')).body).toContain(title);

    // The other way round, with the token the first instance issued.
    await warm(first, '/notice');
    expect((await fetch(`${second.url}/api/Admin/notice/${id}`, { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
    expect((await page(first, '/notice')).body).not.toContain(title);
  });

  it('serve a stored file uploaded through one from the other', async () => {
    const token = await login(ADMIN.email, ADMIN.password, first.url);
    const bytes = Buffer.from(`%PDF-1.4\n% unique ${Date.now()}\n%%EOF\n`);
    const form = new FormData();
    form.set('Notice.title', `Shared file ${Date.now()}`);
    form.set('Notice.IssueDate', '2099-03-01');
    form.set('DocumentFile', new Blob([bytes], { type: 'application/pdf' }), 'shared.pdf');
    const created = await fetch(`${first.url}/api/Admin/notice?media=url`, { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as Record<string, unknown>;
    const fileUrl = Object.values(saved).find((v) => typeof v === 'string' && v.startsWith('/media/')) as string;
    expect(fileUrl).toBeTruthy();
    const served = await fetch(`${second.url}${fileUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('number 60 grievances lodged at once through both with 60 distinct numbers, one after another in their series', async () => {
    const token = await login(USER.email, USER.password, first.url);
    const lodge = async (i: number) => {
      const form = new FormData();
      const fields = { Grivance: '1', Your_Suggestion: 'Send the tractor.', District: '1', Ward: '5', Ulb: '1', Landmark: `Burst lane ${i}`, Additional_Information: 'Garbage piles up.' };
      for (const [name, value] of Object.entries(fields)) form.append(`Complaint.${name}`, value);
      const res = await fetch(`${(i % 2 === 0 ? first : second).url}/api/User/add-complaint`, { method: 'POST', headers: bearer(token), body: form });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    // 60, not 200: each lodging holds its series' counter until it commits, so a burst takes turns (36 s for 200
    // on PostgreSQL); numbering.test.ts gives 220 transactions on two connections their serials at the data layer.
    const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => lodge(i)));
    const database = openServerDatabase(first.dataDir);
    try {
      const numbers = (await database.selectFrom('service_case').select('number').where('id', 'in', ids).execute()).map((r) => r.number);
      expect(new Set(numbers).size).toBe(60);
      // Each financial year counts on its own (a burst at the turn of a year spans two): no gap within one.
      const byYear = new Map<string, number[]>();
      for (const n of numbers) {
        const [, day, serial] = /-(\d{4}-\d{2}-\d{2})-(\d+)$/.exec(n)!;
        byYear.set(financialYear(day), [...(byYear.get(financialYear(day)) ?? []), Number(serial)]);
      }
      for (const serials of byYear.values()) {
        serials.sort((a, b) => a - b);
        expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => serials[0] + i));
      }
    } finally {
      await database.destroy();
    }
  });

  // Last, since it leaves this machine's address refused by both instances for a while.
  it('count failed sign-ins together, so throttling holds whichever instance is asked', async () => {
    const email = `nobody-${Date.now()}@council.example`;
    const attempt = (server: TestServer) =>
      fetch(`${server.url}/api/Account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      });
    // Alternating, each instance sees only half the failures; counted apart, neither would refuse yet.
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(i % 2 === 0 ? first : second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(429);
    expect((await attempt(second)).status).toBe(429);
  });
});
