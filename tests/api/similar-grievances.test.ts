import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, bearer, login, OFFICER } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * Similar reports before lodging, "me too" and merging duplicates, against a server of its own: the 30-day
 * rule moves its test clock, and the followers' messages are read from its outbox. Points are far from every
 * demo grievance and landmarks are words nobody else uses, so the demo data never answers.
 */

const DAY = 86_400_000;
let serial = 0;
const freshMobile = () => `96${String(31_000_000 + ++serial * 71).padStart(8, '0')}`;
const PERSONAL = ['Meena Devi', 'meena@example.org'];

let server: TestServer;
let database: Db;
let admin: Record<string, string>;
let officer: Record<string, string>;
const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-clock-'));
const clockFile = path.join(clockDir, 'offset');
fs.writeFileSync(clockFile, '0');
const setClock = (offsetMs: number) => fs.writeFileSync(clockFile, String(offsetMs));

/** Lodges through the public form; `anyway` ticks "none of these is my problem". Answers the page. */
async function post(fields: Record<string, string>, anyway = true, photo?: Uint8Array<ArrayBuffer>): Promise<{ status: number; html: string; number?: string; mobile: string }> {
  const mobile = fields.mobile ?? freshMobile();
  const form = new FormData();
  const values = { category: '1', ward: '3', address: 'House 9, Canal Road', description: 'Garbage not lifted for a week.', name: 'Meena Devi', email: 'meena@example.org', mobile, ...fields, similar_check: '1', ...(anyway ? { lodge_anyway: '1' } : {}) };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  if (photo) form.append('photos', new File([photo], 'heap.jpg', { type: 'image/jpeg' }));
  const res = await fetch(`${server.url}/postgrievance`, { method: 'POST', body: form });
  const html = await res.text();
  return { status: res.status, html, number: /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1], mobile };
}

async function lodge(fields: Record<string, string>, photo?: Uint8Array<ArrayBuffer>): Promise<{ number: string; mobile: string }> {
  const { status, number, mobile } = await post(fields, true, photo);
  if (status !== 200 || !number) throw new Error(`lodging failed: ${status}`);
  return { number, mobile };
}

async function similar(query: Record<string, string>): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${server.url}/api/Public/grievances/similar?${new URLSearchParams(query)}`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}
const numbersOf = (body: any): string[] => body.similar.map((s: { number: string }) => s.number);

async function meToo(number: string, mobile: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/metoo`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams({ metoo: number, mobile, ...extra }) });
}

