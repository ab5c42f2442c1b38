import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { indianMoment } from '../../src/lib/india-time';
import { ADMIN, OFFICER, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { openServerDatabase, testPostgresUrl } from '../support/database';
import { startMailServer, type ReceivedMail } from '../support/mail';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { until } from '../support/until';
import { startSmsGateway, type SentText, type SmsGateway } from '../support/sms';
import { wardChoice } from '../support/ward-choice';

/**
 * Alerts for a ward: subscribing (email confirmed by a signed link, SMS only to a signed-in mobile), the
 * links' tampering and expiry, the immediate alerts a lodging and a resolution put in the outbox (public facts
 * only), unsubscribing (GET changes nothing; a form's or a mail program's one-click POST stops), the 08:00
 * India digest on the server's moved clock, and each ward's RSS feed. One server of its own: a mail sink and
 * an SMS gateway started here, the test clock, and a trusted proxy so each subscription speaks from its own
 * address.
 */
const texts: SentText[] = [];
let gateway: SmsGateway | undefined;
let mail: { port: number; mails: ReceivedMail[]; close: () => Promise<void> };
let server: TestServer;
let database: Db;
let clockFile: string;
let offset = 0;
let admin: Record<string, string>;
let officerId: number;
let jpeg: Uint8Array<ArrayBuffer>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const url = (p: string) => `${server.url}${p}`;
const setClock = (ms: number) => fs.writeFileSync(clockFile, String((offset = ms)));
const serverNow = () => Date.now() + offset;
let serial = 0;
const freshAddress = () => `10.77.${Math.floor(++serial / 200)}.${serial % 200}`;
const freshEmail = (label: string) => `${label}-${++serial}@example.in`;
const freshMobile = () => `98${String(20_000_000 + ++serial * 37).padStart(8, '0')}`;

async function wardId(number: string): Promise<number> {
  return (await database.selectFrom('ward').select('id').where('ward_number', '=', number).executeTakeFirstOrThrow()).id;
}

/** Posts the form as a browser without script would: the page's own one-time token first. */
async function subscribe(fields: Record<string, string>, options: { lang?: 'hi'; cookie?: string; token?: string } = {}) {
  const prefix = options.lang === 'hi' ? '/hi' : '';
  const headers: Record<string, string> = { 'x-forwarded-for': freshAddress(), ...(options.cookie ? { cookie: options.cookie } : {}) };
  const page = await (await fetch(url(`${prefix}/ward-alerts`), { headers })).text();
  const token = options.token ?? /name="form_token" value="([^"]+)"/.exec(page)![1];
  const res = await fetch(url(`${prefix}/ward-alerts`), { method: 'POST', headers, body: new URLSearchParams({ form_token: token, events: 'both', frequency: 'immediate', channel: 'email', ...fields }) });
  return { status: res.status, html: await res.text(), token };
}

const outboxTo = (recipient: string) =>
  database.selectFrom('outbox_message').select(['id', 'channel', 'subject', 'body', 'reference', 'list_unsubscribe', 'lang']).where('recipient', '=', recipient).orderBy('id').execute();

/** The confirmation link in the newest message to an address. */
async function confirmLinkOf(email: string): Promise<string> {
  const messages = await outboxTo(email);
  const link = /https?:\/\/\S+\/ward-alerts\/confirm\?token=\S+/.exec(messages.at(-1)?.body ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link to ${email}`);
  return link;
}

const local = (link: string) => { const u = new URL(link); return u.pathname + u.search; };
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const postToken = (pathWithQuery: string, token: string) => fetch(url(pathWithQuery), { method: 'POST', body: new URLSearchParams({ token }) });

async function subscribedByEmail(ward: string, fields: Record<string, string> = {}): Promise<string> {
  const email = freshEmail('w');
  expect((await subscribe({ ward: String(await wardId(ward)), email, ...fields })).status).toBe(200);
  const link = await confirmLinkOf(email);
  expect((await postToken(local(link), tokenOf(link))).status).toBe(200);
  return email;
}

async function lodge(ward: string, who = { name: 'Sunita Devi', mobile: freshMobile(), email: 'sunita.private@example.in' }): Promise<string> {
  const form = new FormData();
  const values = { category: '2', ward: String(await wardId(ward)), address: 'House 12, Station Road', landmark: 'Near the water tank', description: 'Drain blocked for three days.', ...who };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form, headers: { 'x-forwarded-for': freshAddress() } })).text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (!number) throw new Error('lodging failed');
  return number;
}

async function act(number: string, action: string, fields: Record<string, string> = {}, photos: Uint8Array<ArrayBuffer>[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photos', new File([photo], 'after.jpg', { type: 'image/jpeg' }));
  const res = await fetch(url(`/api/Grievance/${number}/${action}`), { method: 'POST', headers: admin, body: form });
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${await res.text()}`);
}

