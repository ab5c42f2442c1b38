import { isFileSizeCheck, isMenuScript } from '../support/page-scripts';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { jpegFile, openSession, signIn, STAFF } from './admin-support';
import { sidewaysOverflow } from '../support/layout';
import { messages } from '../../src/i18n/messages';
import { wardChoice } from '../support/ward-choice';

/** Where the screens' pictures go when asked for (SHOTS_DIR=…), as in the other journeys' specs. */
const SHOTS = process.env.SHOTS_DIR;

/**
 * Grievances in Chromium: a citizen lodging and tracking on a 375 px phone without any script, an officer
 * resolving with a photo on a phone, and one grievance taken through every state by the citizen, the desk
 * and the officer, each in their own browser.
 */
test.describe.configure({ mode: 'serial' });

const OFFICER = DEMO_ACCOUNTS[2];
const PHONE = { width: 375, height: 800 };

async function noSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
}

async function lodgeAsCitizen(page: Page, mobile: string, description: string, keepPhotosPrivate = false): Promise<string> {
  await page.goto('/postgrievance');
  await page.getByLabel('Category').selectOption({ label: 'Drainage blocked' });
  await page.getByLabel('Ward').selectOption({ label: wardChoice('en', 6) });
  await page.getByLabel('Where is it (address)?').fill('Ravidas Tola, lane behind the community hall');
  await page.getByLabel('Landmark (optional)').fill('Community hall');
  await page.getByLabel('Describe the problem').fill(description);
  await page.getByLabel(/^Photos/).setInputFiles([await jpegFile('#7c2d12', 'drain.jpg')]);
  await page.getByLabel('Your name').fill('Kiran Devi');
  await page.getByLabel('Mobile number').fill(mobile);
  if (keepPhotosPrivate) await page.getByLabel('Keep my photos private').check();
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  // The same drain lodged earlier in the run and still open is offered as a similar report: lodge anyway.
  const lodged = page.getByRole('heading', { level: 1, name: 'Grievance lodged' });
  await expect(lodged.or(page.locator('[data-similar-found]'))).toBeVisible();
  if (!(await lodged.isVisible())) {
    await page.getByLabel('None of these is my problem: lodge a new one').check();
    await page.getByLabel(/^Photos/).setInputFiles([await jpegFile('#7c2d12', 'drain.jpg')]);
    await page.getByRole('button', { name: 'Lodge grievance' }).click();
  }
  await expect(lodged).toBeVisible();
  const number = (await page.locator('[data-complaint-number]').innerText()).trim();
  expect(number).toMatch(/^NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}$/);
  return number;
}