async function step(number: string, action: string, body: Record<string, unknown>, who = admin): Promise<Response> {
  return fetch(`${server.url}/api/Staff/cases/${number}/${action}`, { method: 'POST', headers: { ...who, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const messagesTo = (number: string, mobile: string) =>
  database.selectFrom('outbox_message').select(['recipient', 'subject', 'body', 'lang']).where('reference', '=', number).where('recipient', 'like', `%${mobile}%`).orderBy('id').execute();

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK_FILE: clockFile });
  database = openServerDatabase(server.dataDir);
  for (const name of ['lodgesPerAddressPerHour', 'meTooPerAddressPerHour']) {
    await database.insertInto('grievance_setting').values({ name, value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  }
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  officer = bearer(await login(OFFICER.email, OFFICER.password, server.url));
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

describe('the similarity rule', () => {
  it('finds open grievances of the same category within the distance, and nothing else', async () => {
    const near = await lodge({ lat: '10.000000', long: '20.000000' });
    const otherKind = await lodge({ category: '2', lat: '10.000100', long: '20.000000' });
    // ~55 m north: the first is similar; ~220 m: it is not; another category never is.
    const close = await similar({ category: '1', lat: '10.000500', long: '20.000000' });
    expect(close.status).toBe(200);
    expect(close.body.distanceMetres).toBe(100);
    expect(numbersOf(close.body)).toEqual([near.number]);
    expect(close.body.similar[0]).toMatchObject({ number: near.number, state: 'Lodged', ward: expect.any(String), meToo: 0, distance: 56 });
    expect(numbersOf((await similar({ category: '1', lat: '10.002000', long: '20.000000' })).body)).toEqual([]);
    expect(numbersOf((await similar({ category: '2', lat: '10.000500', long: '20.000000' })).body)).toEqual([otherKind.number]);
    // Public facts only.
    expect(Object.keys(close.body.similar[0]).sort()).toEqual(['categoryId', 'distance', 'landmark', 'lodgedAt', 'meToo', 'number', 'photo', 'state', 'ward']);
    for (const secret of [...PERSONAL, near.mobile]) expect(close.text).not.toContain(secret);
  });

  it('shows each with its photo and its state as it is now', async () => {
    const { number } = await lodge({ lat: '19.000000', long: '29.000000' }, await sampleJpeg('#7c2d12', 48, 36));
    const [found] = (await similar({ category: '1', lat: '19.000300', long: '29.000000' })).body.similar;
    expect(found).toMatchObject({ number, state: 'Lodged', photo: expect.stringMatching(/^\/media\//) });
    const picture = await fetch(`${server.url}${found.photo}`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    expect((await step(number, 'assign', { officer: String(officerId) })).status).toBe(200);
    expect((await similar({ category: '1', lat: '19.000300', long: '29.000000' })).body.similar[0]).toMatchObject({ number, state: 'Assigned' });
    // The form sent without script shows the same card, its picture and state badge.
    const asked = await post({ lat: '19.000300', long: '29.000000' }, false);
    const card = new RegExp(`data-similar-card="${number}"[^]*?</li>`).exec(asked.html)?.[0] ?? '';
    expect(card).toContain(`<img src="${found.photo}"`);
    expect(card).toContain('Assigned');
  });

  it('without a point, matches the same ward by landmark words, ignoring case and common words', async () => {
    const temple = await lodge({ landmark: 'Near the Zorblax Qwimby shrine' });
    expect(numbersOf((await similar({ category: '1', ward: '3', landmark: 'ZORBLAX road' })).body)).toEqual([temple.number]);
    expect(numbersOf((await similar({ category: '1', ward: '4', landmark: 'zorblax' })).body)).toEqual([]);
    expect(numbersOf((await similar({ category: '1', ward: '3', landmark: 'near the road' })).body)).toEqual([]);
    expect(numbersOf((await similar({ category: '1', ward: '3', landmark: 'Plumtreeish corner' })).body)).toEqual([]);
  });

  it('leaves out closed grievances and those lodged more than 30 days ago', async () => {
    const rejected = await lodge({ lat: '11.000000', long: '21.000000' });
    expect((await step(rejected.number, 'reject', { note: 'Private land.' })).status).toBe(200);
    expect(numbersOf((await similar({ category: '1', lat: '11.000000', long: '21.000000' })).body)).toEqual([]);

    const old = await lodge({ lat: '12.000000', long: '22.000000' });
    expect(numbersOf((await similar({ category: '1', lat: '12.000000', long: '22.000000' })).body)).toEqual([old.number]);
    setClock(31 * DAY);
    try {
      expect(numbersOf((await similar({ category: '1', lat: '12.000000', long: '22.000000' })).body)).toEqual([]);
    } finally {
      setClock(0);
    }
  });

  it('refuses every malformed parameter with a message naming it', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await similar(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.text).toContain(field);
    };
    await bad({ lat: '10', long: '20' }, 'category');
    await bad({ category: 'x', lat: '10', long: '20' }, 'category');
    await bad({ category: '1', lat: '95', long: '20' }, 'lat');
    await bad({ category: '1', lat: '10' }, 'long');
    await bad({ category: '1', ward: 'three', landmark: 'x' }, 'ward');
    await bad({ category: '1', ward: '3', landmark: 'x'.repeat(500) }, 'landmark');
    await bad({ category: '1' }, 'lat and long, or a ward');
  });
});

describe('lodging with similar reports', () => {
  it('shows the list instead of lodging, keeping what was typed, and lodges once "none of these" is ticked', async () => {
    const first = await lodge({ lat: '13.000000', long: '23.000000' });
    const asked = await post({ lat: '13.000200', long: '23.000000', description: 'Heap of garbage by the canal bridge.' }, false);
    expect(asked.status).toBe(200);
    expect(asked.number).toBeUndefined();
    expect(asked.html).toContain('data-similar-found');
    expect(asked.html).toContain(`data-similar-card="${first.number}"`);
    expect(asked.html).toContain('Heap of garbage by the canal bridge.');
    expect(asked.html).toContain('name="lodge_anyway"');
    const anyway = await post({ lat: '13.000200', long: '23.000000' }, true);
    expect(anyway.number).toMatch(/^NPK-PGR-/);
    // A post of the fields without the page's own marker (an older copy of the form, another client) lodges as before.
    const form = new FormData();
    for (const [name, value] of Object.entries({ category: '1', ward: '3', address: 'House 9', description: 'Garbage not lifted for a week.', name: 'Meena Devi', mobile: freshMobile(), lat: '13.000200', long: '23.000000' })) form.append(name, value);
    expect(await (await fetch(`${server.url}/postgrievance`, { method: 'POST', body: form })).text()).toMatch(/data-complaint-number>NPK-PGR-/);
  });
});

describe('me too', () => {
  it('answers the same whoever the mobile is (a stranger, a repeat, the lodger\'s own), counts each mobile once, and shows the count', async () => {
    const { number, mobile: own } = await lodge({ lat: '14.000000', long: '24.000000' });
    const mobile = freshMobile();
    const answer = async (res: Response) => ({ status: res.status, location: res.headers.get('location'), cookie: res.headers.get('set-cookie'), body: await res.text() });
    const stranger = await answer(await meToo(number, mobile, { email: 'supporter@example.org' }));
    expect(stranger).toMatchObject({ status: 303, location: `/metoo?number=${number}&counted=added` });
    // The lodger's own mobile, and a mobile that follows already, get the very same answer: nobody learns whose it is.
    expect(await answer(await meToo(number, own))).toEqual(stranger);
    expect(await answer(await meToo(number, mobile))).toEqual(stranger);
    expect((await fetch(`${server.url}/metoo`)).status).toBe(200);
    expect((await fetch(`${server.url}/hi/metoo?number=NPK-PGR-2020-01-01-999999`)).status).toBe(404);
    const page = await (await fetch(`${server.url}/metoo?number=${number}&counted=added`)).text();
    expect(page).toContain('data-metoo-result="added"');
    expect(page).toContain('open the link we send to the mobile number and email given');
    // Counted at once, confirmed or not, once per mobile: the stranger and the lodger's own, as any two mobiles.
    expect(page).toContain('2 people said &quot;me too&quot;');
    expect((await similar({ category: '1', lat: '14.000000', long: '24.000000' })).body.similar[0].meToo).toBe(2);
    const tracking = await (await fetch(`${server.url}/trackgrievance?number=${number}`)).text();
    expect(tracking).toContain('2 people said &quot;me too&quot;');
    expect(tracking).not.toContain(mobile);
    const staffPage = await (await fetch(`${server.url}/cases/${number}`, { headers: admin })).text();
    expect(staffPage).toMatch(/data-supporters>2</);
    // The lodger's own mobile is asked nothing: it hears of the grievance as its citizen.
    expect((await messagesTo(number, own)).map((m) => m.body).filter((b) => b.includes('/metoo/confirm'))).toEqual([]);
  });

  it('refuses a wrong mobile on the form, and a closed grievance, in the page\'s language', async () => {
    const { number } = await lodge({ lat: '15.000000', long: '25.000000' });
    const wrong = await meToo(number, '12345');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Give a 10-digit Indian mobile number.');
    expect((await step(number, 'reject', { note: 'Duplicate of a drain job.' })).status).toBe(200);
    const closed = await fetch(`${server.url}/hi/metoo`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ metoo: number, mobile: freshMobile() }) });
    expect(closed.status).toBe(409);
    expect(await closed.text()).toContain('यह शिकायत अब खुली नहीं है');
  });

  it('sends someone else\'s mobile and email one confirmation link each and nothing else until the link\'s button is pressed', async () => {
    const { number, mobile: own } = await lodge({ lat: '16.000000', long: '26.000000' });
    const mobile = freshMobile();
    const email = `victim-${serial}@example.org`;
    await meToo(number, mobile, { email });
    const [toMobile] = await messagesTo(number, mobile);
    const [toEmail] = await messagesTo(number, email);
    expect((await messagesTo(number, mobile)).length).toBe(1);
    expect((await messagesTo(number, email)).length).toBe(1);
    expect(toMobile.body).toMatch(new RegExp(`^"Me too" on grievance ${number} with this number\\. To get its progress by SMS, confirm: \\S+/metoo/confirm\\?token=m\\.\\d+\\.\\d+\\.[\\w-]{22} `));
    expect(toEmail.body).toMatch(/\/metoo\/confirm\?token=e\.\d+\.\d+\.[\w-]{22}\n/);
    // Only the grievance's number: never who lodged it.
    for (const secret of [...PERSONAL, own]) expect(toMobile.body + toEmail.body).not.toContain(secret);

    // A step of the grievance: its citizen is told (in the step's own transaction), the unconfirmed contacts are not.
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    expect((await step(number, 'assign', { officer: String(officerId) })).status).toBe(200);
    expect((await messagesTo(number, own)).some((m) => m.subject.includes('Assigned'))).toBe(true);
    expect(await messagesTo(number, mobile)).toHaveLength(1);
    expect(await messagesTo(number, email)).toHaveLength(1);

    // Opening the link changes nothing (mail scanners open links); the button confirms, once.
    const link = new URL(/\S+\/metoo\/confirm\?token=\S+/.exec(toMobile.body)![0]);
    const opened = await fetch(`${server.url}/hi${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(`शिकायत ${number} की प्रगति ••••••${mobile.slice(-4)} पर भेजें?`);
    const row = () => database.selectFrom('case_supporter').select(['mobile_confirmed_at', 'email_confirmed_at']).where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ mobile_confirmed_at: null, email_confirmed_at: null });
    const token = link.searchParams.get('token')!;
    const post = (t: string) => fetch(`${server.url}/metoo/confirm`, { method: 'POST', body: new URLSearchParams({ token: t }) });
    const forged = token.replace(/^m\./, 'e.');
    expect((await post(forged)).status).toBe(404);
    const confirmed = await post(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`you will be told of each step of grievance ${number}`);
    expect((await post(token)).status).toBe(404);
    expect((await row()).mobile_confirmed_at).not.toBeNull();

    // The next step reaches the confirmed mobile, and still not the email nobody confirmed.
    expect((await step(number, 'assign', { officer: String(officerId), note: 'Reassigned.' })).status).toBe(200);
    const told = (await messagesTo(number, mobile)).filter((r) => r.subject.includes('Assigned'));
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(`You are following grievance ${number}`);
    expect(told[0].body).toContain(`/trackgrievance?number=${number}`);
    expect(await messagesTo(number, email)).toHaveLength(1);

    // The email's link, opened after 48 hours, has expired.
    const emailLink = new URL(/\S+\/metoo\/confirm\?token=\S+/.exec(toEmail.body)![0]);
    setClock(49 * 3_600_000);
    try {
      expect((await fetch(`${server.url}${emailLink.pathname}${emailLink.search}`)).status).toBe(410);
      expect((await post(emailLink.searchParams.get('token')!)).status).toBe(410);
    } finally {
      setClock(0);
    }
  });

  it('asks nothing of a mobile its citizen signed in with, and tells it of the next step', async () => {
    const { number } = await lodge({ lat: '34.000000', long: '24.000000' });
    const mobile = freshMobile();
    // The demo's sign-in code waits in the outbox (no SMS gateway here).
    expect((await fetch(`${server.url}/api/Citizen/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile }) })).status).toBe(202);
    const code = /\b(\d{6})\b/.exec((await database.selectFrom('outbox_message').select('body').where('recipient', '=', mobile).where('reference', '=', 'citizen sign-in').executeTakeFirstOrThrow()).body)![1];
    const verified = await fetch(`${server.url}/api/Citizen/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, code }) });
    const cookie = `citizen_session=${((await verified.json()) as { token: string }).token}`;
    expect((await meToo(number, mobile, {}, { cookie })).headers.get('location')).toBe(`/metoo?number=${number}&counted=added`);
    expect(await messagesTo(number, mobile)).toEqual([]);
    expect((await database.selectFrom('case_supporter').select('mobile_confirmed_at').where('mobile', '=', mobile).executeTakeFirstOrThrow()).mobile_confirmed_at).not.toBeNull();
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    expect((await step(number, 'assign', { officer: String(officerId) })).status).toBe(200);
    expect((await messagesTo(number, mobile)).map((m) => m.subject)).toEqual([`Grievance ${number}: Assigned`]);
  });

  it('asks one contact at most once a day, whoever asks and however many at once', async () => {
    const victimEmail = `burst-${serial}@example.org`;
    const victimMobile = freshMobile();
    // Lodged one after another: lodging forms sent at once wait for the server's upload slots, which is not what is tested here.
    const grievances: { number: string }[] = [];
    for (const n of [30, 31, 32, 33]) grievances.push(await lodge({ lat: `${n}.000000`, long: '20.000000' }));
    // Twenty "me too"s at once: sixteen with fresh mobiles and the victim's email on one grievance, four with the
    // victim's mobile on four grievances.
    const sent = await Promise.all([
      ...Array.from({ length: 16 }, () => meToo(grievances[0].number, freshMobile(), { email: victimEmail })),
      ...grievances.map((g) => meToo(g.number, victimMobile)),
    ]);
    expect(sent.map((r) => r.status)).toEqual(Array(20).fill(303));
    const to = (recipient: string) => database.selectFrom('outbox_message').select('body').where('recipient', 'like', `%${recipient}%`).execute();
    expect(await to(victimEmail)).toHaveLength(1);
    expect(await to(victimMobile)).toHaveLength(1);
    // Every one of them counted all the same.
    expect((await similar({ category: '1', lat: '30.000000', long: '20.000000' })).body.similar[0].meToo).toBe(17);
  });
});

describe('merging a duplicate', () => {
  it('closes it as merged, moves its citizen and followers to the original, and tells them', async () => {
    const original = await lodge({ lat: '17.000000', long: '27.000000' });
    const duplicate = await lodge({ lat: '17.000100', long: '27.000000' });
    const follower = freshMobile();
    await meToo(duplicate.number, follower);
    const link = /\/metoo\/confirm\?token=(\S+)/.exec((await messagesTo(duplicate.number, follower))[0].body)![1];
    expect((await fetch(`${server.url}/metoo/confirm`, { method: 'POST', body: new URLSearchParams({ token: link }) })).status).toBe(200);
    // A follower who never confirmed moves too, and still hears nothing.
    const silent = freshMobile();
    await meToo(duplicate.number, silent);
    const res = await step(duplicate.number, 'merge', { original: original.number.toLowerCase(), note: 'Same heap.' });
    expect(res.status).toBe(200);
    expect((await res.json()).state).toBe('Merged');

    const [dup, orig] = await Promise.all(
      [duplicate.number, original.number].map((n) => database.selectFrom('service_case').select(['id', 'state', 'data']).where('number', '=', n).executeTakeFirstOrThrow()),
    );
    expect(JSON.parse(dup.data).mergedInto).toBe(original.number);
    expect(orig.state).toBe('Lodged');
    const followers = await database.selectFrom('case_supporter').select(['mobile', 'via', 'merged_from']).where('case_id', '=', orig.id).orderBy('id').execute();
    expect(followers).toEqual([
      { mobile: duplicate.mobile, via: 'merge', merged_from: duplicate.number },
      { mobile: follower, via: 'merge', merged_from: duplicate.number },
      { mobile: silent, via: 'merge', merged_from: duplicate.number },
    ]);
    const events = await database.selectFrom('case_event').select(['case_id', 'action', 'to_state']).where('case_id', 'in', [dup.id, orig.id]).where('action', 'in', ['merge', 'merged-in']).execute();
    expect(events).toEqual(expect.arrayContaining([{ case_id: dup.id, action: 'merge', to_state: 'Merged' }, { case_id: orig.id, action: 'merged-in', to_state: 'Lodged' }]));
    const audited = await database.selectFrom('audit_log').select(['record_id', 'action']).where('entity', '=', 'complaint').where('record_id', 'in', [dup.id, orig.id]).where('action', 'in', ['transition', 'update']).execute();
    expect(audited).toEqual(expect.arrayContaining([{ record_id: dup.id, action: 'transition' }, { record_id: orig.id, action: 'update' }]));
    for (const mobile of [duplicate.mobile, follower]) {
      const told = await until(async () => {
        const rows = await messagesTo(duplicate.number, mobile);
        return rows.some((r) => r.body.includes(`same problem as grievance ${original.number}`)) ? rows : undefined;
      }, `${mobile} told of the merge`);
      expect(told.length).toBeGreaterThan(0);
    }
    // From now on they follow the original: its next step reaches them, under its own number.
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    expect((await step(original.number, 'assign', { officer: String(officerId) })).status).toBe(200);
    for (const mobile of [duplicate.mobile, follower]) {
      const told = await until(async () => {
        const rows = await messagesTo(original.number, mobile);
        return rows.some((r) => r.subject.includes('Assigned')) ? rows : undefined;
      }, `${mobile} told of the original's next step`);
      expect(told.find((r) => r.subject.includes('Assigned'))!.body).toContain(`You are following grievance ${original.number}`);
    }
    expect(await messagesTo(original.number, silent)).toEqual([]);
    expect((await messagesTo(duplicate.number, silent)).map((m) => m.body.includes('/metoo/confirm?token='))).toEqual([true]);
    const tracking = await (await fetch(`${server.url}/trackgrievance?number=${duplicate.number}`)).text();
    expect(tracking).toContain(`data-merged-into="${original.number}"`);
    expect(tracking).toContain(`href="/trackgrievance?number=${original.number}"`);
    const hindi = await (await fetch(`${server.url}/hi/trackgrievance?number=${duplicate.number}`)).text();
    expect(hindi).toContain(`href="/hi/trackgrievance?number=${original.number}"`);
  });

  it('refuses merging into itself, into a closed case, across services, in a loop, and by whoever may not', async () => {
    const original = await lodge({ lat: '18.000000', long: '28.000000' });
    const duplicate = await lodge({ lat: '18.000100', long: '28.000000' });
    const closed = await lodge({ lat: '18.000200', long: '28.000000' });
    await step(closed.number, 'reject', { note: 'Not the council\'s land.' });
    const at = new Date().toISOString();
    const licence = `NPK-TL-2026-11-26-${String(900_000 + ++serial).padStart(6, '0')}`;
    await database.insertInto('service_case').values({
      service: 'trade-licence', number: licence, state: 'Applied', ward_id: 3, category_id: null, assignee_id: null, due_at: null,
      lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}',
    }).execute();
    const refused = async (into: string, status: number, words: string, who = admin, number = duplicate.number) => {
      const res = await step(number, 'merge', { original: into }, who);
      expect(res.status, into).toBe(status);
      expect(await res.text()).toContain(words);
    };
    await refused('', 400, 'Give the number of the original grievance.');
    await refused(duplicate.number, 400, 'cannot be merged into itself');
    await refused(closed.number, 409, 'is closed');
    await refused(licence, 400, 'must be a grievance too');
    await refused('NPK-PGR-2020-01-01-999999', 400, 'No grievance has that number.');
    // An officer sees only what is assigned to them, and may not merge even that.
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    expect((await step(duplicate.number, 'assign', { officer: String(officerId) })).status).toBe(200);
    await refused(original.number, 403, 'your role may not', officer);
    expect((await fetch(`${server.url}/api/Staff/cases/${duplicate.number}/merge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"original":"x"}' })).status).toBe(401);
    // Once merged, neither it nor its original can be merged back into the other: no chain loops.
    expect((await step(duplicate.number, 'merge', { original: original.number })).status).toBe(200);
    await refused(duplicate.number, 409, 'is closed', admin, original.number);
    await refused(original.number, 409, 'not possible while the grievance is Merged');
  });
});
