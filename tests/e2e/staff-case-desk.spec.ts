import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { lodgeCase } from '../../src/features/cases/cases.server';
import { STALL_PERMIT } from '../../src/features/stall-permit/stall-permit.service';
import { asTestCouncil } from '../support/council';
import { openServerDatabase } from '../support/database';
import { outboxIdle } from '../../src/server/outbox';
import type { Db } from '../../src/server/db';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { e2eDatabasePath, jpegFile, openSession, setSessionExpiry, STAFF } from './admin-support';
import { sidewaysOverflow } from '../support/layout';

/**
 * (Named to run after complaints.spec.ts, whose /viewgrievance filter counts the demo's resolved grievances:
 * this file resolves one more on the shared server.)
 *
 * The one case desk in Chromium: the inbox at 375 and 1280 px in both languages, a second service (the
 * test start's stall permit) found in the inbox and taken through two steps on its case page, and an
 * officer's resolve sent after the session ended, back in the form with its photo after signing in again.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = DEMO_ACCOUNTS[0];
const OFFICER = DEMO_ACCOUNTS[2];
const WIDTHS = [375, 1280];

async function noSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
}

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...(width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  return context.newPage();
}

let database: Db | null = null;

/** A stall permit lodged at the desk, straight through the kernel: the service has no public form. */
async function lodgeStall(mobile: string, goods: string): Promise<string> {
  database ??= openServerDatabase(path.dirname(e2eDatabasePath()));
  const contact = { name: 'Sunita Devi', mobile, email: '', address: 'Gali 4, Station Road' };
  return (await asTestCouncil(() => lodgeCase(STALL_PERMIT, { contact, data: { goods } }, {}, { party: 'user', userId: null, label: 'desk' }, database!))).number;
}

test.afterAll(async () => {
  await outboxIdle();
  await database?.destroy();
});

async function assignedGrievance(request: APIRequestContext, mobile: string): Promise<string> {
  const lodged = await request.post('/postgrievance', {
    form: { category: '1', ward: '3', address: 'House 2, Lane 9', landmark: 'Temple', description: 'The street light has been out for a week.', name: 'Kamla Devi', mobile, email: '' },
  });
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(await lodged.text())![1];
  const login = await request.post('/api/Account/login', { data: { email: STAFF.email, password: STAFF.password } });
  const { token } = (await login.json()) as { token: string };
  const officer = await request.get('/api/Staff/cases?q=' + number, { headers: { authorization: `Bearer ${token}` } });
  expect(officer.status()).toBe(200);
  const officerId = await officerIdOf(request, token);
  const assigned = await request.post(`/api/Staff/cases/${number}/assign`, { headers: { authorization: `Bearer ${token}` }, data: { officer: officerId } });
  expect(assigned.status()).toBe(200);
  return number;
}

async function officerIdOf(request: APIRequestContext, token: string): Promise<number> {
  const html = await (await request.get('/cases', { headers: { authorization: `Bearer ${token}` } })).text();
  return Number(new RegExp(`<option value="(\\d+)"[^>]*>${OFFICER.name}</option>`).exec(html)![1]);
}

for (const width of WIDTHS) {
  test(`the inbox at ${width} px in both languages: search by part of a mobile, officers by name, overdue marks`, async ({ browser }) => {
    const stall = await lodgeStall(`98704${width === 375 ? '1' : '2'}6357`, 'Roasted peanuts');
    const page = await pageAt(browser, width);
    await openSession(page, STAFF);
    for (const [prefix, heading, search, show] of [['', 'Case inbox', 'Number or mobile', 'Show'], ['/hi', 'केस इनबॉक्स', 'नंबर या मोबाइल', 'दिखाएँ']] as const) {
      await page.goto(`${prefix}/cases`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', prefix ? 'hi' : 'en');
      await noSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `${prefix}/cases at ${width}px`);
      // The demo's overdue cases are marked so.
      await page.getByRole('navigation', { name: prefix ? 'स्थिति के अनुसार केस' : 'Cases by state' }).locator('.overdue-count').click();
      await expect(page.locator('.case-item').first().locator('.overdue-mark')).toBeVisible();
      // Part of the citizen's mobile finds the second service's case.
      await page.goto(`${prefix}/cases`);
      // (Digits no other test's mobile holds: the browser tests share one server.)
      // On a phone the search and filters are folded under Filters, so the first case shows first.
      if (width === 375) await page.locator('.case-filter-fold > summary').click();
      await page.getByLabel(search).fill(`${width === 375 ? '1' : '2'}6357`);
      await page.getByRole('button', { name: show }).click();
      await expect(page.locator('.case-item')).toHaveCount(1);
      await expect(page.locator('.case-item .case-number')).toHaveText(stall);
      await expect(page.locator('.case-item')).toContainText(prefix ? 'ठेला परमिट' : 'Stall permit');
      await noSidewaysScroll(page);
    }
    // Officers are named, not shown by their email.
    await page.goto('/cases?state=Assigned&service=grievance');
    await expect(page.locator('[data-assignee]').first()).toHaveText(OFFICER.name);
    await page.context().close();
  });
}

