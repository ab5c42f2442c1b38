import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { noticeType } from '../../src/features/notice/notice.schema';
import { ADMIN, CASHIER, EDITOR, OFFICER, USER, VERIFIER, bearer, login } from '../support/api';
import { contentForm, sampleJpeg, samplePdf, sampleValues } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { messages } from '../../src/i18n/messages';
import { licenceApplicationFields } from '../support/licence-application';
import { startServer, type TestServer } from '../support/server';

/**
 * A trade licence application's documents are private files: every spelling of their address answers a
 * stranger, another citizen and staff whose role does not serve licences as if nothing were there; the
 * reviewers, the counter, admins and the applicant (signed in at /my, or having found the application on its
 * tracking page) get them marked `private, no-store`. The same bytes published as a notice stay public there
 * without making the private file public. An admin's withdrawal and the applicant's replacement of a refused
 * document leave nothing to answer and no bytes behind, unless another application holds the same file.
 * Its own server: it looks into the database for the bytes.
 */
let server: TestServer;
let database: Db;
const url = (p: string) => `${server.url}${p}`;
let financialYear = '';
const tokens: Record<string, string> = {};
const APPLICANT_MOBILE = '9800077001';
const OTHER_MOBILE = '9800077002';

function application(documents: Record<string, Uint8Array<ArrayBuffer>>, mobile = APPLICANT_MOBILE): FormData {
  const fields = licenceApplicationFields(financialYear, {
    tradeName: 'Private Papers Kirana', tradeSubType: 'Provisions', owner1_name: 'Kamla Devi', owner1_guardianName: 'Ram Prasad', owner1_gender: 'Female',
    owner1_dateOfBirth: '1980-03-02', owner1_mobile: mobile, owner1_pan: 'ABCDE1234F',
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [code, bytes] of Object.entries(documents)) {
    const type = bytes[0] === 0xff ? 'image/jpeg' : 'application/pdf';
    form.append(`doc_${code}`, new File([bytes], `${code}.${type === 'image/jpeg' ? 'jpg' : 'pdf'}`, { type }));
  }
  return form;
}

async function apply(documents: Record<string, Uint8Array<ArrayBuffer>>, mobile?: string): Promise<string> {
  const res = await fetch(url('/api/Public/trade-licence/applications'), { method: 'POST', body: application(documents, mobile) });
  const body = (await res.json()) as { number: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.number;
}

/** Each document's current stored row, by the document's code: its key (the address) and type. */
async function filesOf(number: string): Promise<Record<string, { key: string; type: string; id: number; isPrivate: number }>> {
  const rows = await database
    .selectFrom('case_event_media')
    .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
    .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
    .innerJoin('media', 'media.id', 'case_event_media.media_id')
    .select(['case_event.action', 'case_event.data', 'case_event_media.position', 'media.id', 'media.sha256', 'media.content_type', 'media.private', 'service_case.data as caseData'])
    .where('service_case.number', '=', number)
    .orderBy('case_event.id')
    .execute();
  const files: Record<string, { key: string; type: string; id: number; isPrivate: number }> = {};
  for (const row of rows) {
    const codes = (JSON.parse(row.action === 'lodge' ? row.caseData : row.data) as { documentCodes: string[] }).documentCodes;
    files[codes[row.position]] = { key: row.sha256, type: row.content_type, id: row.id, isPrivate: row.private };
  }
  return files;
}

const extension = (type: string) => (type === 'application/pdf' ? 'pdf' : 'jpg');

/** Every spelling of a file's address a reader might try, with what each must answer when it answers at all. */
function spellings(key: string, type: string): { path: string; init?: RequestInit; ok: number }[] {
  const ext = extension(type);
  const list: { path: string; init?: RequestInit; ok: number }[] = [
    { path: `/media/${key}`, ok: 200 },
    { path: `/media/${key}.${ext}`, ok: 200 },
    { path: `/media/${key}.bin`, ok: 200 },
    { path: `/media/${key}.${ext}?name=Identity.pdf`, ok: 200 },
    { path: `/media/${key}.${ext}`, init: { method: 'HEAD' }, ok: 200 },
    { path: `/media/${key}.${ext}`, init: { headers: { range: 'bytes=0-9' } }, ok: 206 },
    { path: `/media/${key}.${ext}`, init: { headers: { range: 'bytes=-5' } }, ok: 206 },
    { path: `/media/${key}.${ext}`, init: { headers: { 'if-none-match': `"${key}.${ext}"` } }, ok: 200 },
  ];
  if (type.startsWith('image/')) list.push({ path: `/media/${key}.w320.webp`, ok: 200 }, { path: `/media/${key}.w160.webp`, ok: 200 });
  return list;
}

/** Spellings that never reach a file for anyone: another language's prefix, odd case, doubled slashes. */
function strayed(key: string, type: string): string[] {
  const ext = extension(type);
  return [`/hi/media/${key}.${ext}`, `/MEDIA/${key}.${ext}`, `/media/${key.toUpperCase()}.${ext}`, `//media/${key}.${ext}`, `/media//${key}.${ext}`, `/media/./${key}.${ext}`, `/media/%2e/${key}.${ext}`];
}

/**
 * src/pages/media/[file].ts asks for the reader's right once, from the key, before it tells an original from a
 * copy, a range or HEAD: every spelling goes out as one identity that is refused and one that is served, and
 * each other identity sends the plain address (and a copy's, for a picture).
 */
const sampled = (key: string, type: string) => spellings(key, type).filter((s, i) => i === 1 || s.path.endsWith('.w320.webp'));

async function expectRefused(headers: Record<string, string>, key: string, type: string, who: string, every = false) {
  for (const s of every ? spellings(key, type) : sampled(key, type)) {
    const res = await fetch(url(s.path), { ...s.init, headers: { ...headers, ...(s.init?.headers as Record<string, string>) } });
    expect(res.status, `${who}: ${s.init?.method ?? 'GET'} ${s.path} ${JSON.stringify(s.init?.headers ?? {})}`).toBe(404);
    expect((await res.arrayBuffer()).byteLength <= 'Not found'.length, `${who}: ${s.path} said nothing of the file`).toBe(true);
  }
  // Each is refused or sent to the canonical address from its path alone: the stranger shows none leads past the check.
  if (every) for (const path of strayed(key, type)) {
    const res = await fetch(url(path), { headers });
    expect([404, 400], `${who}: ${path}`).toContain(res.status);
  }
}

async function expectServed(headers: Record<string, string>, key: string, type: string, who: string, every = false) {
  for (const s of every ? spellings(key, type) : sampled(key, type)) {
    const res = await fetch(url(s.path), { ...s.init, headers: { ...headers, ...(s.init?.headers as Record<string, string>) } });
    expect(res.status, `${who}: ${s.init?.method ?? 'GET'} ${s.path}`).toBe(s.ok);
    expect(res.headers.get('cache-control'), `${who}: ${s.path}`).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    await res.arrayBuffer();
  }
}

/** A citizen's session on this server: the code goes to the notification log, read there by an admin. */
async function citizenToken(mobile: string): Promise<string> {
  const post = (path: string, body: object) => fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/Citizen/signin', { mobile })).status).toBe(202);
  const log = await (await fetch(url('/notifications'), { headers: bearer(tokens.admin) })).text();
  const code = new RegExp(`${mobile}</td>[\\s\\S]*?(\\d{6}) is your sign-in code`).exec(log)![1];
  const verified = await post('/api/Citizen/verify', { mobile, code });
  return ((await verified.json()) as { token: string }).token;
}

/** Finds the application on its tracking page, as its applicant does; the cookie the page leaves for /media/. */
async function trackedCookie(number: string, mobile = APPLICANT_MOBILE): Promise<{ cookie: string; page: string }> {
  const res = await fetch(url('/tradelicense/track'), { method: 'POST', body: new URLSearchParams({ number, mobile }) });
  expect(res.status).toBe(200);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('case_files='));
  expect(set, 'the tracking page leaves a grant for the files').toBeTruthy();
  expect(set).toMatch(/Path=\/media\//i);
  expect(set).toMatch(/HttpOnly/i);
  return { cookie: set!.split(';')[0], page: await res.text() };
}

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  for (const name of ['lodgesPerAddressPerHour', 'lodgesPerMobilePerDay']) {
    await database.insertInto('grievance_setting').values({ name, value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  }
  for (const [name, account] of Object.entries({ admin: ADMIN, user: USER, verifier: VERIFIER, officer: OFFICER, editor: EDITOR, cashier: CASHIER })) {
    tokens[name] = await login(account.email, account.password, server.url);
  }
  const stored = await database.selectFrom('service_case').select('data').where('service', '=', 'trade-licence').executeTakeFirstOrThrow();
  financialYear = (JSON.parse(stored.data) as { financialYear: string }).financialYear;
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('private files', () => {
  it('answer only the reviewers, the counter, admins and the applicant, never cached, by every spelling', async () => {
    const identity = samplePdf(`identity ${Math.random()}`);
    const number = await apply({ identity, premises: samplePdf(`premises ${Math.random()}`), photo: await sampleJpeg('#1d4ed8', 40, 30) });
    const files = await filesOf(number);
    expect(Object.keys(files).sort()).toEqual(['identity', 'photo', 'premises']);
    for (const file of Object.values(files)) expect(file.isPrivate).toBe(1);
    // The address is not the bytes' SHA-256: knowing (or guessing) the hash of the papers names nothing.
    const hash = createHash('sha256').update(identity).digest('hex');
    expect(files.identity.key).not.toBe(hash);
    expect((await fetch(url(`/media/${hash}.pdf`))).status).toBe(404);

    const otherCitizen = await citizenToken(OTHER_MOBILE);
    const applicant = await citizenToken(APPLICANT_MOBILE);
    const strangers: [string, Record<string, string>][] = [
      ['a stranger', {}],
      ['another citizen (cookie)', { cookie: `citizen_session=${otherCitizen}` }],
      ['another citizen (bearer)', bearer(otherCitizen)],
      ['a grievance officer', bearer(tokens.officer)],
      ['an editor', bearer(tokens.editor)],
      ['a cashier', bearer(tokens.cashier)],
      ['a forged grant', { cookie: `case_files=${number}.9999999999.${'A'.repeat(43)}` }],
    ];
    // Another application's grant opens that application's files only.
    const elsewhere = await apply({ identity: samplePdf(`other ${Math.random()}`), premises: samplePdf(`other premises ${Math.random()}`), photo: await sampleJpeg('#15803d') }, OTHER_MOBILE);
    strangers.push(["another application's tracked applicant", { cookie: (await trackedCookie(elsewhere, OTHER_MOBILE)).cookie }]);
    for (const [who, headers] of strangers) for (const file of [files.identity, files.photo]) await expectRefused(headers, file.key, file.type, who, who === 'a stranger');

    const tracked = await trackedCookie(number);
    expect(tracked.page).toContain(`/media/${files.identity.key}.pdf`);
    const readers: [string, Record<string, string>][] = [
      ['the verifier', bearer(tokens.verifier)],
      ['the counter clerk', bearer(tokens.user)],
      ['an admin', bearer(tokens.admin)],
      ['the applicant signed in (cookie)', { cookie: `citizen_session=${applicant}` }],
      ['the applicant signed in (bearer)', bearer(applicant)],
      ['the tracked applicant', { cookie: tracked.cookie }],
    ];
    for (const [who, headers] of readers) for (const file of [files.identity, files.photo]) await expectServed(headers, file.key, file.type, who, who === 'the tracked applicant');
    const body = Buffer.from(await (await fetch(url(`/media/${files.identity.key}.pdf`), { headers: { cookie: tracked.cookie } })).arrayBuffer());
    expect(body.equals(Buffer.from(identity))).toBe(true);
  });

  it('keeps a private file private when the same bytes are published, and never lets a content item name it', async () => {
    const bytes = samplePdf(`shared ${Math.random()}`);
    const number = await apply({ identity: bytes, premises: samplePdf(`premises ${Math.random()}`), photo: await sampleJpeg('#9333ea') });
    const { identity } = await filesOf(number);
    const values = sampleValues(noticeType, 7);
    const published = await fetch(url('/api/Admin/notice'), { method: 'POST', headers: bearer(tokens.admin), body: contentForm(noticeType, values, { filePath: new File([bytes], 'n.pdf', { type: 'application/pdf' }) }) });
    expect(published.status).toBe(201);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const open = await fetch(url(`/media/${hash}.pdf`));
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expectRefused({}, identity.key, identity.type, 'a stranger after the same bytes were published');
    await expectServed(bearer(tokens.verifier), identity.key, identity.type, 'the verifier after the same bytes were published');
    // A content item may point at a stored public file by its address, never at a private one.
    const named = await fetch(url('/api/Admin/notice'), { method: 'POST', headers: bearer(tokens.admin), body: contentForm(noticeType, { ...values, filePath: `/media/${identity.key}.pdf` }) });
    expect(named.status).toBe(400);
  });

  it('is withdrawn by an admin for good: 404 to everyone, its bytes gone unless another application holds them', async () => {
    const shared = samplePdf(`withdrawn ${Math.random()}`);
    const first = await apply({ identity: shared, premises: samplePdf(`premises ${Math.random()}`), photo: await sampleJpeg('#be123c') });
    const second = await apply({ identity: shared, premises: samplePdf(`premises ${Math.random()}`), photo: await sampleJpeg('#0f766e') });
    const { identity } = await filesOf(first);
    // One applicant's bytes sent by another are the same private row.
    expect((await filesOf(second)).identity.key).toBe(identity.key);
    const withdraw = (number: string, headers: Record<string, string>) => fetch(url(`/api/Staff/cases/${number}/files/${identity.key}.pdf`), { method: 'DELETE', headers });
    expect((await withdraw(first, {})).status).toBe(401);
    expect((await withdraw(first, bearer(tokens.verifier))).status).toBe(403);
    expect((await withdraw(first, bearer(tokens.admin))).status).toBe(200);
    expect((await withdraw(first, bearer(tokens.admin))).status).toBe(404);
    expect((await fetch(url(`/api/Staff/cases/${first}/files/${'0'.repeat(64)}`), { method: 'DELETE', headers: bearer(tokens.admin) })).status).toBe(404);

    // The first application no longer holds it: its tracked applicant is refused; the second's reviewers still read it.
    await expectRefused({ cookie: (await trackedCookie(first)).cookie }, identity.key, identity.type, "the first application's applicant after the withdrawal");
    await expectServed(bearer(tokens.verifier), identity.key, identity.type, 'the verifier of the second application');
    expect((await filesOf(first)).identity).toBeUndefined();
    const count = async () => Number((await database.selectFrom('media').select((eb) => eb.fn.countAll().as('n')).where('sha256', '=', identity.key).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(1);

    expect((await withdraw(second, bearer(tokens.admin))).status).toBe(200);
    for (const [who, headers] of [['the verifier', bearer(tokens.verifier)], ['an admin', bearer(tokens.admin)]] as const) await expectRefused(headers, identity.key, identity.type, who, who === 'an admin');
    expect(await count()).toBe(0);
    const audit = await database.selectFrom('audit_log').select(['action', 'entity']).where('entity', '=', 'case-file').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('drops a refused document when the applicant sends its replacement', async () => {
    const number = await apply({ identity: samplePdf(`identity ${Math.random()}`), premises: samplePdf(`premises ${Math.random()}`), photo: await sampleJpeg('#a16207') });
    const before = await filesOf(number);
    const judged = await fetch(url(`/api/Staff/trade-licence/${number}/documents`), { method: 'POST', headers: { ...bearer(tokens.verifier), accept: 'application/json' }, body: new URLSearchParams({ code: 'premises', verdict: 'refuse', reason: 'Unreadable scan' }) });
    expect(judged.status).toBe(200);
    const sent = await fetch(url(`/api/Staff/cases/${number}/sendBack`), { method: 'POST', headers: { ...bearer(tokens.verifier), 'content-type': 'application/json' }, body: JSON.stringify({ note: 'Send a readable copy of the premises papers.' }) });
    expect(sent.status).toBe(200);

    const replacement = samplePdf(`premises again ${Math.random()}`);
    const form = new FormData();
    for (const [name, value] of Object.entries({ number, mobile: APPLICANT_MOBILE, action: 'replace' })) form.append(name, value);
    form.append('doc_premises', new File([replacement], 'premises.pdf', { type: 'application/pdf' }));
    expect((await fetch(url('/tradelicense/track'), { method: 'POST', body: form })).status).toBe(200);

    const after = await filesOf(number);
    expect(after.premises.key).not.toBe(before.premises.key);
    expect(after.identity.key).toBe(before.identity.key);
    await expectRefused(bearer(tokens.verifier), before.premises.key, before.premises.type, 'the verifier, for the replaced file');
    expect(await database.selectFrom('media').select('id').where('id', '=', before.premises.id).executeTakeFirst()).toBeUndefined();
    await expectServed(bearer(tokens.verifier), after.premises.key, after.premises.type, 'the verifier, for the replacement');
  });
});

/** The stored rows of the photos sent with a grievance's lodging: each one's key (its address) and whether it is private. */
async function lodgedPhotos(number: string): Promise<{ key: string; isPrivate: number }[]> {
  const rows = await database
    .selectFrom('case_event_media')
    .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
    .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
    .innerJoin('media', 'media.id', 'case_event_media.media_id')
    .select(['media.sha256', 'media.private'])
    .where('service_case.number', '=', number)
    .where('case_event.action', '=', 'lodge')
    .orderBy('case_event_media.position')
    .execute();
  return rows.map((r) => ({ key: r.sha256, isPrivate: r.private }));
}

/** Lodges on /postgrievance as its form sends it, with one photo, ticking "keep my photos private" or not. */
async function lodgeWithPhoto(mobile: string, photo: Uint8Array<ArrayBuffer>, keepPrivate: boolean, another?: Uint8Array<ArrayBuffer>): Promise<string> {
  const form = new FormData();
  const fields = { category: '1', ward: '3', address: 'House 12, Lane 7', landmark: 'Behind the school', description: 'The drain is blocked and overflowing.', name: 'Meena Kumari', mobile, email: '' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (keepPrivate) form.append('photos_private', '1');
  form.append('photos', new File([photo], 'drain.jpg', { type: 'image/jpeg' }));
  if (another) form.append('photos', new File([another], 'drain-2.jpg', { type: 'image/jpeg' }));
  const res = await fetch(url('/postgrievance'), { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(303);
  return decodeURIComponent(/lodged=([^&]+)/.exec(res.headers.get('location') ?? '')![1]);
}

describe('a grievance photo kept private', () => {
  const CITIZEN_MOBILE = '9800077011';

  it('is on no public page, list or feed, answers only the case staff and its citizen, and an admin withdraws it', async () => {
    const number = await lodgeWithPhoto(CITIZEN_MOBILE, await sampleJpeg('#7c2d12', 48, 36), true, await sampleJpeg('#a16207', 36, 48));
    const publicNumber = await lodgeWithPhoto('9800077012', await sampleJpeg('#155e75', 48, 36), false);
    const [photo, second] = await lodgedPhotos(number);
    expect(second.isPrivate).toBe(1);
    const [publicPhoto] = await lodgedPhotos(publicNumber);
    expect(photo.isPrivate).toBe(1);
    expect(publicPhoto.isPrivate).toBe(0);

    // Every public reader of grievances: the list, the old calls, Open311's requests and updates, the ward's feed, the sitemap.
    const ward = (await database.selectFrom('ward').select('ward_number').where('id', '=', 3).executeTakeFirstOrThrow()).ward_number;
    const readers = [
      '/viewgrievance', '/hi/viewgrievance', '/api/Public/complaint?page=1&pageSize=50', `/open311/v2/requests/${number}.json`, '/open311/v2/requests.json',
      '/open311/v2/servicerequestupdates.json', `/wards/${ward}/grievances.rss`, '/sitemap.xml', `/trackgrievance?number=${number}`,
    ];
    let publicShown = false;
    for (const path of readers) {
      const body = await (await fetch(url(path))).text();
      expect(body.includes(photo.key), `${path} names the private photo`).toBe(false);
      publicShown ||= body.includes(publicPhoto.key);
    }
    // The public photo sent beside it is still public where it always was: the readers above were asked for the right things.
    expect(publicShown).toBe(true);
    const one = (await (await fetch(url(`/open311/v2/requests/${number}.json`))).json()) as { media_url: string | null }[];
    expect(one[0].media_url).toBeNull();

    const otherCitizen = await citizenToken('9800077013');
    const ownCitizen = await citizenToken(CITIZEN_MOBILE);
    const refused: [string, Record<string, string>][] = [
      ['a stranger', {}],
      ['another citizen', { cookie: `citizen_session=${otherCitizen}` }],
      ['a field officer the grievance is not assigned to', bearer(tokens.officer)],
      ['an editor', bearer(tokens.editor)],
      ['a cashier', bearer(tokens.cashier)],
      ['a licence verifier', bearer(tokens.verifier)],
    ];
    for (const [who, headers] of refused) await expectRefused(headers, photo.key, 'image/jpeg', who, who === 'a stranger');
    const tracked = await fetch(url('/trackgrievance'), { method: 'POST', body: new URLSearchParams({ number, mobile: CITIZEN_MOBILE }) });
    const grant = tracked.headers.getSetCookie().find((c) => c.startsWith('case_files='))!.split(';')[0];
    expect(await tracked.text()).toContain(`/media/${photo.key}.jpg`);
    const served: [string, Record<string, string>][] = [
      ['the complaint desk', bearer(tokens.user)],
      ['an admin', bearer(tokens.admin)],
      ['its citizen signed in', { cookie: `citizen_session=${ownCitizen}` }],
      ['its citizen tracking it', { cookie: grant }],
    ];
    for (const [who, headers] of served) await expectServed(headers, photo.key, 'image/jpeg', who, who === 'an admin');
    const mine = await (await fetch(url(`/my/cases/${number}`), { headers: { cookie: `citizen_session=${ownCitizen}` } })).text();
    expect(mine).toContain(`/media/${photo.key}.jpg`);
    const casePage = await (await fetch(url(`/cases/${number}`), { headers: bearer(tokens.admin) })).text();
    expect(casePage).toContain(`/media/${photo.key}.jpg`);
    expect(casePage).toContain(`/api/Staff/cases/${number}/files/${photo.key}`);

    // Assigned to the officer, it is theirs to see.
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    const assigned = await fetch(url(`/api/Staff/cases/${number}/assign`), { method: 'POST', headers: { ...bearer(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: String(officerId) }) });
    expect(assigned.status).toBe(200);
    await expectServed(bearer(tokens.officer), photo.key, 'image/jpeg', 'the officer it is assigned to');

    const withdraw = (headers: Record<string, string>) => fetch(url(`/api/Staff/cases/${number}/files/${photo.key}.jpg`), { method: 'DELETE', headers });
    expect((await withdraw(bearer(tokens.officer))).status).toBe(403);
    // The case page's button: a form post, sent back to the case, which says the file is gone.
    const button = await fetch(url(`/api/Staff/cases/${number}/files/${photo.key}`), { method: 'POST', headers: bearer(tokens.admin), body: new URLSearchParams({ lang: 'hi' }), redirect: 'manual' });
    expect(button.status).toBe(303);
    expect(button.headers.get('location')).toBe(`/hi/cases/${number}?done=withdrawn`);
    const after = await (await fetch(url(button.headers.get('location')!), { headers: bearer(tokens.admin) })).text();
    expect(after).toContain(messages('hi').caseDesk.fileWithdrawn);
    expect(after).not.toContain(photo.key);
    expect((await withdraw(bearer(tokens.admin))).status).toBe(404);
    // A burst of withdrawals of the other photo sent with it: withdrawn once, audited once.
    const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(url(`/api/Staff/cases/${number}/files/${second.key}.jpg`), { method: 'DELETE', headers: bearer(tokens.admin) }).then((r) => r.status)));
    expect(burst.filter((s) => s === 200)).toHaveLength(1);
    expect(burst.filter((s) => s !== 200).every((s) => s === 404)).toBe(true);
    for (const [who, headers] of served) await expectRefused(headers, photo.key, 'image/jpeg', `${who}, after the withdrawal`);
    expect(await lodgedPhotos(number)).toEqual([]);
    const audit = await database.selectFrom('audit_log').select(['action', 'before_json']).where('entity', '=', 'case-file').execute();
    expect(audit.filter((a) => a.action === 'delete' && String(a.before_json).includes(number))).toHaveLength(2);
  });
});

/** The counter's form, sent as its page sends it (multipart), with a scan when given. */
async function counterPost(fields: Record<string, string>, scan?: { bytes: Uint8Array<ArrayBuffer>; type: string }, headers = bearer(tokens.cashier)) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (scan) form.append('scan', new File([scan.bytes], scan.type === 'application/pdf' ? 'cheque.pdf' : 'cheque.jpg', { type: scan.type }));
  const res = await fetch(url('/counter'), { method: 'POST', headers, body: form, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '', html: res.status === 303 ? '' : await res.text() };
}

async function scanOf(receipt: string): Promise<{ key: string; type: string; isPrivate: number } | undefined> {
  const row = await database
    .selectFrom('payment_receipt')
    .innerJoin('media', 'media.id', 'payment_receipt.instrument_media_id')
    .select(['media.sha256', 'media.content_type', 'media.private'])
    .where('payment_receipt.number', '=', receipt)
    .executeTakeFirst();
  return row && { key: row.sha256, type: row.content_type, isPrivate: row.private };
}

describe("a cheque's scan at the counter", () => {
  it('is kept private with the receipt: the counter staff read it, nobody else, not /verify; it stays when the cheque bounces, and is removed audited', async () => {
    const pdf = samplePdf(`cheque ${Math.random()}`);
    const taken = await counterPost({ action: 'collect', number: 'W05-0001', mode: 'cheque', instrument: '104233 Punjab National Bank', amount: '' }, { bytes: pdf, type: 'application/pdf' });
    expect(taken.status, taken.html.slice(0, 500)).toBe(303);
    const receipt = decodeURIComponent(/done=([^&]+)/.exec(taken.location)![1]);
    const scan = (await scanOf(receipt))!;
    expect(scan).toMatchObject({ type: 'application/pdf', isPrivate: 1 });
    expect(scan.key).not.toBe(createHash('sha256').update(pdf).digest('hex'));

    const payer = await citizenToken('9876543210');
    const refused: [string, Record<string, string>][] = [
      ['a stranger', {}],
      ['the payer signed in', { cookie: `citizen_session=${payer}` }],
      ['the complaint desk', bearer(tokens.user)],
      ['a field officer', bearer(tokens.officer)],
      ['an editor', bearer(tokens.editor)],
      ['a licence verifier', bearer(tokens.verifier)],
    ];
    for (const [who, headers] of refused) await expectRefused(headers, scan.key, scan.type, who, who === 'a stranger');
    for (const [who, headers] of [['the cashier', bearer(tokens.cashier)], ['an admin', bearer(tokens.admin)]] as const) await expectServed(headers, scan.key, scan.type, who, who === 'the cashier');
    const opened = Buffer.from(await (await fetch(url(`/media/${scan.key}.pdf`), { headers: bearer(tokens.cashier) })).arrayBuffer());
    expect(opened.equals(Buffer.from(pdf))).toBe(true);

    // Shown on the counter's staff views; never on the payer's receipt, /verify or the register's CSV.
    expect(await (await fetch(url(taken.location), { headers: bearer(tokens.cashier) })).text()).toContain(`/media/${scan.key}.pdf`);
    const register = await (await fetch(url('/collection-register'), { headers: bearer(tokens.cashier) })).text();
    expect(register).toContain(`/media/${scan.key}.pdf`);
    expect(await (await fetch(url('/collection-register?format=csv'), { headers: bearer(tokens.cashier) })).text()).not.toContain(scan.key);
    const row = await database.selectFrom('payment_receipt').select(['token']).where('number', '=', receipt).executeTakeFirstOrThrow();
    const { receiptCheckCode } = await import('../../src/features/payments/receipt-check');
    const code = receiptCheckCode(row.token, receipt);
    for (const path of [`/verify/${receipt}?code=${code}`, `/hi/verify/${receipt}?code=${code}`, `/api/Public/receipts/${receipt}?code=${code}`]) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(200);
      expect((await res.text()).includes(scan.key), path).toBe(false);
    }
    const pdfReceipt = Buffer.from(await (await fetch(url(`/receipt/${row.token}.pdf`))).arrayBuffer());
    expect(pdfReceipt.includes(Buffer.from(scan.key))).toBe(false);

    // The cheque bounces: its receipt is cancelled and keeps its scan.
    const bounced = await counterPost({ action: 'bounce-confirm', number: 'W05-0001', receipt, reason: 'Refer to drawer' });
    expect(bounced.status).toBe(303);
    expect((await database.selectFrom('payment_receipt').select('state').where('number', '=', receipt).executeTakeFirstOrThrow()).state).toBe('cancelled');
    await expectServed(bearer(tokens.cashier), scan.key, scan.type, 'the cashier, after the bounce');

    const remove = (headers: Record<string, string>) => fetch(url(`/api/Staff/receipts/${receipt}/scan`), { method: 'DELETE', headers });
    expect((await remove({})).status).toBe(401);
    expect((await remove(bearer(tokens.user))).status).toBe(403);
    // A burst of the same removal at once: one removes it, the others find nothing to remove.
    const burst = await Promise.all(Array.from({ length: 40 }, () => remove(bearer(tokens.cashier)).then((r) => r.status)));
    expect(burst.filter((s) => s === 200)).toHaveLength(1);
    expect(burst.filter((s) => s !== 200).every((s) => s === 404)).toBe(true);
    await expectRefused(bearer(tokens.admin), scan.key, scan.type, 'an admin, after the removal', true);
    expect(await scanOf(receipt)).toBeUndefined();
    expect(await database.selectFrom('media').select('id').where('sha256', '=', scan.key).executeTakeFirst()).toBeUndefined();
    const audit = await database.selectFrom('audit_log').select(['action', 'before_json']).where('entity', '=', 'receipt-scan').execute();
    expect(audit.filter((a) => a.action === 'delete' && String(a.before_json).includes(receipt))).toHaveLength(1);
  });

  it('refused for a bad amount, keeps the scan for the form sent again; a scan with cash is refused; not a picture or PDF is refused', async () => {
    const photo = await sampleJpeg('#334155', 64, 28);
    const cheque = { action: 'collect', number: 'W05-0002', mode: 'dd', instrument: 'DD 55120 Bank of Baroda' };
    const withCash = await counterPost({ ...cheque, mode: 'cash', amount: '' }, { bytes: photo, type: 'image/jpeg' });
    expect(withCash.status).toBe(400);
    expect(withCash.html).toContain('A scan is kept only with a cheque or a demand draft');
    const notAScan = await counterPost({ ...cheque, amount: '' }, { bytes: new TextEncoder().encode('plain words, not a scan') as Uint8Array<ArrayBuffer>, type: 'image/jpeg' });
    expect(notAScan.status).toBe(415);
    expect(notAScan.html).toContain('The scan must be a picture (JPEG, PNG or WebP) or a PDF.');

    const refused = await counterPost({ ...cheque, amount: '12,50.5x' }, { bytes: photo, type: 'image/jpeg' });
    expect(refused.status).toBe(400);
    // What was typed comes back, and the scan is listed, ticked, under a key only this page holds.
    expect(refused.html).toContain('value="DD 55120 Bank of Baroda"');
    const key = /name="kept_key" value="([^"]+)"/.exec(refused.html)?.[1];
    const kept = /name="kept_file" value="(\d+)" checked/.exec(refused.html)?.[1];
    expect(key && kept, 'the refused page keeps the scan').toBeTruthy();
    const again = await counterPost({ ...cheque, amount: '', kept_key: key!, kept_file: kept! });
    expect(again.status, again.html.slice(0, 500)).toBe(303);
    const receipt = decodeURIComponent(/done=([^&]+)/.exec(again.location)![1]);
    const scan = (await scanOf(receipt))!;
    expect(scan).toMatchObject({ type: 'image/jpeg', isPrivate: 1 });
    await expectServed(bearer(tokens.admin), scan.key, scan.type, 'an admin');
    await expectRefused({}, scan.key, scan.type, 'a stranger');
    // The kept copy went with the receipt.
    expect(await database.selectFrom('kept_form_file').select('id').where('id', '=', Number(kept)).executeTakeFirst()).toBeUndefined();
  });
});
