import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { installPortalModules } from '../../src/modules';
import { routeTable } from '../../src/server/route-table';
import { ADMIN, OFFICER, baseUrl, bearer, login } from '../support/api';
import { openServerDatabase, testPostgresUrl } from '../support/database';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { copyTemplate, publishedTemplate } from '../support/server-template';
import { grievanceEventRows, grievanceRow, setGrievance } from '../support/grievance-row';
import { startSmsGateway, type SentText, type SmsGateway } from '../support/sms';

// The route table is the composition list's, installed as an entry installs it.
installPortalModules();

/**
 * Citizens signing in with their mobile: the code by SMS (to a gateway started here), its tries, expiry (the
 * server's test clock) and limits, the session kept apart from staff sessions, /my and the JSON API. One
 * server of its own behind a trusted proxy, so each test can speak from an address of its own.
 */
const texts: SentText[] = [];
let gateway: SmsGateway | undefined;
let server: TestServer;
let database: Db;
let clockFile: string;

const url = (p: string) => `${server.url}${p}`;
let serial = 0;
/** A fresh mobile (and client address) per test, so the limits of one never reach another. */
const freshMobile = () => `97${String(10_000_000 + ++serial * 41).padStart(8, '0')}`;
const freshAddress = () => `10.9.${Math.floor(++serial / 200)}.${serial % 200}`;
const moveClock = (ms: number) => fs.writeFileSync(clockFile, String(ms));