async function trackAsCitizen(page: Page, number: string, mobile: string) {
  await page.goto('/trackgrievance');
  await page.getByLabel('Complaint number').fill(number);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Show my grievance' }).click();
  await expect(page.locator('.grievance-facts .complaint-number')).toHaveText(number);
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

/**
 * The citizen's pages ship no script but the header's menu-closing one and, on the form, the optional "use
 * my location" (tests/e2e/grievance-location.spec.ts), so they work with JavaScript off (axe needs it on to run).
 */
async function noScript(page: Page) {
  const sources = await page.locator('script').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
  // "Use my location", the similar reports' list and the photos' size check only add to a form that works without them.
  const extras = ['/scripts/use-my-location.js', '/scripts/similar-grievances.js'];
  expect(sources.filter((src) => !isMenuScript(src) && !isFileSizeCheck(src) && !extras.some((extra) => src.endsWith(extra)))).toEqual([]);
}

test('a citizen lodges a grievance and tracks it on a 375 px phone, without JavaScript', async ({ browser }) => {
  const page = await phonePage(browser);
  await page.goto('/postgrievance');
  await noScript(page);
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, '/postgrievance at 375px');

  // A mistake is explained next to its field and what was typed is kept; the page sent back says in its title
  // that the form was refused, opens with the focus on the summary, and keeps the photo.
  await page.getByLabel('Describe the problem').fill('Blocked');
  await page.getByLabel(/^Photos/).setInputFiles([await jpegFile('#7c2d12', 'drain.jpg')]);
  await page.getByLabel('Keep my photos private').check();
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose a category.');
  await expect(page.locator('#form-error')).toBeFocused();
  expect(await page.title()).toMatch(new RegExp(`^${messages('en').frame.errorTitle(messages('en').grievance.post)} \\|`));
  // The photo sent is kept by the server for the form sent again: the browser never sends a file back.
  await expect(page.locator('[data-kept-files="photos"] input[type="checkbox"]')).toBeChecked();
  await expect(page.locator('#photos-again')).toHaveCount(0);
  await expect(page.locator('#mobile-error')).toHaveText('Give your mobile number.');
  await expect(page.getByLabel('Describe the problem')).toHaveValue('Blocked');
  await expect(page.getByLabel('Keep my photos private')).toBeChecked();

  // The photo is kept private: the citizen tracking it sees it, staff see it marked so, a stranger gets nothing.
  const number = await lodgeAsCitizen(page, '9123400001', 'The drain is blocked and water is standing in the lane.', true);
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/grievance-lodged-375.png`, fullPage: true });

  await trackAsCitizen(page, number, '9123400001');
  await expect(page.locator('.grievance-timeline > li')).toHaveCount(1);
  const photo = page.locator('.grievance-timeline img').first();
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the citizen\'s own private photo loads' }).toBe(true);
  const src = (await photo.getAttribute('src'))!;
  await expect(page.locator('.grievance-facts')).toContainText('Lodged');
  await noScript(page);
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, '/trackgrievance timeline at 375px');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/grievance-track-375.png`, fullPage: true });

  // The wrong mobile number shows nothing of the grievance.
  await page.goto('/trackgrievance');
  await page.getByLabel('Complaint number').fill(number);
  await page.getByLabel('Mobile number').fill('9000000009');
  await page.getByRole('button', { name: 'Show my grievance' }).click();
  await expect(page.getByRole('alert')).toContainText('No grievance matches');
  await expect(page.locator('.grievance-facts')).toHaveCount(0);
  await page.context().close();

  // An admin's case page: the photo marked private, with the button that withdraws it.
  const desk = await phonePage(browser);
  await openSession(desk);
  await desk.goto(`/cases/${number}`);
  const marked = desk.locator('[data-private-photo]');
  await expect(marked).toContainText(messages('en').caseDesk.privatePhoto);
  await expect(marked.locator('img')).toHaveAttribute('src', src);
  await expect.poll(() => marked.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the desk sees the private photo' }).toBe(true);
  await expect(marked.getByRole('button', { name: messages('en').caseDesk.withdrawPhoto })).toBeVisible();
  await noSidewaysScroll(desk);
  await expectNoSeriousA11yViolations(desk, `/cases/${number} with a private photo at 375px`);
  await desk.context().close();

  const stranger = await phonePage(browser);
  expect((await stranger.request.get(src)).status(), 'a stranger is told the photo does not exist').toBe(404);
  await stranger.goto('/viewgrievance');
  expect(await stranger.content()).not.toContain(src.replace(/\.jpg$/, ''));
  await stranger.context().close();
});

