import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../src/server/auth/users';
import type { Db } from '../../src/server/db';
import { ADMIN, OFFICER, USER, bearer, login } from '../support/api';
import { sampleJpeg, samplePdf } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { startMailServer, type ReceivedMail } from '../support/mail';
import { allGrievanceRows, countGrievances, grievanceEventRows, grievanceRow, setGrievance } from '../support/grievance-row';
import { startSmsGateway, type SentText, type SmsGateway } from '../support/sms';

/**
 * The grievance workflow end to end, against a server of its own whose notifications go to a real SMTP
 * server and an HTTP SMS gateway started here: every transition, every refusal the table declares, the
 * citizen's tracking, the abuse limits, the legacy mapping and Open311. Time is moved by writing timestamps
 * into the database, never by waiting.
 */

let mails: ReceivedMail[] = [];
const texts: SentText[] = [];
let smtp: Awaited<ReturnType<typeof startMailServer>>;
let gateway: SmsGateway | undefined;
let server: TestServer;
let database: Db;
let tokens: { admin: string; user: string; officer: string; otherOfficer: string };
let jpeg: Uint8Array<ArrayBuffer>;

const OPEN311_KEY = 'test-open311-key';
const url = (p: string) => `${server.url}${p}`;

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never arrived: ${what}`);
}

let mobileSerial = 0;
/** A fresh mobile number per grievance, so the per-number limit never trips by accident. */
const freshMobile = () => `98${String(10_000_000 + ++mobileSerial * 37).padStart(8, '0')}`;

async function lodge(fields: Record<string, string> = {}, photos: Uint8Array<ArrayBuffer>[] = []): Promise<{ status: number; html: string; number: string | null; mobile: string }> {
  const form = new FormData();
  const mobile = fields.mobile ?? freshMobile();
  const values = { category: '1', ward: '3', address: 'House 12, Lane 4, Ramnagar', landmark: 'Near the Shiv Mandir', description: 'Garbage not lifted for a week.', name: 'Asha Kumari', email: '', ...fields, mobile };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const photo of photos) form.append('photos', new File([photo], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await fetch(url('/postgrievance'), { method: 'POST', body: form });
  const html = await res.text();
  return { status: res.status, html, number: /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1] ?? null, mobile };
}

async function act(token: string, number: string, action: string, fields: Record<string, string> = {}, photos: Uint8Array<ArrayBuffer>[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photos', new File([photo], 'after.jpg', { type: 'image/jpeg' }));
  const res = await fetch(url(`/api/Grievance/${number}/${action}`), { method: 'POST', headers: bearer(token), body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function track(number: string, mobile: string, fields: Record<string, string> = {}) {
  const res = await fetch(url('/trackgrievance'), { method: 'POST', body: new URLSearchParams({ number, mobile, action: 'lookup', ...fields }) });
  return { status: res.status, html: await res.text() };
}

const row = (number: string) => grievanceRow(database, number);
const officerId = async (email: string) => (await database.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function setSetting(name: string, value: number) {
  await database.insertInto('grievance_setting').values({ name, value: String(value) }).onConflict((oc) => oc.column('name').doUpdateSet({ value: String(value) })).execute();
}

beforeAll(async () => {
  smtp = await startMailServer();
  mails = smtp.mails;
  const smtpPort = smtp.port;
  gateway = await startSmsGateway(texts);
  server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'grievances@council.example',
    SMS_GATEWAY_URL: gateway.urlTemplate,
    OPEN311_API_KEY: OPEN311_KEY,
  });
  database = openServerDatabase(server.dataDir);
  await addUser('second.officer@nagarparishad.example', 'second-officer-2026', 'officer', database);
  await setSetting('lodgesPerAddressPerHour', 1000);
  await setSetting('lookupFailuresPerAddressPerHour', 1000);
  tokens = {
    admin: await login(ADMIN.email, ADMIN.password, server.url),
    user: await login(USER.email, USER.password, server.url),
    officer: await login(OFFICER.email, OFFICER.password, server.url),
    otherOfficer: await login('second.officer@nagarparishad.example', 'second-officer-2026', server.url),
  };
  jpeg = await sampleJpeg('#15803d', 40, 30);
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await smtp?.close();
  await gateway?.stop();
});

describe('lodging a grievance', () => {
  it('answers a readable complaint number, stores the grievance Lodged with its due date, event, audit entry and photos, and tells the citizen by email and SMS', async () => {
    const lodged = await lodge({ email: 'asha@example.org' }, [jpeg, jpeg]);
    expect(lodged.status).toBe(200);
    expect(lodged.number).toMatch(/^NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}$/);
    const stored = await row(lodged.number!);
    expect(stored).toMatchObject({ state: 'Lodged', status: 'Open', citizen_mobile: lodged.mobile, source: 'web', entry_by: 'Online' });
    const category = await database.selectFrom('grievance_type').select('sla_hours').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(Date.parse(stored.due_at!) - Date.parse(stored.entry_date)).toBe(category.sla_hours * 3_600_000);
    expect(stored.pub_image_1_media_id).not.toBeNull();
    const events = await grievanceEventRows(database, stored.id);
    expect(events).toMatchObject([{ action: 'lodge', from_state: null, to_state: 'Lodged', actor_kind: 'citizen' }]);
    const audit = await database.selectFrom('audit_log').selectAll().where('entity', '=', 'complaint').where('record_id', '=', stored.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);

    const mail = await until(() => mails.find((m) => m.subject.includes(lodged.number!)), 'the lodging email');
    expect(mail.to).toBe('asha@example.org');
    expect(mail.body).toContain('has been registered');
    expect(mail.body).toContain(`${server.url}/trackgrievance?number=${lodged.number}`);
    const sms = await until(() => texts.find((t) => t.message.includes(lodged.number!)), 'the lodging SMS');
    expect(sms.mobile).toBe(`91${lodged.mobile}`);
    // One outbox message per channel, each sent at its first try, and nothing else about this grievance.
    const outbox = await until(async () => {
      const rows = await database
        .selectFrom('outbox_message')
        .select(['id', 'channel', 'recipient', 'status', 'attempts'])
        .where('reference', '=', lodged.number!)
        .orderBy('channel')
        .execute();
      return rows.length === 2 && rows.every((r) => r.status !== 'waiting') ? rows : undefined;
    }, 'both outbox messages delivered');
    expect(outbox.map(({ id, ...rest }) => rest)).toEqual([
      { channel: 'email', recipient: 'asha@example.org', status: 'sent', attempts: 1 },
      { channel: 'sms', recipient: lodged.mobile, status: 'sent', attempts: 1 },
    ]);
    const tries = await database.selectFrom('outbox_attempt').select(['message_id', 'outcome', 'answer']).where('message_id', 'in', outbox.map((m) => m.id)).orderBy('message_id').execute();
    expect(tries.map((t) => t.outcome)).toEqual(['sent', 'sent']);
    expect(tries[0].answer).toMatch(/^250 /); // the SMTP server's own answer
    expect(tries[1].answer).toBe('200 OK'); // the gateway's
  });

  it('refuses a form with mistakes field by field, keeps what was typed and stores nothing', async () => {
    const before = { n: await countGrievances(database) };
    const bad = await lodge({ address: '', description: 'short', mobile: '12345', category: '999' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Say where the problem is.');
    expect(bad.html).toContain('Give a 10-digit Indian mobile number.');
    expect(bad.html).toContain('value="12345"');
    const unknown = await lodge({ category: '999' });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain('That category does not exist');
    const notAPicture = await lodge({}, [samplePdf('not a photo')]);
    expect(notAPicture.status).toBe(415);
    const after = { n: await countGrievances(database) };
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('limits lodgings per mobile number and per client address with a clear 429', async () => {
    await setSetting('lodgesPerMobilePerDay', 2);
    const mobile = freshMobile();
    expect((await lodge({ mobile })).status).toBe(200);
    expect((await lodge({ mobile })).status).toBe(200);
    const third = await lodge({ mobile });
    expect(third.status).toBe(429);
    expect(third.html).toContain('This mobile number has lodged 2 grievances in the last 24 hours');
    await setSetting('lodgesPerMobilePerDay', 5);

    const count = await database.selectFrom('grievance_attempt').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'lodge-address').executeTakeFirstOrThrow();
    await setSetting('lodgesPerAddressPerHour', Number(count.n));
    const fromBusyNetwork = await lodge();
    expect(fromBusyNetwork.status).toBe(429);
    expect(fromBusyNetwork.html).toContain('Too many grievances have been lodged from your network');
    await setSetting('lodgesPerAddressPerHour', 1000);
  });
});

describe('tracking by number and mobile', () => {
  it('shows the timeline for the right pair, and one answer for a stranger\'s number or a mobile that does not match', async () => {
    const lodged = await lodge();
    const mine = await track(lodged.number!, lodged.mobile);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain(lodged.number);
    expect(mine.html).toContain('What has happened');
    const wrongMobile = await track(lodged.number!, '9000000001');
    const strangerNumber = await track('NPK-PGR-2026-01-01-999999', lodged.mobile);
    expect(wrongMobile.status).toBe(404);
    expect(strangerNumber.status).toBe(404);
    for (const answer of [wrongMobile, strangerNumber]) expect(answer.html).toContain('No grievance matches that complaint number and mobile number.');
    expect(wrongMobile.html).not.toContain('Asha Kumari');
  });

  it('stops an address that keeps failing look-ups with 429', async () => {
    await setSetting('lookupFailuresPerAddressPerHour', 0);
    expect((await track('NPK-PGR-2026-01-01-999999', '9000000001')).status).toBe(429);
    await setSetting('lookupFailuresPerAddressPerHour', 1000);
  });
});

describe('the transitions, and every refusal the workflow declares', () => {
  let number: string;
  let mobile: string;

  beforeAll(async () => {
    const lodged = await lodge({ email: 'walk@example.org' });
    number = lodged.number!;
    mobile = lodged.mobile;
  });

  it('lets only the desk or an admin assign, and only to an officer', async () => {
    const officer = await officerId(OFFICER.email);
    expect((await act(tokens.officer, number, 'assign', { officer: String(officer) })).status).toBe(404); // not theirs: not even visible
    expect((await act(tokens.user, number, 'assign', {})).status).toBe(400);
    expect((await act(tokens.user, number, 'assign', { officer: String(await officerId(USER.email)) })).body.message).toBe('That officer does not exist.');
    const assigned = await act(tokens.user, number, 'assign', { officer: String(officer), note: 'Please visit today.' });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ state: 'Assigned', officer: OFFICER.email });
    expect((await row(number)).status).toBe('Pending');
    await until(() => mails.find((m) => m.subject === `Grievance ${number}: Assigned`), 'the assignment email');
  });

  it('shows an officer only what is assigned to them', async () => {
    const mine = await fetch(url('/api/Grievance/inbox'), { headers: bearer(tokens.officer) });
    const rows = (await mine.json()) as { number: string; officer: string }[];
    expect(rows.map((r) => r.number)).toContain(number);
    expect(new Set(rows.map((r) => r.officer))).toEqual(new Set([OFFICER.email]));
    const other = await fetch(url('/api/Grievance/inbox'), { headers: bearer(tokens.otherOfficer) });
    expect(await other.json()).toEqual([]);
    expect((await fetch(url(`/api/Grievance/${number}`), { headers: bearer(tokens.otherOfficer) })).status).toBe(404);
    expect((await act(tokens.otherOfficer, number, 'resolve', {}, [jpeg])).status).toBe(404);
  });

  it('refuses a resolution by the desk (403) and one without an after photo (400); the assigned officer resolves with one', async () => {
    expect((await act(tokens.user, number, 'resolve', {}, [jpeg])).status).toBe(403);
    const noPhoto = await act(tokens.officer, number, 'resolve', { note: 'Done' });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.errors).toHaveProperty('photos');
    const resolved = await act(tokens.officer, number, 'resolve', { note: 'Lifted and area cleaned.' }, [jpeg]);
    expect(resolved.status).toBe(200);
    expect(resolved.body.state).toBe('Resolved');
    const last = resolved.body.events.at(-1);
    expect(last).toMatchObject({ action: 'resolve', from: 'Assigned', to: 'Resolved', actorLabel: OFFICER.email, note: 'Lifted and area cleaned.' });
    expect(last.photos).toHaveLength(1);
    const stored = await row(number);
    expect(stored).toMatchObject({ status: 'Resolved', action_by: OFFICER.email });
    expect(stored.action_image_1_media_id).not.toBeNull();
    const audit = await database.selectFrom('audit_log').select(['action', 'user_email']).where('entity', '=', 'complaint').where('record_id', '=', stored.id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', user_email: 'Citizen' },
      { action: 'transition', user_email: USER.email },
      { action: 'transition', user_email: OFFICER.email },
    ]);
  });

  it('refuses staff rating or reopening for the citizen', async () => {
    expect((await act(tokens.admin, number, 'rate', { rating: '5' })).status).toBe(403);
    expect((await act(tokens.admin, number, 'reopen', { note: 'x' })).status).toBe(403);
  });

  it('refuses a reopening after the window (409), allows one within it with a reason, and sends it back for assignment', async () => {
    // Automatic closing waits longer than the reopen window here, so that the window is what refuses.
    await setSetting('autoCloseDays', 30);
    const stored = await row(number);
    await setGrievance(database, stored.complaint_number, { decided_at: new Date(Date.now() - 11 * 86_400_000).toISOString() });
    const late = await track(number, mobile, { action: 'reopen', note: 'Garbage is back.' });
    expect(late.status).toBe(409);
    expect(late.html).toContain('can be reopened only within 10 days');
    await setGrievance(database, stored.complaint_number, { decided_at: new Date(Date.now() - 9 * 86_400_000).toISOString() });
    const noReason = await track(number, mobile, { action: 'reopen', note: ' ' });
    expect(noReason.status).toBe(400);
    const reopened = await track(number, mobile, { action: 'reopen', note: 'Garbage is back.' });
    expect(reopened.status).toBe(200);
    expect(reopened.html).toContain('has been reopened');
    const after = await row(number);
    expect(after).toMatchObject({ state: 'Reopened', status: 'Open', officer_id: null, decided_at: null });
    expect(Date.parse(after.due_at!)).toBeGreaterThan(Date.now());
    const assignedAgain = await act(tokens.user, number, 'assign', { officer: String(await officerId(OFFICER.email)) });
    expect(assignedAgain.body.state).toBe('Assigned');
    await setSetting('autoCloseDays', 7);
  });

  it('refuses a rejection without a reason; the officer rejects with one, which the citizen reads', async () => {
    expect((await act(tokens.officer, number, 'reject', { note: '' })).status).toBe(400);
    const rejected = await act(tokens.officer, number, 'reject', { note: 'The lane is private property.' });
    expect(rejected.body.state).toBe('Rejected');
    expect((await row(number)).status).toBe('Rejected');
    const view = await track(number, mobile);
    expect(view.html).toContain('The lane is private property.');
    const mail = await until(() => mails.find((m) => m.subject === `Grievance ${number}: Rejected`), 'the rejection email');
    expect(mail.body).toContain('Reason: The lane is private property.');
  });

  it('refuses a transition the current state does not allow with 409', async () => {
    expect((await act(tokens.officer, number, 'resolve', {}, [jpeg])).status).toBe(409);
    expect((await track(number, mobile, { action: 'rate', rating: '4' })).status).toBe(409);
  });

  it('closes on the citizen\'s rating, and refuses a rating outside 1 to 5', async () => {
    const other = await lodge();
    const officer = String(await officerId(OFFICER.email));
    await act(tokens.admin, other.number!, 'assign', { officer });
    await act(tokens.admin, other.number!, 'resolve', {}, [jpeg]);
    expect((await track(other.number!, other.mobile, { action: 'rate', rating: '9' })).status).toBe(400);
    const rated = await track(other.number!, other.mobile, { action: 'rate', rating: '4', note: 'Quick work.' });
    expect(rated.status).toBe(200);
    expect(await row(other.number!)).toMatchObject({ state: 'Closed', status: 'Resolved', rating: 4, rating_comment: 'Quick work.' });
  });

  it('leaves automatic closing to its job: reading a stale resolution does not close it (tests/api/jobs.test.ts closes it)', async () => {
    const other = await lodge();
    await act(tokens.admin, other.number!, 'assign', { officer: String(await officerId(OFFICER.email)) });
    await act(tokens.admin, other.number!, 'resolve', {}, [jpeg]);
    const stored = await row(other.number!);
    await setGrievance(database, stored.complaint_number, { decided_at: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    for (const path of ['/viewgrievance', '/grievances', `/grievances/${other.number}`]) await fetch(url(path), { headers: bearer(tokens.admin) });
    await fetch(url(`/api/Grievance/${other.number}`), { headers: bearer(tokens.admin) });
    await track(other.number!, other.mobile);
    expect(await row(other.number!)).toMatchObject({ state: 'Resolved' });
  });

  it('lets the desk redact text, audited, and not an officer', async () => {
    const other = await lodge({ description: 'My neighbour Ravi Sharma (9811111111) dumps garbage here.' });
    expect((await act(tokens.officer, other.number!, 'redact', { description: 'x' })).status).toBe(404);
    const redacted = await act(tokens.user, other.number!, 'redact', { description: 'A neighbour dumps garbage here. [personal details removed]' });
    expect(redacted.status).toBe(200);
    expect(redacted.body.description).toBe('A neighbour dumps garbage here. [personal details removed]');
    const stored = await row(other.number!);
    const audit = await database.selectFrom('audit_log').selectAll().where('record_id', '=', stored.id).where('action', '=', 'redact').executeTakeFirstOrThrow();
    expect(audit.user_email).toBe(USER.email);
    expect(audit.before_json).toContain('Ravi Sharma');
  });
});

describe('what the public and old clients see', () => {
  it('keeps names and mobile numbers out of the public list and Open311', async () => {
    const lodged = await lodge({ name: 'Zebunnisa Quereshi', mobile: '9733311122' });
    for (const path of ['/viewgrievance', '/grievance-performance', '/open311/v2/requests.json', `/open311/v2/requests/${lodged.number}.json`]) {
      const text = await (await fetch(url(path))).text();
      expect(text, path).not.toContain('Zebunnisa');
      expect(text, path).not.toContain('9733311122');
      expect(text, path).not.toContain('House 12, Lane 4');
    }
    const list = await (await fetch(url('/viewgrievance'))).text();
    expect(list).toContain(lodged.number);
    expect(list).toMatch(/badge-overdue[^>]*>Overdue/);
  });

  it('maps the states onto the old four statuses in the legacy answers and counts', async () => {
    const entries = (await (await fetch(url('/api/Public/complaint-count?statusFilter=All'))).json()) as { id: number; status: string }[];
    const states = await allGrievanceRows(database);
    const legacy: Record<string, string> = { Lodged: 'Open', Reopened: 'Open', Assigned: 'Pending', Resolved: 'Resolved', Closed: 'Resolved', Rejected: 'Rejected' };
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(Object.keys(legacy)));
    for (const entry of entries) expect(entry.status).toBe(legacy[states.find((s) => s.id === entry.id)!.state]);
  });

  it('lets an admin set a category\'s SLA, audited, and new grievances are due by it', async () => {
    const res = await fetch(url('/grievance-settings'), { method: 'POST', headers: bearer(tokens.admin), body: new URLSearchParams({ category: '2', value: '12' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    const refused = await fetch(url('/grievance-settings'), { method: 'POST', headers: bearer(tokens.user), body: new URLSearchParams({ category: '2', value: '12' }), redirect: 'manual' });
    expect(refused.status).toBe(302);
    const lodged = await lodge({ category: '2' });
    const stored = await row(lodged.number!);
    expect(Date.parse(stored.due_at!) - Date.parse(stored.entry_date)).toBe(12 * 3_600_000);
    const audit = await database.selectFrom('audit_log').selectAll().where('entity', '=', 'grievance-category').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!).sla_hours).toBe(12);
  });
});

describe('Open311 GeoReport v2', () => {
  it('lists services and their ward attribute', async () => {
    const services = (await (await fetch(url('/open311/v2/services.json'))).json()) as Record<string, unknown>[];
    expect(services.length).toBeGreaterThan(5);
    expect(Object.keys(services[0]).sort()).toEqual(['description', 'group', 'keywords', 'metadata', 'service_code', 'service_name', 'type']);
    const definition = (await (await fetch(url('/open311/v2/services/1.json'))).json()) as { attributes: { code: string; values: unknown[] }[] };
    expect(definition.attributes[0]).toMatchObject({ code: 'ward', required: false });
    expect(definition.attributes[0].values).toHaveLength(25);
    const missing = await fetch(url('/open311/v2/services/999.json'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual([{ code: 404, description: 'There is no service with code 999.' }]);
  });

  it('lodges a request with the api key like the form does, and refuses one without it', async () => {
    const body = { service_code: '4', 'attribute[ward]': '6', address_string: 'Culvert near the community hall', description: 'Drain blocked, water on the road.', first_name: 'Meena', phone: freshMobile() };
    const refused = await fetch(url('/open311/v2/requests.json'), { method: 'POST', body: new URLSearchParams(body) });
    expect(refused.status).toBe(403);
    const res = await fetch(url('/open311/v2/requests.json'), { method: 'POST', body: new URLSearchParams({ ...body, api_key: OPEN311_KEY }) });
    expect(res.status).toBe(201);
    const [created] = (await res.json()) as { service_request_id: string }[];
    expect(created.service_request_id).toMatch(/^NPK-PGR-/);
    expect(await row(created.service_request_id)).toMatchObject({ source: 'open311', state: 'Lodged', citizen_name: 'Meena' });
    const bad = await fetch(url('/open311/v2/requests.json'), { method: 'POST', body: new URLSearchParams({ api_key: OPEN311_KEY, service_code: '4' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: number }[])[0].code).toBe(400);

    const one = (await (await fetch(url(`/open311/v2/requests/${created.service_request_id}.json`))).json()) as Record<string, unknown>[];
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ service_request_id: created.service_request_id, status: 'open', service_code: '4', lat: null });
    expect(Object.keys(one[0])).not.toContain('phone');
    expect((await fetch(url('/open311/v2/requests/NPK-PGR-2026-01-01-999999.json'))).status).toBe(404);
  });

  it('filters requests by id, service, status and dates', async () => {
    const get = async (query: string) => (await (await fetch(url(`/open311/v2/requests.json${query}`))).json()) as { service_request_id: string; status: string; service_code: string; requested_datetime: string }[];
    const open = await get('?status=open');
    const closed = await get('?status=closed');
    expect(open.length).toBeGreaterThan(0);
    expect(new Set(open.map((r) => r.status))).toEqual(new Set(['open']));
    expect(new Set(closed.map((r) => r.status))).toEqual(new Set(['closed']));
    const garbage = await get('?service_code=1');
    expect(new Set(garbage.map((r) => r.service_code))).toEqual(new Set(['1']));
    const ids = open.slice(0, 2).map((r) => r.service_request_id);
    expect((await get(`?service_request_id=${ids.join(',')}`)).map((r) => r.service_request_id).sort()).toEqual([...ids].sort());
    const since = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const recent = await get(`?start_date=${encodeURIComponent(since)}`);
    for (const r of recent) expect(r.requested_datetime >= since).toBe(true);
    expect(recent.length).toBeLessThan(open.length + closed.length);
    expect((await fetch(url('/open311/v2/requests.json?status=maybe'))).status).toBe(400);
    expect((await fetch(url('/open311/v2/requests.json?start_date=yesterday'))).status).toBe(400);
    const discovery = (await (await fetch(url('/open311/v2/discovery.json'))).json()) as { endpoints: { specification: string }[] };
    expect(discovery.endpoints[0].specification).toBe('http://wiki.open311.org/GeoReport_v2');
  });
});

describe('hostile input', () => {
  it('answers every malformed grievance request with a 4xx, never a 500', async () => {
    const lodged = await lodge();
    const attempts: [string, RequestInit][] = [
      ['/postgrievance', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nbroken' }],
      ['/postgrievance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['/trackgrievance', { method: 'POST', body: new URLSearchParams({ number: 'x'.repeat(5000), mobile: '\u0000', action: 'rate', rating: 'NaN' }) }],
      ['/trackgrievance', { method: 'POST', body: new URLSearchParams({ number: lodged.number!, mobile: lodged.mobile, action: 'explode' }) }],
      [`/api/Grievance/${lodged.number}/explode`, { method: 'POST', headers: bearer(tokens.admin), body: new URLSearchParams({}) }],
      [`/api/Grievance/${lodged.number}/assign`, { method: 'POST', headers: { ...bearer(tokens.admin), 'content-type': 'text/plain' }, body: 'officer=1' }],
      [`/api/Grievance/${lodged.number}/assign`, { method: 'POST', headers: bearer(tokens.admin), body: new URLSearchParams({ officer: '99999999999999' }) }],
      ['/api/Grievance/not-a-number', { headers: bearer(tokens.admin) }],
      ['/open311/v2/requests.json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }],
      ['/open311/v2/requests.json?service_code=%00', {}],
      ['/open311/v2/requests.json?end_date=2026-13-45', {}],
      ['/open311/v2/requests/%2e%2e.json', {}],
      ['/grievances?state=%00&ward=-1&page=abc&officer=x', { headers: bearer(tokens.user) }],
      ['/viewgrievance?status=%27%3B--&page=0', {}],
    ];
    for (const [path, init] of attempts) {
      const res = await fetch(url(path), init);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500);
    }
  });
});