async function askCode(mobile: string, address = freshAddress(), lang?: 'hi') {
  const res = await fetch(url('/api/Citizen/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ mobile, lang }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as Record<string, any> | null };
}

/** The code in the newest text the gateway received for a mobile. */
function lastCode(mobile: string): string {
  const text = texts.filter((t) => t.mobile === `91${mobile}`).at(-1);
  if (!text) throw new Error(`no SMS reached ${mobile}`);
  return /\b(\d{6})\b/.exec(text.message)![1];
}

async function verify(mobile: string, code: string) {
  const res = await fetch(url('/api/Citizen/verify'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, code }) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Signs a mobile in through the JSON API; the bearer token. */
async function signIn(mobile: string): Promise<string> {
  expect((await askCode(mobile)).status).toBe(202);
  const answer = await verify(mobile, lastCode(mobile));
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

const cookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

/** Signs a mobile in through the two forms, as a browser without JavaScript would; the session cookie's value. */
async function signInByForms(mobile: string, lang: 'en' | 'hi' = 'en'): Promise<string> {
  const prefix = lang === 'hi' ? '/hi' : '';
  const first = await fetch(url(`${prefix}/my/signin`), { method: 'POST', redirect: 'manual', body: new URLSearchParams({ step: 'mobile', mobile }) });
  expect(first.status).toBe(303);
  expect(first.headers.get('location')).toBe(`${prefix}/my/signin?step=code`);
  const pending = cookieOf(first, 'citizen_signin_mobile')!.split(';')[0];
  const codePage = await (await fetch(url(`${prefix}/my/signin?step=code`), { headers: { cookie: pending } })).text();
  expect(codePage).toContain(`••••••${mobile.slice(-4)}`);
  const second = await fetch(url(`${prefix}/my/signin`), { method: 'POST', redirect: 'manual', headers: { cookie: pending }, body: new URLSearchParams({ step: 'code', mobile, code: lastCode(mobile) }) });
  expect(second.status).toBe(303);
  expect(second.headers.get('location')).toBe(`${prefix}/my`);
  const cookie = cookieOf(second, 'citizen_session')!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  return cookie.split(';')[0].slice('citizen_session='.length);
}

async function lodge(mobile: string): Promise<string> {
  const form = new FormData();
  const values = { category: '1', ward: '3', address: 'House 4, Lane 2', landmark: '', description: 'Street light out for a week.', name: 'Ravi', email: '', mobile };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
  return /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)![1];
}

beforeAll(async () => {
  gateway = await startSmsGateway(texts);
  const dataDir = tempDataDir('council-citizen');
  clockFile = path.join(dataDir, 'clock');
  moveClock(0);
  server = await startServer(
    { SMS_GATEWAY_URL: gateway.urlTemplate, TEST_CLOCK_FILE: clockFile, TRUST_PROXY: '1' },
    { dataDir },
  );
  database = openServerDatabase(server.dataDir);
  for (const name of ['lodgesPerAddressPerHour', 'lodgesPerMobilePerDay']) {
    await database.insertInto('grievance_setting').values({ name, value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  }
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await gateway?.stop();
});

describe('the sign-in code', () => {
  it('arrives by SMS in the asked language, is stored only as a keyed hash, and is logged masked', async () => {
    const mobile = freshMobile();
    const asked = await askCode(mobile, freshAddress(), 'hi');
    expect(asked).toMatchObject({ status: 202, body: { sentTo: `••••••${mobile.slice(-4)}`, expiresInSeconds: 300 } });
    const code = lastCode(mobile);
    expect(texts.at(-1)!.message).toContain('साइन इन');
    const rows = await database.selectFrom('citizen_code').selectAll().where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{24}:[0-9a-f]{64}$/);
    const logged = await database.selectFrom('notification_log').selectAll().where('recipient', '=', mobile).execute();
    expect(logged).toMatchObject([{ channel: 'sms', outcome: 'sent', complaint_id: null }]);
    expect(logged[0].body).not.toContain(code);
    expect((await verify(mobile, code)).status).toBe(200);
    // Used once.
    expect((await verify(mobile, code)).body.message).toMatch(/expired or is no longer valid/);
  });

  it('counts wrong codes, and after three the right one no longer works', async () => {
    const mobile = freshMobile();
    await askCode(mobile);
    const code = lastCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await verify(mobile, wrong)).toMatchObject({ status: 400, body: { message: 'That code is not right. You have 2 tries left.' } });
    expect((await verify(mobile, wrong)).body.message).toBe('That code is not right. You have 1 try left.');
    expect((await verify(mobile, wrong)).body.message).toBe('That code was wrong 3 times and no longer works. Ask for a new code.');
    expect(await verify(mobile, code)).toMatchObject({ status: 400, body: { message: 'That code has expired or is no longer valid. Ask for a new code.' } });
    // A code that is not six digits takes no try.
    await askCode(mobile);
    expect((await verify(mobile, '12')).body.message).toBe('Type the six-digit code from the SMS.');
    const row = await database.selectFrom('citizen_code').select('tries').where('mobile', '=', mobile).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.tries).toBe(0);
  });

  it('expires after five minutes by the server\'s clock, and only the newest code works', async () => {
    const mobile = freshMobile();
    await askCode(mobile);
    const first = lastCode(mobile);
    await askCode(mobile);
    const second = lastCode(mobile);
    if (first !== second) expect((await verify(mobile, first)).status).toBe(400);
    try {
      moveClock(5 * 60_000 + 1_000);
      expect((await verify(mobile, second)).body.message).toMatch(/expired/);
    } finally {
      moveClock(0);
    }
  });

  it('is limited per mobile and per client address, with Retry-After, in the page\'s language', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 3; i++) expect((await askCode(mobile)).status).toBe(202);
    const refused = await askCode(mobile);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await askCode(freshMobile(), address)).status).toBe(202);
    const typed = freshMobile();
    expect((await askCode(typed, address)).status).toBe(429);
    // The Hindi page says it in Hindi, keeps the typed number, and stays on the first step.
    const page = await fetch(url('/hi/my/signin'), { method: 'POST', headers: { 'x-forwarded-for': address }, body: new URLSearchParams({ step: 'mobile', mobile: typed }) });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain('पिछले एक घंटे में आपके नेटवर्क से बहुत अधिक कोड मँगाए गए हैं');
    expect(html).toContain(`value="${typed}"`);
  });

  it('refuses a number that is not an Indian mobile, in the page\'s language, keeping what was typed', async () => {
    const page = await fetch(url('/hi/my/signin'), { method: 'POST', body: new URLSearchParams({ step: 'mobile', mobile: '12345' }) });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('10 अंकों का भारतीय मोबाइल नंबर लिखें।');
    expect(html).toContain('value="12345"');
  });
});