test('a second service on the one case page: inspected with a photo at 375 px, granted in Hindi at 1280 px', async ({ browser }) => {
  const stall = await lodgeStall('9876512350', 'Bangles and bindis');
  const phone = await pageAt(browser, 375);
  await openSession(phone, ADMIN);
  await phone.goto('/cases?service=stall-permit');
  await phone.locator('.case-item', { hasText: stall }).getByRole('link', { name: stall }).click();
  await expect(phone).toHaveURL(`/cases/${stall}`);
  await expect(phone.locator('[data-facts]')).toContainText('Bangles and bindis');
  await expect(phone.locator('[data-contact]')).toContainText('9876512350');
  const inspect = phone.locator('[data-action="inspect"]');
  // Staff only unless chosen; the citizen's choice carries its warning.
  await expect(inspect.getByLabel('Staff only')).toBeChecked();
  await expect(inspect.locator('.warning')).toContainText('The citizen will read this note');
  await inspect.getByLabel('Note (optional)').fill('Pitch 7 near the bus stand is free.');
  await inspect.getByRole('button', { name: 'Inspect' }).click();
  // The browser's own check asks for the photo first.
  await expect(phone).toHaveURL(`/cases/${stall}`);
  await inspect.getByLabel(/^Photo \(at least one/).setInputFiles([await jpegFile('#0f766e', 'pitch.jpg')]);
  await inspect.getByRole('button', { name: 'Inspect' }).click();
  await expect(phone.getByRole('status')).toHaveText('Inspect: done.');
  await expect(phone.locator('.case-timeline > li').last()).toContainText('Staff only: Pitch 7 near the bus stand is free.');
  await noSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone, `/cases/${stall} at 375px`);
  await phone.context().close();

  const desk = await pageAt(browser, 1280);
  await openSession(desk, STAFF);
  await desk.goto(`/hi/cases/${stall}`);
  await expect(desk.locator('html')).toHaveAttribute('lang', 'hi');
  const grant = desk.locator('[data-action="grant"]');
  await grant.getByLabel('टिप्पणी (वैकल्पिक)').fill('Fee received at the counter.');
  await grant.getByLabel('नागरिक भी देखेगा').check();
  await grant.getByRole('button', { name: 'स्वीकृत करें' }).click();
  await expect(desk.getByRole('status')).toHaveText('स्वीकृत करें: हो गया।');
  await expect(desk.locator('.case-detail > p > .case-state')).toHaveText('स्वीकृत');
  await expectNoSeriousA11yViolations(desk, `/hi/cases/${stall} at 1280px`);
  await desk.context().close();
});

test('the case page as an officer sees it: the category and human facts, beside the steps at 1280 px, above them at 375 px', async ({ browser }) => {
  const page = await pageAt(browser, 1280);
  const number = await assignedGrievance(page.request, '9876512370');
  await page.context().clearCookies();
  await openSession(page, OFFICER);
  await page.goto(`/cases?q=${number.slice(-6)}`);
  const row = page.locator('.case-item', { hasText: number });
  await expect(row.locator('[data-category]')).not.toBeEmpty();
  const category = await row.locator('[data-category]').innerText();
  await row.getByRole('link', { name: number }).click();
  const facts = page.locator('[data-facts]');
  await expect(facts.locator('[data-fact="category"] + dd')).toHaveText(category);
  await expect(facts).toContainText('The street light has been out for a week.');
  await expect(facts).not.toContainText(/Pub Image|Sla Hours|Ulb Id|District Id|Entry By|\d{4}-\d{2}-\d{2}T/);
  const about = page.locator('.case-about');
  const steps = page.locator('[data-action="resolve"]');
  const timeline = page.locator('.case-history');
  const [a, s, t] = [await about.boundingBox(), await steps.boundingBox(), await timeline.boundingBox()];
  // Side by side: the facts to the right of the steps, both starting near the top; the timeline under the facts.
  expect(a!.x).toBeGreaterThanOrEqual(s!.x + s!.width);
  expect(a!.y).toBeLessThan(s!.y + s!.height);
  expect(t!.x).toBe(a!.x);
  expect(t!.y).toBeGreaterThanOrEqual(a!.y + a!.height);
  await noSidewaysScroll(page);

  await page.setViewportSize({ width: 375, height: 800 });
  const [a2, s2, t2] = [await about.boundingBox(), await steps.boundingBox(), await timeline.boundingBox()];
  // One column: what the case is, then what to do, then what happened.
  expect(a2!.y + a2!.height).toBeLessThanOrEqual(s2!.y);
  expect(s2!.y + s2!.height).toBeLessThanOrEqual(t2!.y);
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, `/cases/${number} at 375px`);
  await page.context().close();
});

test('a resolve sent after the session ended comes back with its note and photo after signing in again', async ({ browser }) => {
  const page = await pageAt(browser, 375);
  const number = await assignedGrievance(page.request, '9876512360');
  // The desk's calls above signed this context in as the desk: the officer signs in afresh.
  await page.context().clearCookies();
  await openSession(page, OFFICER);
  await page.goto(`/cases/${number}`);
  const resolve = page.locator('[data-action="resolve"]');
  await resolve.getByLabel(/^Photo \(at least one/).setInputFiles([await jpegFile('#65a30d', 'after.jpg')]);
  await resolve.getByLabel('Note (optional)').fill('New LED fitted on the pole.');
  // The session ends on the server while the officer is at the pole.
  setSessionExpiry(new Date(Date.now() - 1000));
  await resolve.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=.*&expired=1$/);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(OFFICER.email);
  await page.getByLabel('Password').fill(OFFICER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/cases/${number}?draft=1`);
  await expect(page.locator('[data-draft]')).toContainText('Your session had ended');
  await expect(page.locator('[data-draft]')).toContainText('The 1 file you sent is kept');
  await expect(resolve.getByLabel('Note (optional)')).toHaveValue('New LED fitted on the pole.');
  await noSidewaysScroll(page);
  await resolve.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Resolve: done.');
  await expect(page.locator('.case-timeline > li').last()).toContainText('New LED fitted on the pole.');
  await expect(page.locator('.case-timeline > li').last().locator('img')).toHaveCount(1);
  await page.context().close();
});
