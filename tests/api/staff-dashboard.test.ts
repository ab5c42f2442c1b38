import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { lodgeCase } from '../../src/features/cases/cases.server';
import { STALL_PERMIT } from '../../src/features/stall-permit/stall-permit.service';
import { ADMIN, APPROVER, CASHIER, EDITOR, INSPECTOR, OFFICER, USER, VERIFIER, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { asTestCouncil } from '../support/council';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The staff dashboard, every role's landing: each role sees what waits for it alone (per service and step,
 * the waiting and overdue cases; items in review; the day's collection beside the day before's; failed
 * messages; refunds), every figure links to a list that holds exactly that many items and that the role may
 * open, and the figures move when a case is lodged or takes a step. On a server of its own, with the stall
 * permit as a third service (CASE_TEST_SERVICE=1): its counts are exact, and no neighbour's case moves them.
 */
let server: TestServer;
let database: Db;
const ACCOUNTS = { admin: ADMIN, user: USER, officer: OFFICER, editor: EDITOR, cashier: CASHIER, verifier: VERIFIER, inspector: INSPECTOR, approver: APPROVER };
type RoleName = keyof typeof ACCOUNTS;
const tokens = {} as Record<RoleName, string>;
let officerId: number;
const url = (p: string) => `${server.url}${p}`;

async function page(path: string, token: string): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(url(path), { headers: { cookie: `session=${token}` }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

const unescape = (text: string) => text.replace(/&(amp|#38);/g, '&');
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

interface Figure {
  waiting: number;
  overdue: number;
  waitingHref: string;
  overdueHref: string;
}

/** The dashboard's case tables: service → state → its two figures and their links. */
function caseFigures(html: string): Record<string, Record<string, Figure>> {
  const tables: Record<string, Record<string, Figure>> = {};
  for (const table of html.matchAll(/<table class="dashboard-table" data-service="([^"]+)">([\s\S]*?)<\/table>/g)) {
    tables[table[1]] = {};
    for (const row of table[2].matchAll(/<tr data-state="([^"]+)">([\s\S]*?)<\/tr>/g)) {
      const waiting = /<a href="([^"]+)" data-waiting="(\d+)"/.exec(row[2])!;
      const overdue = /<a href="([^"]+)" data-overdue="(\d+)"/.exec(row[2])!;
      tables[table[1]][row[1]] = { waiting: Number(waiting[2]), overdue: Number(overdue[2]), waitingHref: unescape(waiting[1]), overdueHref: unescape(overdue[1]) };
    }
  }
  return tables;
}

/** Which steps each service's table lists, per service. */
const stepsOf = (figures: Record<string, Record<string, Figure>>) => Object.fromEntries(Object.entries(figures).map(([service, states]) => [service, Object.keys(states)]));

const dashboard = async (role: RoleName) => {
  const shown = await page('/dashboard', tokens[role]);
  expect(shown.status, role).toBe(200);
  return shown.html;
};

async function lodgeGrievance(mobile: string): Promise<string> {
  const form = new URLSearchParams({ category: '1', ward: '3', address: 'House 4, Lane 9', landmark: 'Near the pond', description: 'The hand pump is broken.', name: 'Geeta Devi', mobile, email: '' });
  const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (!number) throw new Error('not lodged');
  return number;
}

