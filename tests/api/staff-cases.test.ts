import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, OFFICER, USER, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The staff's JSON API over every service (/api/Staff/cases): the list with its filters, search by number or
 * mobile and its two orders, one case with the citizen's contact, steps sent as JSON and as multipart, and an
 * officer kept to their own cases. Grievances are the service it serves today.
 */
let server: TestServer;
let database: Db;
let tokens: { admin: string; user: string; officer: string };
const url = (p: string) => `${server.url}${p}`;

const get = async (token: string, path: string) => {
  const res = await fetch(url(path), { headers: bearer(token) });
  return { status: res.status, total: res.headers.get('x-total-count'), body: (await res.json()) as any };
};
const post = async (token: string, path: string, body: FormData | object) => {
  const json = !(body instanceof FormData);
  const res = await fetch(url(path), {
    method: 'POST',
    headers: { ...bearer(token), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  return { status: res.status, body: (await res.json()) as any };
};

async function lodge(mobile: string): Promise<string> {
  const form = new URLSearchParams({ category: '1', ward: '3', address: 'House 7, Lane 2', landmark: 'Near the school', description: 'The drain is blocked again.', name: 'Kamla Devi', mobile, email: '' });
  const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (!number) throw new Error('not lodged');
  return number;
}

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  tokens = {
    admin: await login(ADMIN.email, ADMIN.password, server.url),
    user: await login(USER.email, USER.password, server.url),
    officer: await login(OFFICER.email, OFFICER.password, server.url),
  };
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('/api/Staff/cases', () => {
  it('lists cases with filters, finds one by number or by mobile, in either order, and pages', async () => {
    const mobile = '9123400017';
    const number = await lodge(mobile);
    for (const q of [mobile, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`, number.toLowerCase()]) {
      const found = await get(tokens.user, `/api/Staff/cases?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.body.map((c: any) => [c.service, c.number, c.state, c.stateWords.hi, c.name, c.mobile])).toEqual([['grievance', number, 'Lodged', 'दर्ज', 'Kamla Devi', mobile]]);
    }
    expect((await get(tokens.user, '/api/Staff/cases?q=not-a-number')).body).toEqual([]);

    const newest = await get(tokens.admin, '/api/Staff/cases?sort=newest');
    expect(newest.body[0].number).toBe(number);
    expect(Number(newest.total)).toBeGreaterThan(newest.body.length > 0 ? 1 : 0);
    const due = await get(tokens.admin, '/api/Staff/cases?service=grievance&state=Lodged');
    const dues = due.body.map((c: any) => c.dueAt);
    expect(dues).toEqual([...dues].sort());
    expect(due.body.every((c: any) => c.state === 'Lodged')).toBe(true);
    expect((await get(tokens.admin, '/api/Staff/cases?service=no-such-service')).body).toEqual([]);
    expect((await get(tokens.admin, '/api/Staff/cases?page=101')).status).toBe(400);
    const overdue = await get(tokens.admin, '/api/Staff/cases?overdue=1');
    expect(overdue.body.every((c: any) => c.overdue)).toBe(true);
  });

  it('shows staff the contact and the steps they may take, and takes steps sent as JSON and as multipart; an officer sees only their own', async () => {
    const number = await lodge('9123400029');
    const one = await get(tokens.user, `/api/Staff/cases/${number}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number, state: 'Lodged', contact: { name: 'Kamla Devi', mobile: '9123400029', address: 'House 7, Lane 2' }, actions: ['assign', 'merge'] });
    expect(one.body.events.map((e: any) => e.action)).toEqual(['lodge']);

    expect((await get(tokens.officer, `/api/Staff/cases/${number}`)).status).toBe(404);
    expect((await get(tokens.officer, `/api/Staff/cases?q=${number}`)).body).toEqual([]);
    expect((await post(tokens.officer, `/api/Staff/cases/${number}/resolve`, { note: 'x' })).status).toBe(404);

    const officer = await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow();
    expect((await post(tokens.user, `/api/Staff/cases/${number}/assign`, { note: 'Please look' })).status).toBe(400);
    const assigned = await post(tokens.user, `/api/Staff/cases/${number}/assign`, { officer: officer.id, note: 'Ward 3 drain team' });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ state: 'Assigned', assigneeId: officer.id, assignee: OFFICER.email });
    expect(assigned.body.events.at(-1)).toMatchObject({ action: 'assign', note: 'Ward 3 drain team', visibility: 'staff' });

    const mine = await get(tokens.officer, `/api/Staff/cases/${number}`);
    expect(mine.body.actions).toEqual(['resolve', 'reject']);
    expect((await get(tokens.officer, '/api/Staff/cases')).body.every((c: any) => c.assigneeId === officer.id)).toBe(true);
    expect((await post(tokens.officer, `/api/Staff/cases/${number}/rate`, { note: 'x' })).status).toBe(403);
    expect((await post(tokens.officer, `/api/Staff/cases/${number}/fly`, { note: 'x' })).status).toBe(404);

    const withoutPhoto = new FormData();
    withoutPhoto.append('note', 'Cleared');
    expect(await post(tokens.officer, `/api/Staff/cases/${number}/resolve`, withoutPhoto)).toMatchObject({ status: 400, body: { errors: { photos: expect.any(String) } } });
    const form = new FormData();
    form.append('note', 'Drain cleared and flushed');
    form.append('visibility', 'public');
    form.append('photos', new File([await sampleJpeg('#0f766e', 30, 20)], 'after.jpg', { type: 'image/jpeg' }));
    const resolved = await post(tokens.officer, `/api/Staff/cases/${number}/resolve`, form);
    expect(resolved.status).toBe(200);
    expect(resolved.body.state).toBe('Resolved');
    expect(resolved.body.events.at(-1)).toMatchObject({ action: 'resolve', note: 'Drain cleared and flushed', visibility: 'public', photos: [expect.stringMatching(/^\/media\//)] });
    expect((await post(tokens.officer, `/api/Staff/cases/${number}/resolve`, form)).status).toBe(409);
  });

  it('refuses a stranger', async () => {
    expect((await fetch(url('/api/Staff/cases'))).status).toBe(401);
  });
});

describe('the inbox page', () => {
  it('finds a grievance by number or by mobile, and orders newest first when asked', async () => {
    const mobile = '9123400031';
    const number = await lodge(mobile);
    const page = async (query: string) => (await fetch(url(`/cases?${query}`), { headers: bearer(tokens.user) })).text();
    const numbersOn = (html: string) => [...html.matchAll(/class="case-number"[^>]*>(NPK-PGR-[\d-]+)</g)].map((m) => m[1]);
    expect(numbersOn(await page(`q=${encodeURIComponent(`+91 ${mobile}`)}`))).toEqual([number]);
    expect(numbersOn(await page(`q=${number.toLowerCase()}`))).toEqual([number]);
    expect(numbersOn(await page('q=drain'))).toEqual([]);
    const newest = await page('sort=newest');
    expect(numbersOn(newest)[0]).toBe(number);
    expect(newest).toContain('newest first.');
    expect(numbersOn(await page('sort=due'))[0]).not.toBe(number);
  });
});