async function resolve(number: string) {
  await act(number, 'assign', { officer: String(officerId) });
  await act(number, 'resolve', { note: 'Cleared.' }, [jpeg]);
}

/** A citizen signed in through the JSON API (the code read from the gateway); the session cookie. */
async function citizenCookie(mobile: string): Promise<string> {
  const asked = await fetch(url('/api/Citizen/signin'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() }, body: JSON.stringify({ mobile }) });
  expect(asked.status).toBe(202);
  const code = /\b(\d{6})\b/.exec(texts.filter((t) => t.mobile === `91${mobile}`).at(-1)!.message)![1];
  const verified = await fetch(url('/api/Citizen/verify'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, code }) });
  return `citizen_session=${((await verified.json()) as { token: string }).token}`;
}

beforeAll(async () => {
  gateway = await startSmsGateway(texts);
  mail = await startMailServer();
  const dataDir = tempDataDir('council-ward-alerts');
  clockFile = path.join(dataDir, 'clock');
  setClock(0);
  server = await startServer(
    {
      SMS_GATEWAY_URL: gateway.urlTemplate,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'alerts@example.in', TEST_CLOCK_FILE: clockFile, TRUST_PROXY: '1',
    },
    { dataDir },
  );
  database = openServerDatabase(server.dataDir);
  for (const name of ['lodgesPerAddressPerHour', 'lodgesPerMobilePerDay']) {
    await database.insertInto('grievance_setting').values({ name, value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  }
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
  jpeg = await sampleJpeg('#0f766e', 20, 16);
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
  await gateway?.stop();
});

describe('subscribing by email', () => {
  it('offers every ward and its feed, in both languages', async () => {
    const page = await (await fetch(url('/ward-alerts'))).text();
    for (const n of ['1', '13', '25']) {
      // Each ward by its number and localities, as every ward picker names it.
      expect(page).toMatch(new RegExp(`value="${await wardId(n)}"[^>]*>${wardChoice('en', Number(n))}</option>`));
      expect(page).toContain(`href="/wards/${n}/grievances.rss"`);
    }
    expect(page).toContain('href="/my/signin?next=%2Fward-alerts"');
    expect(page).not.toContain('value="sms"');
    const hindi = await (await fetch(url('/hi/ward-alerts'))).text();
    expect(hindi).toContain('वार्ड की सूचनाएँ');
    expect(hindi).toContain('href="/hi/wards/7/grievances.rss"');
  });

  it('starts unconfirmed with a signed link by email; nothing is sent until the link\'s button confirms it, once', async () => {
    const email = freshEmail('Confirm');
    const sent = await subscribe({ ward: String(await wardId('11')), email: ` ${email.toUpperCase()} ` });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(`sent a link to ${email.toLowerCase()}`);
    const stored = email.toLowerCase();
    const [confirmation] = await outboxTo(stored);
    expect(confirmation).toMatchObject({ channel: 'email', subject: 'Confirm your alerts for ward 11', lang: 'en' });

    // Unconfirmed: a grievance in the ward tells it nothing.
    await lodge('11');
    expect(await outboxTo(stored)).toHaveLength(1);

    // Opening the link (as a mail scanner would) changes nothing.
    const link = await confirmLinkOf(stored);
    const opened = await fetch(url(local(link)));
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Start alerts for ward 11 to c•••@example.in?');
    const row = () => database.selectFrom('ward_alert_subscription').selectAll().where('recipient', '=', stored).executeTakeFirstOrThrow();
    expect((await row()).confirmed_at).toBeNull();

    const confirmed = await postToken('/ward-alerts/confirm', tokenOf(link));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your alerts for ward 11 have started.');
    expect((await row()).confirmed_at).not.toBeNull();
    // Once only.
    expect((await postToken('/ward-alerts/confirm', tokenOf(link))).status).toBe(404);

    // Confirmed: the next grievance in the ward is one message, with public facts only.
    const number = await lodge('11');
    const alert = await until(async () => (await outboxTo(stored)).find((m) => m.reference === number), 'the alert');
    expect(alert.subject).toBe(`New grievance in ward 11: ${number}`);
    expect(alert.body).toContain(`${number}: `);
    expect(alert.body).toContain('ward 11, near Near the water tank. Now: Lodged.');
    expect(alert.body).toContain(`${server.url}/trackgrievance?number=${number}`);
    for (const secret of ['Sunita', 'sunita.private', 'House 12', 'Drain blocked']) expect(alert.body).not.toContain(secret);
    expect(alert.list_unsubscribe).toMatch(new RegExp(`^${server.url}/ward-alerts/unsubscribe\\?token=u\\.\\d+\\.[\\w-]{22}$`));
    expect(alert.body).toContain(alert.list_unsubscribe!);

    // The mail as it left: RFC 8058's two headers.
    const received = await until(() => mail.mails.find((m) => m.to === stored && m.subject.includes(number)), 'the alert mail');
    const headers = received.headers.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${alert.list_unsubscribe}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('changes a confirmed subscription only once its address confirms the change, and keeps a form sent twice to one sending', async () => {
    const email = await subscribedByEmail('12');
    const row = () => database.selectFrom('ward_alert_subscription').selectAll().where('recipient', '=', email).execute();
    const [before] = await row();
    // A stranger asks for other settings for that address: the answer is the one anybody gets, and nothing changes.
    const again = await subscribe({ ward: String(await wardId('12')), email, events: 'resolved', frequency: 'daily' }, { lang: 'hi' });
    expect(again.status).toBe(200);
    expect(again.html).toContain(`हमने ${email} पर एक लिंक भेजा है`);
    const rows = await row();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ events: 'both', frequency: 'immediate', lang: 'en', confirmed_at: before.confirmed_at });
    // The address is asked, in the language it reads its alerts in, and told what would change.
    const asked = (await outboxTo(email)).at(-1)!;
    expect(asked.subject).toBe('Confirm the change to your alerts for ward 12');
    expect(asked.body).toContain('to: Resolved grievances; A daily digest at 8:00 in the morning (India time); messages in Hindi.');
    const link = await confirmLinkOf(email);
    const opened = await fetch(url(local(link)));
    expect(await opened.text()).toContain('Change the alerts for ward 12 to w•••@example.in to: Resolved grievances;');
    expect((await row())[0]).toMatchObject({ events: 'both', frequency: 'immediate', lang: 'en' });
    // The address's own button makes the change, once.
    const confirmed = await postToken('/ward-alerts/confirm', tokenOf(link));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your alerts for ward 12 are now: Resolved grievances;');
    expect((await row())[0]).toMatchObject({ events: 'resolved', frequency: 'daily', lang: 'hi', confirmed_at: before.confirmed_at, pending_change: null, confirm_nonce: null });
    expect((await postToken('/ward-alerts/confirm', tokenOf(link))).status).toBe(404);
    // The same form (its token and fields) sent again stores and sends nothing more.
    const sentBefore = (await outboxTo(email)).length;
    const repeat = await subscribe({ ward: String(await wardId('12')), email, events: 'resolved', frequency: 'daily' }, { lang: 'hi', token: again.token });
    expect(repeat.status).toBe(200);
    expect((await row())[0]).toMatchObject({ events: 'resolved', pending_change: null });
    expect(await outboxTo(email)).toHaveLength(sentBefore);
  });

  it('refuses bad input in the page\'s language, keeping what was typed', async () => {
    const hindi = await subscribe({ ward: String(await wardId('3')), email: 'not-an-address', events: 'new' }, { lang: 'hi' });
    expect(hindi.status).toBe(400);
    expect(hindi.html).toContain('ईमेल पता name@example.com जैसा लिखें।');
    expect(hindi.html).toContain('value="not-an-address"');
    expect(hindi.html).toMatch(/value="new" checked/);
    const english = await subscribe({ ward: '999', email: '' });
    expect(english.status).toBe(400);
    expect(english.html).toContain('Choose a ward from the list.');
    expect(english.html).toContain('Enter your email address.');
    const sms = await subscribe({ ward: String(await wardId('3')), channel: 'sms', email: '' });
    expect(sms.status).toBe(400);
    expect(sms.html).toContain('SMS alerts go only to a mobile that has signed in.');
    const long = await subscribe({ ward: String(await wardId('3')), email: `${'a'.repeat(250)}@example.in` });
    expect(long.status).toBe(400);
  });

  it('limits confirmation links to one address in a day', async () => {
    const email = freshEmail('flood');
    const ward = String(await wardId('4'));
    for (let i = 0; i < 5; i++) expect((await subscribe({ ward, email })).status).toBe(200);
    const refused = await subscribe({ ward, email });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Too many subscriptions');
    expect(await outboxTo(email)).toHaveLength(5);
  });
});

describe('the links', () => {
  it('refuses a tampered, replaced or expired confirmation link', async () => {
    const email = freshEmail('tamper');
    await subscribe({ ward: String(await wardId('14')), email });
    const first = tokenOf(await confirmLinkOf(email));
    const [c, id, expires, mac] = first.split('.');
    for (const forged of [`${c}.${Number(id) + 1}.${expires}.${mac}`, `${c}.${id}.${Number(expires) + 3600}.${mac}`, `${c}.${id}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, `u.${id}.${mac}`, 'garbage']) {
      const page = await fetch(url(`/ward-alerts/confirm?token=${encodeURIComponent(forged)}`));
      expect(page.status, forged).toBe(404);
      expect((await postToken('/ward-alerts/confirm', forged)).status, forged).toBe(404);
    }
    // A second request sends a new link; the first stops working.
    await subscribe({ ward: String(await wardId('14')), email });
    const second = tokenOf(await confirmLinkOf(email));
    expect(second).not.toBe(first);
    expect((await postToken('/ward-alerts/confirm', first)).status).toBe(404);
    // After 48 hours the link has expired.
    setClock(offset + 49 * HOUR);
    try {
      const expired = await fetch(url(`/hi/ward-alerts/confirm?token=${second}`));
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('इस लिंक की अवधि समाप्त हो गई है।');
      expect((await postToken('/ward-alerts/confirm', second)).status).toBe(410);
    } finally {
      setClock(offset - 49 * HOUR);
    }
    expect((await database.selectFrom('ward_alert_subscription').select('confirmed_at').where('recipient', '=', email).executeTakeFirstOrThrow()).confirmed_at).toBeNull();
  });

  it('stops alerts only on a POST: the page\'s button, or a mail program\'s one-click', async () => {
    const email = await subscribedByEmail('15');
    const number = await lodge('15');
    const alert = await until(async () => (await outboxTo(email)).find((m) => m.reference === number), 'the alert');
    const link = alert.list_unsubscribe!;
    const exists = async () => (await database.selectFrom('ward_alert_subscription').select('id').where('recipient', '=', email).execute()).length;
    const page = await fetch(url(local(link)));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop alerts for ward 15 to w•••@example.in?');
    expect(await exists()).toBe(1);
    const forged = tokenOf(link).replace(/\.(\d+)\./, (_, id) => `.${Number(id) + 1}.`);
    expect((await postToken('/ward-alerts/unsubscribe', forged)).status).toBe(404);
    expect(await exists()).toBe(1);
    // RFC 8058: the mail program posts List-Unsubscribe=One-Click to the header's address, and nothing else.
    const oneClick = await fetch(url(local(link)), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('you will get no more of these alerts');
    expect(await exists()).toBe(0);
    await lodge('15');
    expect((await outboxTo(email)).filter((m) => m.subject.startsWith('New grievance'))).toHaveLength(1);
    expect((await postToken('/ward-alerts/unsubscribe', tokenOf(link))).status).toBe(404);
  });
});

describe('by SMS and on resolving', () => {
  it('offers SMS only to a signed-in mobile, to that mobile alone, and texts the resolution with a short stop link', async () => {
    const mobile = freshMobile();
    const cookie = await citizenCookie(mobile);
    const page = await (await fetch(url('/ward-alerts'), { headers: { cookie } })).text();
    expect(page).toContain(`value="sms" checked`);
    expect(page).toContain(`••••••${mobile.slice(-4)}`);
    // Whatever else the form says, the SMS goes to the signed-in mobile.
    const sent = await subscribe({ ward: String(await wardId('16')), channel: 'sms', events: 'resolved', mobile: '9999999999', recipient: '9999999999' }, { cookie });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(`alerts for ward 16 will come by SMS to ••••••${mobile.slice(-4)}`);
    const rows = await database.selectFrom('ward_alert_subscription').selectAll().where('channel', '=', 'sms').where('ward_id', '=', await wardId('16')).execute();
    expect(rows.map((r) => r.recipient)).toEqual([mobile]);
    expect(rows[0].confirmed_at).not.toBeNull();
    const newOnly = await subscribedByEmail('16', { events: 'new' });

    const number = await lodge('16');
    await resolve(number);
    const text = await until(() => texts.find((t) => t.mobile === `91${mobile}` && t.message.includes(number)), 'the SMS');
    expect(text.message).toContain(`Grievance resolved in ward 16: ${number}`);
    expect(text.message).toContain('Now: Resolved.');
    expect(text.message).toMatch(new RegExp(`Stop: ${server.url}/ward-alerts/unsubscribe\\?token=u\\.\\d+\\.[\\w-]{22}$`));
    expect(text.message).not.toContain('Sunita');
    // The lodging was not what the SMS asked for; the email subscriber asked for new ones only.
    expect(texts.filter((t) => t.mobile === `91${mobile}` && t.message.includes(number))).toHaveLength(1);
    const emailed = (await outboxTo(newOnly)).filter((m) => m.reference === number);
    expect(emailed.map((m) => m.subject)).toEqual([`New grievance in ward 16: ${number}`]);
  });
});

describe('the RSS feed of a ward', () => {
  it('lists its new and resolved grievances with public facts, in both languages', async () => {
    const number = await lodge('17');
    await resolve(number);
    const res = await fetch(url('/wards/17/grievances.rss'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain(`<title>New grievance in ward 17: ${number}</title>`);
    expect(xml).toContain(`<title>Grievance resolved in ward 17: ${number}</title>`);
    expect(xml).toContain(`<link>${server.url}/trackgrievance?number=${number}</link>`);
    expect(xml).toContain(`<atom:link href="${server.url}/wards/17/grievances.rss" rel="self"`);
    for (const secret of ['Sunita', 'sunita.private', 'House 12', 'Drain blocked']) expect(xml).not.toContain(secret);
    // Newest first.
    expect(xml.indexOf('Grievance resolved')).toBeLessThan(xml.indexOf(`New grievance in ward 17: ${number}`));
    const hindi = await (await fetch(url('/hi/wards/17/grievances.rss'))).text();
    expect(hindi).toContain('<language>hi</language>');
    expect(hindi).toContain(`वार्ड 17 में नई शिकायत: ${number}`);
    expect(hindi).toContain(`${server.url}/hi/trackgrievance?number=${number}`);
    // Another ward's feed does not list it.
    expect(await (await fetch(url('/wards/18/grievances.rss'))).text()).not.toContain(number);
  });

  it('answers 404 for anything but a ward\'s own number, however spelled', async () => {
    for (const p of ['/wards/0/grievances.rss', '/wards/26/grievances.rss', '/wards/05/grievances.rss', '/wards/+5/grievances.rss', '/wards/5.0/grievances.rss', '/wards/abc/grievances.rss',
      '/wards/5%2Fx/grievances.rss', '/WARDS/5/grievances.rss', '/wards/5/GRIEVANCES.RSS', '/wards/5/grievances.xml', '/hi/wards/99/grievances.rss']) {
      expect((await fetch(url(p), { redirect: 'manual' })).status, p).toBe(404);
    }
    const slashed = await fetch(url('/wards/5/grievances.rss/'), { redirect: 'manual' });
    expect([301, 404]).toContain(slashed.status);
  });
});

// The digest follows the server's moved clock on the in-process runner; pg-boss turns its schedules by the
// real minute, so on PostgreSQL the schedule itself is the jobs test's.
describe.skipIf(Boolean(testPostgresUrl()))('the daily digest at 08:00 India time', () => {
  const digestsTo = async (recipient: string) => (await outboxTo(recipient)).filter((m) => m.reference.startsWith('ward-digest-'));
  const lastRun = async () => (await database.selectFrom('job_run').select(['last_run_at', 'last_finished_at']).where('name', '=', 'ward-alert-digest').executeTakeFirst());

  /** Sets the server's clock to an Indian wall time and waits for a whole run of the digest job after it. */
  async function at(indianTime: string) {
    const before = (await lastRun())?.last_run_at;
    setClock(indianMoment(indianTime) - Date.now());
    await until(async () => {
      const run = await lastRun();
      return run && run.last_run_at !== before && run.last_finished_at !== null && Date.parse(run.last_run_at) >= indianMoment(indianTime) ? run : undefined;
    }, `a digest run after ${indianTime}`, { tries: 300 });
  }

  it('sends each day\'s digest once at 08:00, skips an empty one, and catches up a missed run once', async () => {
    // Tomorrow and the days after, in India: later than anything the other tests wrote.
    const day = (n: number) => new Date(Date.now() + 5.5 * HOUR + n * DAY).toISOString().slice(0, 10);
    await at(`${day(3)}T10:00`);
    const busy = await subscribedByEmail('19', { frequency: 'daily' });
    const quiet = await subscribedByEmail('20', { frequency: 'daily' });
    const lodged = await lodge('19');
    await resolve(await lodge('19'));
    // Immediate alerts are not a daily subscriber's.
    expect(await outboxTo(busy)).toHaveLength(1);

    // Before 08:00 nothing; at 08:00 one digest with the day's events; the quiet ward's is recorded, not sent.
    await at(`${day(4)}T07:50`);
    expect(await digestsTo(busy)).toHaveLength(0);
    await at(`${day(4)}T08:01`);
    const [digest] = await until(async () => { const d = await digestsTo(busy); return d.length ? d : undefined; }, 'the digest');
    expect(digest.subject).toBe(`Grievances in your wards: digest of ${Number(day(4).slice(8))} ${new Date(`${day(4)}T00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${day(4).slice(0, 4)}`);
    expect(digest.body).toContain(`${lodged}: `);
    expect(digest.body.match(/Now: Lodged\./g)).toHaveLength(2);
    expect(digest.body).toContain('Now: Resolved.');
    expect(digest.body).toContain('Stop alerts for ward 19: ');
    expect(digest.list_unsubscribe).toMatch(/\/ward-alerts\/unsubscribe\?token=a\.\d+\./);
    expect(digest.body).not.toContain('Sunita');
    expect(await digestsTo(quiet)).toHaveLength(0);
    // Each subscription's day is claimed once, with how many events it told of (none for the quiet ward).
    const subscriptions = await database.selectFrom('ward_alert_subscription').select('id').where('recipient', 'in', [busy, quiet]).execute();
    const recorded = await database.selectFrom('sent_once').select('detail').where('key', 'in', subscriptions.map((s) => `ward-digest:${s.id}:${day(4)}`)).execute();
    expect(recorded.map((r) => Number(r.detail)).sort()).toEqual([0, 3]);

    // Later runs the same day send nothing more.
    await at(`${day(4)}T08:10`);
    await at(`${day(4)}T09:00`);
    expect(await digestsTo(busy)).toHaveLength(1);

    // A grievance the next day, and the server away over 08:00 of the day after: one digest when it is back.
    await at(`${day(4)}T12:00`);
    const later = await lodge('19');
    await at(`${day(5)}T11:30`);
    await at(`${day(5)}T11:40`);
    const digests = await digestsTo(busy);
    expect(digests).toHaveLength(2);
    expect(digests[1].body).toContain(later);
    expect(digests[1].body).not.toContain(lodged);

    // The digest's stop-all link ends every subscription of the address.
    const all = digest.list_unsubscribe!;
    expect((await postToken(local(all), tokenOf(all))).status).toBe(200);
    expect(await database.selectFrom('ward_alert_subscription').select('id').where('recipient', '=', busy).execute()).toEqual([]);
  });
});