describe('the citizen session', () => {
  it('lists only that mobile\'s grievances, newest first, on /my and in JSON, never cached', async () => {
    const mobile = freshMobile();
    const older = await lodge(mobile);
    const newer = await lodge(mobile);
    const someoneElses = await lodge(freshMobile());
    const cookie = await signInByForms(mobile);
    const page = await fetch(url('/my'), { headers: { cookie: `citizen_session=${cookie}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    const listed = [...html.matchAll(/data-case="([^"]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual([newer, older]);
    expect(html).not.toContain(someoneElses);
    expect(html).toContain(`href="/my/cases/${newer}"`);
    const hindi = await (await fetch(url('/hi/my'), { headers: { cookie: `citizen_session=${cookie}` } })).text();
    expect(hindi).toContain('मेरी शिकायतें');
    expect(hindi).toContain('दर्ज');

    const json = await fetch(url('/api/Citizen/cases'), { headers: { cookie: `citizen_session=${cookie}` } });
    expect(((await json.json()) as { number: string }[]).map((c) => c.number)).toEqual([newer, older]);
    // Someone else's case is not found, by page or by API.
    expect((await fetch(url(`/my/cases/${someoneElses}`), { headers: { cookie: `citizen_session=${cookie}` } })).status).toBe(404);
    expect((await fetch(url(`/api/Citizen/cases/${someoneElses}`), { headers: { cookie: `citizen_session=${cookie}` } })).status).toBe(404);
  });

  it('keeps a signed-in citizen\'s pages out of the page cache, public ones too', async () => {
    const cookie = `citizen_session=${await signIn(freshMobile())}`;
    await fetch(url('/notice'));
    expect((await fetch(url('/notice'))).headers.get('x-page-cache')).toBe('hit');
    const asCitizen = await fetch(url('/notice'), { headers: { cookie } });
    expect(asCitizen.headers.get('x-page-cache')).toBeNull();
    expect(asCitizen.headers.get('cache-control')).toBe('private, no-store');
    // The menu leads a signed-in citizen to their list.
    expect(await asCitizen.text()).toContain('href="/my"');
  });

  it('opens no staff route with a citizen cookie or token, and no staff session opens a citizen route', async () => {
    const token = await signIn(freshMobile());
    const staff = Object.entries(routeTable()).filter(([, route]) => Array.isArray(route.access));
    expect(staff.length).toBeGreaterThan(40);
    const concrete = (pattern: string) =>
      pattern.replace('[type]', 'latest-news').replace('[id]', '1').replace('[number]', 'NPK-PGR-2026-01-01-000001').replace('[action]', 'assign').replace('[n]', '1');
    const failures: string[] = [];
    for (const [pattern] of staff) {
      for (const credentials of [{ cookie: `citizen_session=${token}` }, bearer(token)]) {
        for (const method of ['GET', 'POST']) {
          const res = await fetch(url(concrete(pattern)), { method, redirect: 'manual', headers: { ...credentials, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
          const refused = pattern.startsWith('/api/') ? res.status === 401 : res.status === 302 && (res.headers.get('location') ?? '').startsWith('/login?next=');
          if (!refused) failures.push(`${method} ${pattern} with ${Object.keys(credentials)[0]}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);

    const staffToken = await login(OFFICER.email, OFFICER.password, server.url);
    for (const credentials of [{ cookie: `session=${staffToken}` }, bearer(staffToken)]) {
      const page = await fetch(url('/my'), { headers: credentials, redirect: 'manual' });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('/my/signin?next=%2Fmy');
      expect((await fetch(url('/api/Citizen/cases'), { headers: credentials })).status).toBe(401);
    }
  });

  it('ends at sign-out, by the page\'s button or the API', async () => {
    const cookie = await signInByForms(freshMobile(), 'hi');
    const out = await fetch(url('/hi/my/signout'), { method: 'POST', redirect: 'manual', headers: { cookie: `citizen_session=${cookie}` } });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/hi/my/signin?out=1');
    expect(cookieOf(out, 'citizen_session')).toMatch(/Max-Age=0/i);
    const after = await fetch(url('/hi/my'), { headers: { cookie: `citizen_session=${cookie}` }, redirect: 'manual' });
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toBe('/hi/my/signin?next=%2Fmy');

    const token = await signIn(freshMobile());
    expect((await fetch(url('/api/Citizen/signout'), { method: 'POST', headers: bearer(token) })).status).toBe(204);
    expect((await fetch(url('/api/Citizen/cases'), { headers: bearer(token) })).status).toBe(401);
  });

  it('sends its cookie Secure when the site is reached over https', async () => {
    const mobile = freshMobile();
    await askCode(mobile);
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': freshAddress() };
    const res = await fetch(url('/my/signin'), { method: 'POST', redirect: 'manual', headers: https, body: new URLSearchParams({ step: 'code', mobile, code: lastCode(mobile) }) });
    expect(res.status).toBe(303);
    expect(cookieOf(res, 'citizen_session')).toMatch(/;\s*Secure/i);
  });

  it('lasts thirty days and slides with use', async () => {
    const token = await signIn(freshMobile());
    try {
      moveClock(20 * 86_400_000);
      const used = await fetch(url('/my'), { headers: { cookie: `citizen_session=${token}` } });
      expect(used.status).toBe(200);
      expect(cookieOf(used, 'citizen_session')).toBeDefined();
      moveClock(45 * 86_400_000);
      expect((await fetch(url('/api/Citizen/cases'), { headers: bearer(token) })).status).toBe(200);
      moveClock(80 * 86_400_000);
      expect((await fetch(url('/api/Citizen/cases'), { headers: bearer(token) })).status).toBe(401);
    } finally {
      moveClock(0);
    }
  });
});

describe('the JSON API', () => {
  it('signs in with a bearer token, shows a case with its public timeline, and rates and reopens', async () => {
    const mobile = freshMobile();
    const toRate = await lodge(mobile);
    const toReopen = await lodge(mobile);
    for (const n of [toRate, toReopen]) await setGrievance(database, n, { state: 'Resolved', decided_at: new Date().toISOString() });
    const token = await signIn(mobile);

    const one = await fetch(url(`/api/Citizen/cases/${toRate}`), { headers: bearer(token) });
    const body = (await one.json()) as Record<string, any>;
    expect(body).toMatchObject({ number: toRate, state: 'Resolved', actions: ['rate', 'reopen'] });
    expect(body.events[0]).toMatchObject({ by: 'citizen', action: 'lodge', to: 'Lodged' });

    const rated = await fetch(url(`/api/Citizen/cases/${toRate}/rate`), { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ rating: 4, note: 'Fixed, thank you' }) });
    expect(rated.status).toBe(200);
    expect(await rated.json()).toMatchObject({ state: 'Closed', rating: 4 });

    const noReason = await fetch(url(`/api/Citizen/cases/${toReopen}/reopen`), { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: '{}' });
    expect(noReason.status).toBe(400);
    const reopened = await fetch(url(`/api/Citizen/cases/${toReopen}/reopen`), { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify({ note: 'The light is out again' }) });
    expect(await reopened.json()).toMatchObject({ state: 'Reopened' });
    const events = (await grievanceEventRows(database, (await grievanceRow(database, toReopen)).id)).map(({ action, actor_kind }) => ({ action, actor_kind }));
    expect(events.at(-1)).toEqual({ action: 'reopen', actor_kind: 'citizen' });
  });

  it('rates through the case page\'s form, answered with a redirect', async () => {
    const mobile = freshMobile();
    const number = await lodge(mobile);
    await setGrievance(database, number, { state: 'Resolved', decided_at: new Date().toISOString() });
    const cookie = `citizen_session=${await signInByForms(mobile)}`;
    const posted = await fetch(url(`/hi/my/cases/${number}`), { method: 'POST', redirect: 'manual', headers: { cookie }, body: new URLSearchParams({ action: 'rate', rating: '5' }) });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/hi/my/cases/${number}?done=rate`);
    expect((await grievanceRow(database, number)).state).toBe('Closed');
  });
});

describe('where sign-in is on', () => {
  // A setting read at start, the same on either engine: the SQLite pass holds it, and a production first start
  // on PostgreSQL would only cost the PostgreSQL pass its time.
  it.skipIf(testPostgresUrl())('is off without a gateway in production, and the page says to track by number and mobile instead', async () => {
    // A production start over the run's prepared demo database: the mode is read from the settings alone
    // (citizenSignInMode), and a first start in production would draw the demo's pictures again for nothing.
    const dataDir = tempDataDir('council-production');
    const template = publishedTemplate();
    if (template) await copyTemplate(template, dataDir);
    const production = await startServer({ NODE_ENV: 'production', SMS_GATEWAY_URL: '' }, { dataDir });
    try {
      const api = await fetch(`${production.url}/api/Citizen/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '9876543210' }) });
      expect(api.status).toBe(503);
      const page = await (await fetch(`${production.url}/hi/my/signin`)).text();
      expect(page).toContain('data-sign-in-off');
      expect(page).toContain('href="/hi/trackgrievance"');
      const posted = await fetch(`${production.url}/my/signin`, { method: 'POST', body: new URLSearchParams({ step: 'mobile', mobile: '9876543210' }) });
      expect(await posted.text()).toContain('data-sign-in-off');
    } finally {
      await production.stop();
    }
  });

  it('writes the code to the notification log in the demo, where an admin reads it', async () => {
    // The shared server is the demo: no gateway, demo seed, not production.
    const mobile = freshMobile();
    const asked = await fetch(`${baseUrl()}/api/Citizen/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile }) });
    expect(asked.status).toBe(202);
    const admin = bearer(await login(ADMIN.email, ADMIN.password));
    const log = await (await fetch(`${baseUrl()}/notifications`, { headers: admin })).text();
    const code = new RegExp(`${mobile}</td>[\\s\\S]*?(\\d{6}) is your sign-in code`).exec(log)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await fetch(`${baseUrl()}/api/Citizen/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, code }) });
    expect(verified.status).toBe(200);
  });
});