test('an officer resolves an assigned grievance with a photo on a phone', async ({ browser }) => {
  const page = await phonePage(browser);
  await signIn(page, OFFICER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/cases');
  await expect(page.getByRole('heading', { level: 1, name: 'My cases' })).toBeVisible();
  await noSidewaysScroll(page);
  const first = page.locator('.case-item').filter({ hasText: 'Assigned' }).first();
  const number = (await first.locator('.case-number').innerText()).trim();
  await first.locator('.case-number').click();
  await expect(page.getByRole('heading', { name: 'Resolve' })).toBeVisible();
  await noSidewaysScroll(page);

  // Without a photo the browser's own check stops the form; the server refuses it too (API tests).
  await page.getByLabel(/^Photo \(at least one/).setInputFiles([await jpegFile('#16a34a', 'after.jpg')]);
  await page.getByLabel('Note (optional)').first().fill('Cleaned and slabs replaced.');
  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Resolve: done.');
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText('Resolved');
  await expect(page.locator('.case-timeline > li').last()).toContainText('Cleaned and slabs replaced.');
  await expect(page.locator('.case-timeline > li').last().locator('img')).toHaveCount(1);
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, `/cases/${number} at 375px`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/grievance-officer-375.png`, fullPage: true });
  await page.context().close();
});

test('one grievance through every state: lodged, assigned, resolved, reopened, rejected, closed', async ({ browser }) => {
  const citizen = await phonePage(browser);
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const officer = await phonePage(browser);
  const mobile = '9123400002';
  const number = await lodgeAsCitizen(citizen, mobile, 'Drain overflowing near the community hall for three days.');

  await openSession(desk, STAFF);
  await openSession(officer, OFFICER);
  const assign = async () => {
    await desk.goto(`/cases/${number}`);
    await desk.getByLabel('Officer').selectOption({ label: OFFICER.name });
    await desk.getByRole('button', { name: 'Assign' }).click();
    await expect(desk.getByRole('status')).toHaveText('Assign: done.');
  };
  const resolve = async () => {
    await officer.goto(`/cases/${number}`);
    await officer.getByLabel(/^Photo \(at least one/).setInputFiles([await jpegFile('#0ea5e9', 'after.jpg')]);
    await officer.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(officer.getByRole('status')).toHaveText('Resolve: done.');
  };
  const reopen = async (why: string) => {
    await trackAsCitizen(citizen, number, mobile);
    await citizen.getByLabel('Why are you reopening it?').fill(why);
    await citizen.getByRole('button', { name: 'Reopen grievance' }).click();
    await expect(citizen.getByRole('status')).toContainText('has been reopened');
  };

  await assign();
  await resolve();
  await reopen('Water is still standing.');
  await assign();
  await officer.goto(`/cases/${number}`);
  await officer.getByLabel('Reason (required)').fill('The blockage is in the railway culvert; reported to the railways.');
  await officer.getByRole('button', { name: 'Reject' }).click();
  await expect(officer.getByRole('status')).toHaveText('Reject: done.');
  await reopen('The railways say the culvert is the council\'s.');
  await assign();
  await resolve();

  await trackAsCitizen(citizen, number, mobile);
  await citizen.getByLabel('4', { exact: true }).check();
  await citizen.getByLabel('Comment (optional)').fill('Fixed at last.');
  await citizen.getByRole('button', { name: 'Rate and close' }).click();
  await expect(citizen.getByRole('status')).toContainText('now closed');
  const states = await citizen.locator('.grievance-timeline .timeline-head strong').allInnerTexts();
  expect(states).toEqual(['Lodged', 'Assigned', 'Resolved', 'Reopened', 'Assigned', 'Rejected', 'Reopened', 'Assigned', 'Resolved', 'Closed']);

  // The desk sees the whole history in its inbox view, and the public list shows the grievance closed.
  await desk.goto(`/cases/${number}`);
  await expect(desk.locator('.case-timeline > li')).toHaveCount(10);
  await desk.goto('/viewgrievance?status=Closed');
  await expect(desk.locator('tr', { hasText: number }).locator('.badge').first()).toHaveText('Closed');
  for (const page of [citizen, desk, officer]) await page.context().close();
});

test('the desk narrows its inbox to overdue grievances, and an admin sets a category\'s SLA', async ({ page }) => {
  await openSession(page, STAFF);
  await page.goto('/cases');
  await page.getByRole('navigation', { name: 'Cases by state' }).getByRole('link', { name: /Overdue/ }).click();
  await expect(page).toHaveURL(/overdue=1/);
  const items = page.locator('.case-item');
  expect(await items.count()).toBeGreaterThan(0);
  for (const item of await items.all()) await expect(item.locator('.overdue-mark')).toHaveText('Overdue');
  await expectNoSeriousA11yViolations(page, '/cases?overdue=1');
  await page.context().clearCookies();

  await openSession(page, DEMO_ACCOUNTS[0]);
  await page.goto('/grievance-settings');
  await page.getByLabel('SLA in hours for Stray animals').fill('96');
  await page.getByRole('row', { name: /Stray animals/ }).getByRole('button', { name: 'Save SLA' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByLabel('SLA in hours for Stray animals')).toHaveValue('96');
  await expectNoSeriousA11yViolations(page, '/grievance-settings');
});
