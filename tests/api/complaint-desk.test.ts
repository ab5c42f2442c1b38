import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, OFFICER, USER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { grievanceEventRows, grievanceRow } from '../support/grievance-row';

/**
 * One complaint desk: /inquiry lodges a real grievance for a citizen at the counter (name and mobile, so the
 * citizen can track it and hear of it), its suggestion reaches the officer, the old add-complaint call marks
 * what it lodges without a contact, staff choose who reads each note, and the dashboards count by state.
 */

let server: TestServer;
let database: Db;
let tokens: { user: string; admin: string; officer: string };
const url = (p: string) => `${server.url}${p}`;
const cookie = (token: string) => ({ cookie: `session=${token}` });

async function page(path: string, token: string): Promise<{ status: number; html: string }> {
  const res = await fetch(url(path), { headers: cookie(token) });
  return { status: res.status, html: await res.text() };
}

async function tokenOf(path: string, token: string): Promise<string> {
  return /name="form_token" value="([\w-]+)"/.exec((await page(path, token)).html)![1];
}

function deskForm(token: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = {
    category: '1', ward: '4', address: 'Station Road, near the water tank', landmark: 'Water tank',
    description: 'The tank overflows every morning.', suggestion: 'Fit a float valve on the inlet.',
    name: 'Ramesh Prasad', mobile: '9834500011', email: '', form_token: token, ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

async function lodgeAtDesk(fields: Record<string, string> = {}): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(url('/inquiry'), { method: 'POST', headers: cookie(tokens.user), body: deskForm(await tokenOf('/inquiry', tokens.user), fields), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

async function act(token: string, number: string, action: string, fields: Record<string, string>, photo?: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) form.append('photos', new File([photo], 'after.jpg', { type: 'image/jpeg' }));
  const res = await fetch(url(`/api/Grievance/${number}/${action}`), { method: 'POST', headers: bearer(token), body: form });
  expect(res.status, `${action}: ${await res.clone().text()}`).toBe(200);
}

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  tokens = {
    user: await login(USER.email, USER.password, server.url),
    admin: await login(ADMIN.email, ADMIN.password, server.url),
    officer: await login(OFFICER.email, OFFICER.password, server.url),
  };
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('the complaint desk at /inquiry', () => {
  it('asks for the citizen\'s name and mobile and says what is missing, keeping what was typed', async () => {
    const refused = await lodgeAtDesk({ name: '', mobile: '' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Give your name.');
    expect(refused.html).toContain('Give your mobile number.');
    expect(refused.html).toContain('Fit a float valve on the inlet.');
  });

  it('lodges a real grievance, shows its number, and the officer sees the suggestion and the citizen\'s contact', async () => {
    const lodged = await lodgeAtDesk();
    expect(lodged.status).toBe(303);
    expect(lodged.location).toMatch(/^\/inquiry\?lodged=NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}$/);
    const number = decodeURIComponent(lodged.location!.split('=')[1]);
    const shown = await page(lodged.location!, tokens.user);
    expect(shown.html).toContain(`data-complaint-number>${number}<`);
    // Its list is the inbox's: the new grievance is in it, linked to its page.
    expect(shown.html).toContain(`href="/grievances/${number}"`);

    const row = await grievanceRow(database, number);
    expect(row).toMatchObject({ citizen_name: 'Ramesh Prasad', citizen_mobile: '9834500011', your_suggestion: 'Fit a float valve on the inlet.', source: 'desk', state: 'Lodged' });
    const staffPage = await page(`/grievances/${number}`, tokens.user);
    expect(staffPage.html).toContain('Fit a float valve on the inlet.');
    expect(staffPage.html).toContain('9834500011');
    expect(staffPage.html).not.toContain('At the counter, no contact');
    // The citizen tracks it with their number and mobile.
    const tracked = await fetch(url('/trackgrievance'), { method: 'POST', body: new URLSearchParams({ number, mobile: '9834500011', action: 'lookup' }) });
    expect(tracked.status).toBe(200);
  });

  it('is for the desk and admins only', async () => {
    expect((await fetch(url('/inquiry'), { redirect: 'manual' })).status).toBe(302);
    const officer = await fetch(url('/inquiry'), { headers: cookie(tokens.officer), redirect: 'manual' });
    expect(officer.status).toBe(302);
    expect(officer.headers.get('location')).toBe('/dashboard');
  });
});

describe('the old add-complaint call', () => {
  it('marks a complaint lodged without a mobile as lodged at the counter with no contact', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ 'Complaint.Grivance': '1', 'Complaint.Your_Suggestion': 'Two bins at the gate.', 'Complaint.District': '1', 'Complaint.Ward': '5', 'Complaint.Ulb': '1', 'Complaint.Landmark': 'School gate', 'Complaint.Additional_Information': 'Garbage piles up at the school gate.' })) form.append(name, value);
    const res = await fetch(url('/api/User/add-complaint'), { method: 'POST', headers: bearer(tokens.user), body: form });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const { number } = await database.selectFrom('service_case').select('number').where('id', '=', id).executeTakeFirstOrThrow();
    const staffPage = await page(`/grievances/${number}`, tokens.user);
    expect(staffPage.html).toContain('At the counter, no contact');
    expect(staffPage.html).toContain('Two bins at the gate.');
  });
});

describe('who reads a note', () => {
  it('keeps a note staff only unless staff choose the citizen, in the timeline and in the message', async () => {
    const lodged = await lodgeAtDesk({ mobile: '9834500022' });
    const number = decodeURIComponent(lodged.location!.split('=')[1]);
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    await act(tokens.user, number, 'assign', { officer: String(officerId), note: 'Contractor is slow; chase him.' });
    const photo = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#15803d' } }).jpeg().toBuffer());
    await act(tokens.officer, number, 'resolve', { note: 'Float valve fitted on the inlet.', note_visibility: 'public' }, photo);

    const events = (await grievanceEventRows(database, (await grievanceRow(database, number)).id)).map(({ action, visibility }) => ({ action, visibility }));
    expect(events).toEqual([{ action: 'lodge', visibility: 'public' }, { action: 'assign', visibility: 'staff' }, { action: 'resolve', visibility: 'public' }]);

    const citizen = await (await fetch(url('/trackgrievance'), { method: 'POST', body: new URLSearchParams({ number, mobile: '9834500022', action: 'lookup' }) })).text();
    expect(citizen).not.toContain('Contractor is slow');
    expect(citizen).toContain('Float valve fitted on the inlet.');
    const staff = (await page(`/grievances/${number}`, tokens.user)).html;
    expect(staff).toContain('Staff only: </span>Contractor is slow; chase him.');
    expect(staff).toContain('The citizen sees this: </span>Float valve fitted on the inlet.');
    // The staff page offers the choice, staff only by default.
    expect(staff).not.toContain('name="note_visibility" value="public" checked');
  });
});

describe('the dashboards', () => {
  it('count by the states the inbox shows, with the overdue ones', async () => {
    const html = (await page('/dashboard', tokens.user)).html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const counts = await database.selectFrom('service_case').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).where('service', '=', 'grievance').groupBy('state').execute();
    for (const { state, n } of counts) expect(html).toContain(`${state} : ${Number(n)} complaint(s)`);
    expect(html).not.toMatch(/\bPending : /);
    expect(html).toMatch(/Overdue: \d+/);
  });
});
