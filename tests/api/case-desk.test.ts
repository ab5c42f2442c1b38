import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { lodgeCase } from '../../src/features/cases/cases.server';
import { STALL_PERMIT } from '../../src/features/stall-permit/stall-permit.service';
import { ADMIN, OFFICER, USER, VERIFIER, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { asTestCouncil } from '../support/council';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The staff's one inbox (/cases) and case page (/cases/{number}) over every service: grievances and, in this
 * test start, the stall permit (CASE_TEST_SERVICE=1). Search by number, mobile or part of it, filters, staff
 * named, the steps each role may take with what they require, who reads a note, the old grievance addresses,
 * and a step sent after the session ended kept as the officer's draft.
 */
let server: TestServer;
let database: Db;
let tokens: { admin: string; user: string; officer: string };
let officerId: number;
const url = (p: string) => `${server.url}${p}`;
const cookie = (token: string) => ({ cookie: `session=${token}` });

async function page(path: string, token: string | null): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(url(path), { headers: token ? cookie(token) : {}, redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

async function post(path: string, token: string | null, fields: Record<string, string>, photo?: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append('photos', new File([photo], 'after.jpg', { type: 'image/jpeg' }));
  const res = await fetch(url(path), { method: 'POST', headers: token ? cookie(token) : {}, body: form, redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

async function lodgeGrievance(mobile: string): Promise<string> {
  const form = new URLSearchParams({ category: '1', ward: '3', address: 'House 9, Lane 4', landmark: 'Near the well', description: 'The street light is out.', name: 'Kamla Devi', mobile, email: '' });
  const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (!number) throw new Error('not lodged');
  return number;
}

async function lodgeStall(mobile: string, goods: string): Promise<string> {
  const contact = { name: 'Sunita Devi', mobile, email: '', address: 'Gali 4' };
  return (await asTestCouncil(() => lodgeCase(STALL_PERMIT, { contact, data: { goods } }, {}, { party: 'user', userId: null, label: 'desk' }, database))).number;
}

const numbersOn = (html: string) => [...html.matchAll(/class="case-number"[^>]*>(NPK-[A-Z]+-[\d-]+)</g)].map((m) => m[1]);
const draftKeyOn = (html: string) => /name="draft_key" value="([^"]+)"/.exec(html)![1];

beforeAll(async () => {
  server = await startServer({ CASE_TEST_SERVICE: '1' });
  database = openServerDatabase(server.dataDir);
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  tokens = {
    admin: await login(ADMIN.email, ADMIN.password, server.url),
    user: await login(USER.email, USER.password, server.url),
    officer: await login(OFFICER.email, OFFICER.password, server.url),
  };
  officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('the one inbox', () => {
  it('lists every service, finds by number, mobile or 4 of its digits, filters by service and names the officer', async () => {
    const grievance = await lodgeGrievance('9123477701');
    const stall = await lodgeStall('9123477702', 'Tea and biscuits');
    const all = await page('/cases?sort=newest', tokens.user);
    expect(all.status).toBe(200);
    expect(numbersOn(all.html).slice(0, 2)).toEqual([stall, grievance]);
    expect(all.html).toContain('Stall permit');

    expect(numbersOn((await page('/cases?q=9123477702', tokens.user)).html)).toEqual([stall]);
    expect(numbersOn((await page(`/cases?q=${stall.toLowerCase()}`, tokens.user)).html)).toEqual([stall]);
    // Part of a mobile number, 4 digits or more, finds every case of it; 3 digits find no mobile (only a case
    // number ending in them, and this server has far fewer cases).
    expect(numbersOn((await page('/cases?q=4777&sort=newest', tokens.user)).html)).toEqual([stall, grievance]);
    expect(numbersOn((await page('/cases?q=777', tokens.user)).html)).toEqual([]);
    expect(numbersOn((await page('/cases?service=stall-permit&q=4777', tokens.user)).html)).toEqual([stall]);
    expect(numbersOn((await page('/cases?service=grievance&state=Applied', tokens.user)).html)).toEqual([]);

    const assigned = await fetch(url(`/api/Staff/cases/${grievance}/assign`), { method: 'POST', headers: { ...bearer(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }) });
    expect(assigned.status).toBe(200);
    const byOfficer = await page(`/cases?assignee=${officerId}&q=${grievance}`, tokens.user);
    expect(numbersOn(byOfficer.html)).toEqual([grievance]);
    expect(byOfficer.html).toContain('Ravi Kumar');
    expect(byOfficer.html).not.toContain(OFFICER.email.replace('@', '&#64;'));
    // An officer's inbox holds their own grievances only (the service names the officer its assignee), and every
    // stall permit, whose declaration names no assignee role.
    const officers = numbersOn((await page('/cases?q=4777&sort=newest', tokens.officer)).html);
    expect(officers).toEqual([stall, grievance]);
  });

  it('is in Hindi at /hi/cases, and the old grievance inbox leads to it with its filters', async () => {
    const hindi = await page('/hi/cases', tokens.user);
    expect(hindi.status).toBe(200);
    expect(hindi.html).toContain('<html lang="hi"');
    expect(hindi.html).toContain('केस इनबॉक्स');
    expect(hindi.html).toContain('href="/hi/cases/NPK-');
    const old = await page('/grievances?officer=none&overdue=1', tokens.user);
    expect(old.status).toBe(301);
    expect(old.location).toBe('/cases?overdue=1&assignee=none&service=grievance');
    expect((await page('/grievances/NPK-PGR-2026-11-26-000001?done=assign', tokens.user)).location).toBe('/cases/NPK-PGR-2026-11-26-000001?done=assign');
    expect((await page('/cases', null)).location).toBe('/login?next=%2Fcases');
    expect((await page('/hi/cases', null)).location).toBe('/login?next=%2Fhi%2Fcases');
  });

  it("keeps a field officer to their own cases only of the services that name the role an assignee's, as its counts do", async () => {
    // The stall permit names no assignee roles: an officer inspects any stall, as its declaration says.
    const stall = await lodgeStall('9123477731', 'Clay pots');
    const mine = await lodgeGrievance('9123477732');
    await database.updateTable('service_case').set({ assignee_id: officerId, state: 'Assigned' }).where('number', '=', mine).execute();
    const notMine = await lodgeGrievance('9123477733');
    const listed = numbersOn((await page('/cases?q=91234777&sort=newest', tokens.officer)).html);
    expect(listed).toContain(stall);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(notMine);
    expect((await page(`/cases/${stall}`, tokens.officer)).status).toBe(200);
    expect((await page(`/cases/${notMine}`, tokens.officer)).status).toBe(404);
    const api = await fetch(url('/api/Staff/cases?q=91234777&sort=newest'), { headers: bearer(tokens.officer) });
    const numbers = ((await api.json()) as { number: string }[]).map((c) => c.number);
    expect(numbers).toEqual(expect.arrayContaining([stall, mine]));
    expect(numbers).not.toContain(notMine);
    // The state counts are the officer's view too: the stall permits' Applied cases are all counted.
    const applied = await database.selectFrom('service_case').select((eb) => eb.fn.countAll<number>().as('n')).where('service', '=', 'stall-permit').where('state', '=', 'Applied').executeTakeFirstOrThrow();
    const counted = /href="\/cases\?service=stall-permit(?:&amp;|&#38;|&)state=Applied"[^>]*>[^<]*<strong>(\d+)<\/strong>/.exec((await page('/cases?service=stall-permit', tokens.officer)).html);
    expect(counted?.[1], 'the officer\'s count of Applied stall permits').toBe(String(applied.n));
  });
});

describe('the one case page', () => {
  it('shows a second service with its facts and contact, and takes its steps with what each requires', async () => {
    const stall = await lodgeStall('9123477711', 'Bangles');
    const shown = await page(`/cases/${stall}`, tokens.admin);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Bangles');
    expect(shown.html).toContain('Sunita Devi');
    expect(shown.html).toContain('tel:+919123477711');
    // The admin may inspect (a photo) or refuse (a reason the citizen reads); granting comes after inspection.
    expect(shown.html).toContain('data-action="inspect"');
    expect(shown.html).toContain('data-action="refuse"');
    expect(shown.html).not.toContain('data-action="grant"');
    expect(shown.html).toContain('name="note_visibility" value="staff" checked');

    const refused = await post(`/cases/${stall}`, tokens.admin, { action: 'inspect', note: 'Pitch 12 looks free.' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Add at least one photo.');
    expect(refused.html).toContain('Pitch 12 looks free.</textarea>');

    const inspected = await post(`/cases/${stall}`, tokens.admin, { action: 'inspect', note: 'Pitch 12 is free.' }, await sampleJpeg());
    expect(inspected.status).toBe(303);
    expect(inspected.location).toBe(`/cases/${stall}?done=inspect`);
    const after = await page(inspected.location!, tokens.admin);
    expect(after.html).toContain('Inspect: done.');
    expect(after.html).toContain('Staff only: </span>Pitch 12 is free.');
    expect(after.html).toContain('data-action="grant"');

    const granted = await post(`/hi/cases/${stall}`, tokens.user, { action: 'grant', note: 'Fee paid at the counter.', note_visibility: 'public' });
    expect(granted.location).toBe(`/hi/cases/${stall}?done=grant`);
    const hindi = await page(granted.location!, tokens.user);
    expect(hindi.html).toContain('स्वीकृत करें: हो गया।');
    expect(hindi.html).toContain('नागरिक देखता है: </span>Fee paid at the counter.');
    const events = await database.selectFrom('case_event').innerJoin('service_case', 'service_case.id', 'case_event.case_id')
      .select(['case_event.action', 'case_event.visibility']).where('service_case.number', '=', stall).orderBy('case_event.id').execute();
    expect(events).toEqual([{ action: 'lodge', visibility: 'public' }, { action: 'inspect', visibility: 'staff' }, { action: 'grant', visibility: 'public' }]);
  });

  it('offers a grievance its redaction panel for the desk, and keeps the counter mark', async () => {
    const number = await lodgeGrievance('9123477721');
    const desk = await page(`/cases/${number}`, tokens.user);
    expect(desk.html).toContain('data-panel="grievance-redact"');
    expect(desk.html).toContain('data-action="assign"');
    const redacted = await fetch(url(`/grievances/${number}/redact`), { method: 'POST', headers: cookie(tokens.user), body: new URLSearchParams({ description: 'The street light is out. [redacted]', lang: 'en' }), redirect: 'manual' });
    expect(redacted.status).toBe(303);
    expect(redacted.headers.get('location')).toBe(`/cases/${number}?done=redact`);
    expect((await page(`/cases/${number}?done=redact`, tokens.user)).html).toContain('Text redacted.');
    // An officer has no redaction panel.
    await fetch(url(`/api/Staff/cases/${number}/assign`), { method: 'POST', headers: { ...bearer(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }) });
    expect((await page(`/cases/${number}`, tokens.officer)).html).not.toContain('data-panel="grievance-redact"');
  });
});

describe('what the inbox and the case page show', () => {
  const assign = (number: string) =>
    fetch(url(`/api/Staff/cases/${number}/assign`), { method: 'POST', headers: { ...bearer(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }) });

  it('names the category, finds a case by the last digits of its number, and lists only facts a person needs', async () => {
    const number = await lodgeGrievance('9123477741');
    const category = (await database.selectFrom('grievance_type').select('grievance_title').where('id', '=', 1).executeTakeFirstOrThrow()).grievance_title;
    const serial = number.slice(-6);
    const short = String(Number(serial));
    for (const q of [serial, short]) {
      const found = await page(`/cases?q=${q}`, tokens.user);
      expect(numbersOn(found.html), q).toContain(number);
      // Digits short of a mobile's part find only numbers that end so.
      if (q.length < 4) expect(numbersOn(found.html).every((n) => n.endsWith(`-${serial}`))).toBe(true);
    }
    const row = /<li[^>]*data-case="NPK[^"]*"[\s\S]*?<\/li>/.exec((await page(`/cases?q=${number}`, tokens.user)).html)![0];
    expect(row).toContain(`<span data-category>${category}</span>`);

    await assign(number);
    const shown = await page(`/cases/${number}`, tokens.officer);
    expect(shown.status).toBe(200);
    const facts = /<dl class="facts" data-facts>([\s\S]*?)<\/dl>/.exec(shown.html)![1];
    const labels = [...facts.matchAll(/<dt[^>]*>([^<]*)<\/dt>/g)].map((m) => m[1]);
    expect(labels).toEqual(['Number', 'State', 'Lodged', 'Due', 'Category', 'Ward', 'Landmark', 'Problem', 'Officer', 'Said &quot;me too&quot;']);
    expect(facts).toContain(`<dd>${category}</dd>`);
    expect(facts).toContain('<dd>Ward 3</dd>');
    // Times in India time, never the stored UTC text.
    expect(facts).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(facts).toMatch(/<dd>\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M<\/dd>/);
    const hindi = await page(`/hi/cases/${number}`, tokens.officer);
    expect(hindi.html).toContain('data-fact="category">श्रेणी</dt>');
  });

  it('shows a trade licence its trade by name, without an officer or a "me too" count', async () => {
    const number = numbersOn((await page('/cases?service=trade-licence&q=9812345670', tokens.admin)).html)[0];
    const shown = await page(`/cases/${number}`, tokens.admin);
    expect(shown.status).toBe(200);
    expect(shown.html).toMatch(/data-fact="tradeType">Trade<\/dt><dd>Grocery shop<\/dd>/);
    expect(shown.html).not.toContain('data-assignee');
    expect(shown.html).not.toContain('data-supporters');
    expect((await page(`/hi/cases/${number}`, tokens.admin)).html).toContain('<dd>किराना दुकान</dd>');
  });

  it("shows a verifier only the states of the services it serves, and no lodging of grievances", async () => {
    const verifier = await login(VERIFIER.email, VERIFIER.password, server.url);
    const inbox = await page('/cases', verifier);
    expect(inbox.status).toBe(200);
    const chips = [...inbox.html.matchAll(/<li><a href="\/cases\?state=[^"]*">([^<]*) <strong>/g)].map((m) => m[1]);
    expect(chips).toContain('Applied');
    expect(chips).not.toContain('Lodged');
    expect(inbox.html).not.toContain('href="/postgrievance"');
    expect(inbox.html).not.toContain('name="category"');
    expect(inbox.html).not.toContain('<option value="grievance"');
    // The desk still lodges and filters grievances.
    const desk = await page('/cases', tokens.user);
    expect(desk.html).toContain('href="/postgrievance"');
    expect(desk.html).toContain('name="category"');
  });

  it('answers an officer whose case went to nobody while they typed in the page, with the note shown back', async () => {
    const number = await lodgeGrievance('9123477751');
    const opened = await page(`/cases/${number}`, tokens.officer);
    expect(opened.status).toBe(404);
    expect(opened.html).toContain('<html lang="en"');
    expect(opened.html).toContain('There is no case with this number in your inbox.');
    expect(opened.html).toContain('href="/cases"');
    await assign(number);
    const form = await page(`/cases/${number}`, tokens.officer);
    const key = draftKeyOn(form.html);
    // Taken back by the desk (given to nobody) before the officer sends the step.
    await database.updateTable('service_case').set({ assignee_id: null }).where('number', '=', number).execute();
    const sent = await post(`/hi/cases/${number}?draft_key=${encodeURIComponent(key)}`, tokens.officer, { action: 'reject', note: 'Pole belongs to the electricity board.', draft_key: key });
    expect(sent.status).toBe(404);
    expect(sent.html).toContain('<html lang="hi"');
    expect(sent.html).toContain('इस नंबर का कोई केस आपके इनबॉक्स में नहीं है।');
    expect(sent.html).toMatch(/<textarea[^>]*data-unsent-note[^>]*>Pole belongs to the electricity board\.<\/textarea>/);
    expect(sent.html).toContain('href="/hi/cases"');
  });
});

describe('a resolve sent after the session ended', () => {
  it('is kept for that officer and case, and offered back with its photo after signing in again', async () => {
    const number = await lodgeGrievance('9123477731');
    await fetch(url(`/api/Staff/cases/${number}/assign`), { method: 'POST', headers: { ...bearer(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }) });
    const form = await page(`/cases/${number}`, tokens.officer);
    const key = draftKeyOn(form.html);

    // The session has ended: the post carries no session, only the form's draft key.
    const late = await post(`/cases/${number}?draft_key=${encodeURIComponent(key)}`, null, { action: 'resolve', note: 'Bulb and choke replaced.', note_visibility: 'public', draft_key: key }, await sampleJpeg('#16a34a'));
    expect(late.status).toBe(302);
    expect(late.location).toBe(`/login?next=${encodeURIComponent(`/cases/${number}?draft=1`)}&expired=1`);
    const state = async () => (await database.selectFrom('service_case').select('state').where('number', '=', number).executeTakeFirstOrThrow()).state;
    expect(await state()).toBe('Assigned');

    // A forged key, or one for another case, keeps nothing; a get without a session still goes to sign in.
    const forgedKey = key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const forged = await post(`/cases/${number}?draft_key=${encodeURIComponent(forgedKey)}`, null, { action: 'resolve', note: 'Forged', draft_key: forgedKey });
    expect(forged.location).toBe(`/login?next=${encodeURIComponent(`/cases/${number}`)}&expired=1`);
    // The key must be in the form's address: there it is checked before the body is read.
    const keyOnlyInBody = await post(`/cases/${number}`, null, { action: 'resolve', note: 'Body only', draft_key: key });
    expect(keyOnlyInBody.location).toBe(`/login?next=${encodeURIComponent(`/cases/${number}`)}&expired=1`);
    expect((await page(`/cases/${number}`, null)).status).toBe(302);
    expect(await database.selectFrom('case_draft').select('note').execute()).toEqual([{ note: 'Bulb and choke replaced.' }]);

    // Signed in again, the officer finds the note in the form and the photo kept; the desk sees no draft.
    const officer = await login(OFFICER.email, OFFICER.password, server.url);
    const back = await page(`/cases/${number}?draft=1`, officer);
    expect(back.html).toContain('data-draft');
    expect(back.html).toContain('Bulb and choke replaced.</textarea>');
    expect(back.html).toContain('name="use_draft" value="1" checked');
    expect(back.html).toContain('name="note_visibility" value="public" checked');
    expect((await page(`/cases/${number}`, tokens.user)).html).not.toContain('data-draft');

    const sent = await post(`/cases/${number}`, officer, { action: 'resolve', note: 'Bulb and choke replaced.', note_visibility: 'public', use_draft: '1' });
    expect(sent.status).toBe(303);
    expect(await state()).toBe('Resolved');
    const done = await page(`/cases/${number}`, officer);
    expect(done.html).not.toContain('data-draft');
    expect(done.html).toMatch(/The citizen sees this: <\/span>Bulb and choke replaced\.[\s\S]*?<img src="\/media\//);
    expect(await database.selectFrom('case_draft').select('id').execute()).toEqual([]);
  });
});

describe('staff names', () => {
  it('asks for a name when adding an account, lets the admin change it, and names people by it', async () => {
    const staff = (fields: Record<string, string>) => fetch(url('/staff'), { method: 'POST', headers: cookie(tokens.admin), body: new URLSearchParams(fields) });
    const nameless = await staff({ action: 'add', email: 'nameless@npk.example', role: 'officer', name: ' ' });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain('Give the name of the member of staff');
    const added = await staff({ action: 'add', email: 'pooja@npk.example', role: 'officer', name: 'Pooja  Verma' });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('Added Pooja Verma (pooja@npk.example) as Officer.');
    const id = (await database.selectFrom('app_user').select('id').where('email', '=', 'pooja@npk.example').executeTakeFirstOrThrow()).id;
    const renamed = await staff({ action: 'rename', id: String(id), name: 'Pooja Verma Singh' });
    expect(await renamed.text()).toContain('pooja@npk.example is now named Pooja Verma Singh.');
    expect((await page('/cases', tokens.user)).html).toContain('>Pooja Verma Singh</option>');
    const audit = await database.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'account').where('record_id', '=', id).orderBy('id').execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.after_json ?? '{}').name])).toEqual([['create', 'Pooja Verma'], ['update', 'Pooja Verma Singh']]);
  });
});

describe('assigning several cases at once, and the inbox as CSV', () => {
  const bulk = async (token: string, fields: [string, string][], path = '/cases') => {
    const res = await fetch(url(path), { method: 'POST', headers: cookie(token), body: new URLSearchParams(fields), redirect: 'manual' });
    return { status: res.status, html: await res.text() };
  };
  const staffView = async (number: string) =>
    (await (await fetch(url(`/api/Staff/cases/${number}`), { headers: bearer(tokens.user) })).json()) as { assigneeId: number | null; state: string; events: { action: string; from: string; to: string; visibility: string; actorLabel: string; note: string; data: unknown }[] };
  /** What one step left behind: its event, its audit entry and the messages it queued, without the case's own number and times. */
  async function traceOf(number: string) {
    const view = await staffView(number);
    const { action, from, to, visibility, actorLabel, note, data } = view.events.at(-1)!;
    const row = await database.selectFrom('service_case').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    const audit = await database.selectFrom('audit_log').select(['action', 'entity', 'user_email', 'after_json']).where('record_id', '=', row.id).where('action', '=', 'transition').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const after = JSON.parse(audit.after_json ?? '{}') as { state: string; assignee_id: number; event: unknown };
    const messages = await database.selectFrom('outbox_message').select(['channel', 'subject']).where('reference', 'like', `%${number}%`).orderBy('id').execute();
    return {
      assigneeId: view.assigneeId, state: view.state, event: { action, from, to, visibility, actorLabel, note, data },
      audit: { action: audit.action, entity: audit.entity, by: audit.user_email, state: after.state, assignee: after.assignee_id, event: after.event },
      messages: messages.map((m) => `${m.channel}: ${m.subject.replace(number, '#')}`),
    };
  }

  it('assigns each ticked case through the assign step, as one assignment on its own, and reports the ones it could not', async () => {
    const [first, second, alone] = [await lodgeGrievance('9123488801'), await lodgeGrievance('9123488802'), await lodgeGrievance('9123488803')];
    const stall = await lodgeStall('9123488804', 'Bangles');
    const missing = 'NPK-PGR-2020-01-01-999999';
    const { status, html } = await bulk(tokens.user, [['case', first], ['case', stall], ['case', second], ['case', missing], ['officer', String(officerId)]]);
    expect(status).toBe(200);
    expect(html).toContain('data-bulk-assigned="2"');
    expect(html).toContain('2 cases assigned to Ravi Kumar.');
    expect(html).toContain('2 cases were not assigned:');
    expect(html).toMatch(new RegExp(`data-refused-case="${stall}"><strong>${stall}</strong>: Cases of this service are not assigned to an officer.`));
    expect(html).toMatch(new RegExp(`data-refused-case="${missing}"><strong>${missing}</strong>: No case with that number.`));
    // The list drawn after the post shows them assigned.
    expect(html).toMatch(new RegExp(`data-case="${first}"[\\s\\S]*?data-assignee>Ravi Kumar<`));

    await fetch(url(`/api/Staff/cases/${alone}/assign`), { method: 'POST', headers: { ...cookie(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }) });
    const one = await traceOf(alone);
    expect(one.assigneeId).toBe(officerId);
    expect(one.audit.action).toBe('transition');
    expect(one.messages.length).toBeGreaterThan(0);
    expect(await traceOf(first)).toEqual(one);
    expect(await traceOf(second)).toEqual(one);
    expect((await staffView(stall)).assigneeId).toBeNull();

    // The same form again (a reload of the answer) leaves the cases with their officer and tells nobody twice.
    const events = (await staffView(first)).events.length;
    const again = await bulk(tokens.user, [['case', first], ['case', second], ['officer', String(officerId)]]);
    expect(again.html).not.toContain('data-bulk-assigned');
    expect(again.html).toMatch(new RegExp(`data-refused-case="${first}"><strong>${first}</strong>: Already assigned to this officer: left as it is.`));
    expect((await staffView(first)).events.length).toBe(events);
  });

  it('takes every case the page listed when "all on this page" is ticked, as a form sent without script does', async () => {
    const [a, b] = [await lodgeGrievance('9123488811'), await lodgeGrievance('9123488812')];
    const { status, html } = await bulk(tokens.admin, [['all', '1'], ['listed', a], ['listed', b], ['officer', String(officerId)]]);
    expect(status).toBe(200);
    expect(html).toContain('data-bulk-assigned="2"');
    expect((await staffView(a)).assigneeId).toBe(officerId);
    expect((await staffView(b)).assigneeId).toBe(officerId);
  });

  it('offers the ticks only to roles that assign, refuses an incomplete form in the page’s language, and an officer’s post', async () => {
    const number = await lodgeGrievance('9123488821');
    const desk = await page(`/cases?q=${number}`, tokens.user);
    expect(desk.html).toContain(`name="case" value="${number}" form="bulk-assign"`);
    expect(desk.html).toContain('name="all" value="1"');
    expect((await page('/cases', tokens.officer)).html).not.toContain('data-select-case');

    const noCase = await bulk(tokens.user, [['officer', String(officerId)]]);
    expect(noCase.status).toBe(400);
    expect(noCase.html).toContain('Select at least one case to assign.');
    const noOfficer = await bulk(tokens.user, [['case', number], ['officer', '']], '/hi/cases');
    expect(noOfficer.status).toBe(400);
    expect(noOfficer.html).toContain('वह अधिकारी चुनें जिसे मामले सौंपने हैं।');
    const officer = await bulk(tokens.officer, [['case', number], ['officer', String(officerId)]]);
    expect(officer.status).toBe(403);
    expect((await staffView(number)).assigneeId).toBeNull();
  });

  it('downloads the filtered list as CSV: byte order mark, India times, formulas made text, no column the role does not see', async () => {
    const formula = (await asTestCouncil(() => lodgeCase(STALL_PERMIT, { contact: { name: '=HYPERLINK("http://evil.example")', mobile: '9123488831', email: '', address: 'Gali 5' }, data: { goods: 'Tea' } }, {}, { party: 'user', userId: null, label: 'desk' }, database))).number;
    const grievance = await lodgeGrievance('9123488832');
    await fetch(url(`/api/Staff/cases/${grievance}/assign`), { method: 'POST', headers: { ...cookie(tokens.user), 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }) });
    const inbox = await page('/cases?q=91234888&sort=newest', tokens.user);
    const link = /href="([^"]*format=csv[^"]*)" download/.exec(inbox.html)![1].replace(/&(amp|#38);/g, '&');
    expect(link).toBe('/cases?q=91234888&sort=newest&format=csv');
    const res = await fetch(url(link), { headers: cookie(tokens.user) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes.toString('utf8').slice(1).trim().split('\n');
    expect(header).toBe('number,service,state,ward,category,citizen,mobile,lodged_ist,due_ist,overdue,officer');
    const numbers = lines.map((l) => l.split(',')[0]);
    expect(numbers.slice(0, 2)).toEqual([grievance, formula]);
    expect(lines.length).toBe(Number(/data-case-count="(\d+)"/.exec(inbox.html)![1]));
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"")",9123488831,`);
    const lodged = (await database.selectFrom('service_case').select('lodged_at').where('number', '=', grievance).executeTakeFirstOrThrow()).lodged_at;
    const india = new Date(Date.parse(lodged) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(lines[0]).toContain(`,9123488832,${india},`);
    expect(lines[0].endsWith(',Ravi Kumar')).toBe(true);

    // An officer sees only their own grievances (and every stall permit, which names no assignee role), and no officer column.
    const ungiven = await lodgeGrievance('9123488833');
    const own = (await (await fetch(url('/cases?q=91234888&format=csv'), { headers: cookie(tokens.officer) })).text()).trim().split('\n');
    expect(own[0]).toBe('number,service,state,ward,category,citizen,mobile,lodged_ist,due_ist,overdue');
    expect(own.slice(1).map((l) => l.split(',')[0])).toEqual(expect.arrayContaining([grievance, formula]));
    expect(own.slice(1).map((l) => l.split(',')[0])).not.toContain(ungiven);
  });
});