async function step(role: RoleName, number: string, action: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(url(`/api/Staff/cases/${number}/${action}`), { method: 'POST', headers: { ...bearer(tokens[role]), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, `${action} ${number}: ${await res.clone().text()}`).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ CASE_TEST_SERVICE: '1' });
  database = openServerDatabase(server.dataDir);
  for (const [role, account] of Object.entries(ACCOUNTS)) tokens[role as RoleName] = await login(account.email, account.password, server.url);
  officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('every role lands on the dashboard', () => {
  it('is where each role signs in to, and the desk\'s old landing leads there', async () => {
    for (const account of Object.values(ACCOUNTS)) {
      const res = await fetch(url('/api/Account/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
      expect(((await res.json()) as { home: string }).home, account.email).toBe('/dashboard');
    }
    expect(await page('/userdashboard', tokens.user)).toMatchObject({ status: 301, location: '/dashboard' });
    // Each member of staff's own figures: never kept by a cache on the way.
    const own = await fetch(url('/dashboard'), { headers: { cookie: `session=${tokens.cashier}` } });
    await own.arrayBuffer();
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    // A page the role may not open sends it home: the dashboard.
    expect(await page('/audit', tokens.cashier)).toMatchObject({ status: 302, location: '/dashboard' });
  });
});

describe('what waits for each role', () => {
  it('shows each role its own steps of every service it serves, read from the services, and no other role\'s', async () => {
    const shown = Object.fromEntries(await Promise.all(Object.keys(ACCOUNTS).map(async (role) => [role, await dashboard(role as RoleName)] as const))) as Record<RoleName, string>;
    expect(stepsOf(caseFigures(shown.admin))).toEqual({
      grievance: ['Lodged', 'Assigned', 'Reopened'],
      'trade-licence': ['Applied', 'Inspection', 'PendingApproval'],
      water: ['Applied', 'Inspection', 'PendingApproval', 'DisconnectionRequested', 'ReconnectionRequested'],
      'stall-permit': ['Applied', 'Inspected'],
    });
    // The desk assigns new and reopened grievances and grants inspected permits; the officer resolves and inspects.
    expect(stepsOf(caseFigures(shown.user))).toEqual({ grievance: ['Lodged', 'Reopened'], 'stall-permit': ['Inspected'] });
    expect(stepsOf(caseFigures(shown.officer))).toEqual({ grievance: ['Assigned'], 'stall-permit': ['Applied'] });
    expect(stepsOf(caseFigures(shown.verifier))).toEqual({ 'trade-licence': ['Applied'], water: ['Applied'] });
    // A holder's request to cut the connection waits on the field staff: the cut, whose reason is the council's record, is the step asked for.
    expect(stepsOf(caseFigures(shown.inspector))).toEqual({ 'trade-licence': ['Inspection'], water: ['Inspection', 'DisconnectionRequested', 'ReconnectionRequested'] });
    expect(stepsOf(caseFigures(shown.approver))).toEqual({ 'trade-licence': ['PendingApproval'], water: ['PendingApproval'] });
    expect(stepsOf(caseFigures(shown.editor))).toEqual({});
    expect(stepsOf(caseFigures(shown.cashier))).toEqual({});

    // The other figures, each only for the roles that may open its list.
    const has = (html: string) => ({
      review: html.includes('data-in-review='),
      collection: html.includes('data-collection-today='),
      failed: html.includes('data-failed-messages='),
      refunds: html.includes('data-refunds-waiting='),
      pie: html.includes('Status-wise Complaint Count'),
    });
    expect(has(shown.admin)).toEqual({ review: true, collection: true, failed: true, refunds: true, pie: true });
    expect(has(shown.user)).toEqual({ review: false, collection: false, failed: false, refunds: false, pie: true });
    expect(has(shown.editor)).toEqual({ review: true, collection: false, failed: false, refunds: false, pie: false });
    expect(has(shown.cashier)).toEqual({ review: false, collection: true, failed: false, refunds: false, pie: false });
    for (const role of ['officer', 'verifier', 'inspector', 'approver'] as const) {
      expect(has(shown[role]), role).toEqual({ review: false, collection: false, failed: false, refunds: false, pie: false });
    }

    // Every link of every dashboard opens for its role (a page it may not open would send it home instead).
    for (const [role, html] of Object.entries(shown) as [RoleName, string][]) {
      const links = [...new Set([...mainOf(html).matchAll(/href="([^"]+)"/g)].map((m) => unescape(m[1])))];
      expect(links.length, role).toBeGreaterThan(0);
      for (const link of links) {
        // Followed through an old address's redirect; a refused page would land on the dashboard instead.
        const opened = await fetch(url(link), { headers: { cookie: `session=${tokens[role]}` } });
        await opened.arrayBuffer();
        expect([opened.status, new URL(opened.url).pathname === '/dashboard'], `${role} ${link}`).toEqual([200, false]);
      }
    }
  });

  it('links each figure to a list of exactly that many items', async () => {
    const listCount = async (role: RoleName, href: string) => Number(/data-case-count="(\d+)"/.exec((await page(href, tokens[role])).html)![1]);
    for (const role of ['admin', 'user', 'officer', 'verifier'] as const) {
      for (const [service, states] of Object.entries(caseFigures(await dashboard(role)))) {
        for (const [state, figure] of Object.entries(states)) {
          expect(figure.waitingHref).toBe(`/cases?service=${service}&state=${state}`);
          expect(figure.overdueHref).toBe(`/cases?service=${service}&state=${state}&overdue=1`);
          expect(await listCount(role, figure.waitingHref), `${role} ${service} ${state}`).toBe(figure.waiting);
          expect(await listCount(role, figure.overdueHref), `${role} ${service} ${state} overdue`).toBe(figure.overdue);
        }
      }
    }

    const admin = await dashboard('admin');
    // The day's collection, in rupees, is the collection register's total for that day; so is the day before's.
    const today = /href="\/collection-register\?date=(\d{4}-\d{2}-\d{2})"><strong>₹ ([\d,.]+)<\/strong>/.exec(admin)!;
    const yesterday = /href="\/collection-register\?date=(\d{4}-\d{2}-\d{2})">Yesterday: ₹ ([\d,.]+)/.exec(admin)!;
    for (const [, date, rupees] of [today, yesterday]) {
      const register = (await page(`/collection-register?date=${date}`, tokens.admin)).html;
      expect(/<td class="num total">([\d,.]+)<\/td>/.exec(register)![1], date).toBe(rupees);
    }
    expect(Date.parse(today[1]) - Date.parse(yesterday[1])).toBe(86_400_000);
    // Failed messages: the outbox's failed list holds as many.
    const failed = Number(/data-failed-messages="(\d+)"/.exec(admin)![1]);
    expect(admin).toContain('href="/notifications?status=failed"');
    expect((await page('/notifications?status=failed', tokens.admin)).html).toContain(`<p>${failed} failed.</p>`);
  });

  it('counts a case lodged, moved to its officer, overdue and passed on, for exactly the roles it waits on', async () => {
    const figure = async (role: RoleName, service: string, state: string) => caseFigures(await dashboard(role))[service][state];
    const before = {
      userLodged: await figure('user', 'grievance', 'Lodged'),
      adminLodged: await figure('admin', 'grievance', 'Lodged'),
      officerAssigned: await figure('officer', 'grievance', 'Assigned'),
      verifierApplied: await figure('verifier', 'trade-licence', 'Applied'),
      userInspected: await figure('user', 'stall-permit', 'Inspected'),
      adminStall: await figure('admin', 'stall-permit', 'Applied'),
      officerStall: await figure('officer', 'stall-permit', 'Applied'),
    };

    const number = await lodgeGrievance('9123466601');
    expect((await figure('user', 'grievance', 'Lodged')).waiting).toBe(before.userLodged.waiting + 1);
    expect((await figure('admin', 'grievance', 'Lodged')).waiting).toBe(before.adminLodged.waiting + 1);
    expect(await figure('officer', 'grievance', 'Assigned')).toEqual(before.officerAssigned);

    await step('user', number, 'assign', { officer: officerId });
    expect((await figure('user', 'grievance', 'Lodged')).waiting).toBe(before.userLodged.waiting);
    expect((await figure('officer', 'grievance', 'Assigned')).waiting).toBe(before.officerAssigned.waiting + 1);
    expect((await figure('officer', 'grievance', 'Assigned')).overdue).toBe(before.officerAssigned.overdue);

    // Past its due time it counts as overdue, for its officer.
    await database.updateTable('service_case').set({ due_at: '2020-01-01T00:00:00.000Z' }).where('number', '=', number).execute();
    expect((await figure('officer', 'grievance', 'Assigned')).overdue).toBe(before.officerAssigned.overdue + 1);

    // A licence sent back to its applicant no longer waits on the verifier.
    const applied = await database.selectFrom('service_case').select('number').where('service', '=', 'trade-licence').where('state', '=', 'Applied').orderBy('id').executeTakeFirstOrThrow();
    await step('verifier', applied.number, 'sendBack', { note: 'The premises paper is unreadable; send a clear copy.' });
    expect((await figure('verifier', 'trade-licence', 'Applied')).waiting).toBe(before.verifierApplied.waiting - 1);

    // A stall permit lodged at the desk waits on the inspecting officer's step (an admin's too), then, inspected, on the desk.
    const stall = (await asTestCouncil(() => lodgeCase(STALL_PERMIT, { contact: { name: 'Sunita Devi', mobile: '9123466602', email: '', address: 'Gali 4' }, data: { goods: 'Tea' } }, {}, { party: 'user', userId: null, label: 'desk' }, database))).number;
    expect((await figure('admin', 'stall-permit', 'Applied')).waiting).toBe(before.adminStall.waiting + 1);
    // The officer's inbox lists every permit (no permit is assigned to anyone): the count is of the same cases,
    // not narrowed to the officer's own as their grievances are.
    expect((await figure('officer', 'stall-permit', 'Applied')).waiting).toBe(before.officerStall.waiting + 1);
    await step('admin', stall, 'inspect', { note: 'Pitch 12 is free.', photos: [Buffer.from(await sampleJpeg()).toString('base64')] });
    expect((await figure('admin', 'stall-permit', 'Applied')).waiting).toBe(before.adminStall.waiting);
    expect((await figure('user', 'stall-permit', 'Inspected')).waiting).toBe(before.userInspected.waiting + 1);
  });

  it('shows an admin what waits for review, and an editor their own items to finish and in review', async () => {
    const figure = async (role: RoleName, name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(await dashboard(role))![1]);
    const [adminBefore, toFinishBefore, ownInReviewBefore] = [await figure('admin', 'data-in-review'), await figure('editor', 'data-own-to-finish'), await figure('editor', 'data-in-review')];
    const news = async (body: object, path = '') => {
      const res = await fetch(url(`/api/Admin/latest-news${path}`), { method: 'POST', headers: { ...bearer(tokens.editor), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return (await res.json()) as { id: number };
    };
    const { id } = await news({ id: 0, title: 'Tanker timings for ward 7', description: 'The tanker comes at 7 in the morning.' });
    expect(await figure('editor', 'data-own-to-finish')).toBe(toFinishBefore + 1);
    await news({ action: 'submit' }, `/${id}/state`);
    expect([await figure('editor', 'data-own-to-finish'), await figure('editor', 'data-in-review')]).toEqual([toFinishBefore, ownInReviewBefore + 1]);
    expect(await figure('admin', 'data-in-review')).toBe(adminBefore + 1);
    const editorPage = await dashboard('editor');
    expect(editorPage).toContain('href="/review-queue#queue-items"');
    expect(editorPage).toContain('href="/review-queue#queue-waiting"');
  });
});

describe('the sidebar', () => {
  it('groups each role\'s entries by area, with the pages that had no way in', async () => {
    const headings = (html: string) => [...html.matchAll(/<h2 class="nav-heading"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    const admin = await dashboard('admin');
    expect(headings(admin)).toEqual(['Content', 'Citizen services', 'Revenue', 'Settings']);
    // The pages that had no way in are each an entry, and each opens as a page.
    for (const href of ['/cases', '/counter', '/collection-register', '/tax-defaulters', '/tax-collection', '/demand-notice', '/grievance-performance']) {
      expect(admin, href).toContain(`<a href="${href}"`);
      const opened = await page(href, tokens.admin);
      expect([opened.status, opened.html.includes('<h1')], href).toEqual([200, true]);
    }
    expect(headings(await dashboard('cashier'))).toEqual(['Revenue']);
    expect(headings(await dashboard('editor'))).toEqual(['Content']);
    expect(headings(await dashboard('verifier'))).toEqual(['Citizen services']);
  });
});
