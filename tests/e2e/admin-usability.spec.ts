import { expect, test, type Page } from '@playwright/test';
import { employeeType } from '../../src/features/employee/employee.schema';
import { tenderType } from '../../src/features/tender/tender.schema';
import { ADMIN, openSession } from './admin-support';
import { sidewaysOverflow } from '../support/layout';

/**
 * The back office as a clerk meets it: a session that warns before it ends and brings the clerk back with
 * the draft, tables whose actions stay in sight (cards on a phone), forms that speak in labels and take the
 * clerk to the first problem, dialogs whose title stays put, a sidebar that shows its labels whole and a
 * dashboard pie readable on a phone.
 */

/**
 * Opens a back office screen whose clock the test moves: an idle limit cannot be reached by loading pages,
 * since each load is activity that moves the session's end on.
 */
async function openIdleScreen(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
}

/**
 * The clerk sits without a request until `ms` of the five-minute idle limit are left: the screen's clock moves
 * on, and the server, asked by the screen's watch, still holds the end it rendered (nothing moved it since).
 */
async function idleUntilLeft(page: Page, ms: number): Promise<void> {
  await page.clock.fastForward(5 * 60_000 - ms);
}

test('a minute before the session ends a dialog offers Stay signed in, which starts a new full session', async ({ page }) => {
  await openSession(page);
  await openIdleScreen(page, '/editnotice');
  await idleUntilLeft(page, 45_000);
  const warning = page.getByRole('dialog', { name: 'Your session is about to end' });
  await expect(warning).toBeVisible();
  // The screen's clock back to the server's, so that the renewed session's end is read as the server means it.
  await page.clock.setSystemTime(new Date());
  const renewed = page.waitForResponse((res) => res.url().endsWith('/api/Account/renew'));
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  const answer = await renewed;
  expect(answer.status()).toBe(200);
  const { expiresAt } = (await answer.json()) as { expiresAt: string };
  expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
  await expect(warning).toBeHidden();
  // The new session works and the old one is gone: the screen keeps loading its list.
  expect((await page.request.get('/api/Admin/notice')).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Notice' })).toBeVisible();
  await expect(warning).toBeHidden();

  // Renewing needs a live session.
  await page.context().clearCookies();
  expect((await page.request.post('/api/Account/renew')).status()).toBe(401);
});

test('after the session ends mid-form, signing in again returns to the same screen and offers the draft back', async ({ page }) => {
  await openSession(page);
  await openIdleScreen(page, '/edittender');
  await idleUntilLeft(page, 8_000);
  // The warning comes first; the clerk closes it and types on.
  await page.getByRole('dialog', { name: 'Your session is about to end' }).getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('button', { name: 'Create New Tender' }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Tender number', { exact: true }).fill('NPK/DRAFT/2026/001');
  await form.getByLabel('Tender Title', { exact: true }).fill('Repair of the ward 4 culvert, kept across a sign-in');
  await expect(page).toHaveURL(/\/login\?expired=1&next=%2Fedittender$/, { timeout: 20_000 });
  // The screen's clock back to the server's for the new sign-in.
  await page.clock.setSystemTime(new Date());

  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/edittender$/);
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await expect(form.getByLabel('Tender number', { exact: true })).toHaveValue('NPK/DRAFT/2026/001');
  await expect(form.getByLabel('Tender Title', { exact: true })).toHaveValue('Repair of the ward 4 culvert, kept across a sign-in');
  // Cancelling drops the draft: it is not offered again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tender' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore draft' })).toHaveCount(0);
});

for (const width of [1280, 1024, 768]) {
  test(`at ${width}px the tender table fits its area, with its actions in sight and the rest in Details`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openSession(page);
    await page.goto('/edittender');
    const area = page.locator('.table-scroll');
    const fits = await area.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, 'the table needs no sideways scroll').toBe(true);
    const first = page.locator('.crud-table tbody tr').first();
    for (const action of ['Details', 'Edit', 'Delete']) await expect(first.getByRole('button', { name: new RegExp(`^${action} `) })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await first.getByRole('button', { name: /^Details / }).click();
    const details = page.getByRole('dialog');
    for (const label of ['Description', 'Publish Date', 'Last Date of Submission', 'Closing time', 'Document 1']) {
      await expect(details.locator('dt', { hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
    }
  });
}

test('on a 375px phone the admin rows are cards with their actions, and a long dialog keeps its title and close button in sight', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 560 });
  await openSession(page);
  await page.goto('/edittender');
  const first = page.locator('.crud-table tbody tr').first();
  expect(await first.evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await first.getByRole('button', { name: /^Edit / }).scrollIntoViewIfNeeded();
  for (const action of ['Details', 'Edit', 'Delete']) await expect(first.getByRole('button', { name: new RegExp(`^${action} `) })).toBeInViewport();

  await first.getByRole('button', { name: /^Details / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.modal-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
  await expect(dialog.locator('.modal-body dt').last()).toBeInViewport();
  await expect(dialog.locator('.modal-header h2')).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeInViewport();
});

test('the employee form speaks in labels, one message under each field, and a refused save brings the first one into view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await openSession(page);
  await page.goto('/editministerofficeremp');
  await page.getByRole('button', { name: 'Create New Employee' }).click();
  const form = page.locator('form.crud-form');
  const labels = (await form.locator('label').allInnerTexts()).map((label) => label.trim());
  for (const field of employeeType.fields) {
    expect(labels, `${field.key} has a label`).toContain(field.label);
    // A label is words for people, never a run-together wire name such as 'EmailAddres'.
    expect(field.label, field.key).not.toMatch(/[a-z][A-Z]/);
  }
  for (const field of tenderType.fields) expect(field.label, field.key).not.toMatch(/_|[a-z][A-Z]|^[A-Z ]+$/);

  await page.getByRole('button', { name: 'Create Employee', exact: true }).click();
  const name = form.getByLabel('Name', { exact: true });
  const email = form.getByLabel('Email address', { exact: true });
  // Each field names its own problem, once.
  await expect(form.getByText('Name is required.')).toHaveCount(1);
  await expect(form.getByText('Email address is required.')).toHaveCount(1);
  await expect(name).toHaveAccessibleDescription('Name is required.');
  await expect(email).toHaveAccessibleDescription('Email address is required.');
  // Focus is on the first invalid field, in view.
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();

  // Scrolled away from it, a second refused save brings it back.
  await page.getByRole('button', { name: 'Create Employee', exact: true }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: 'Create Employee', exact: true }).click();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});

test('the sidebar shows every label whole, and on a 375px phone the dashboard pie labels read at 12px', async ({ page }) => {
  await openSession(page);
  await page.goto('/editministerofficeremp');
  // Each label's text stays inside its link's padding, and breaks only where a word ends.
  const cramped = await page.locator('#admin-sidebar a').evaluateAll((links) =>
    links.flatMap((a) => {
      const range = document.createRange();
      range.selectNodeContents(a);
      const text = range.getBoundingClientRect();
      const style = getComputedStyle(a);
      const contentRight = a.getBoundingClientRect().right - parseFloat(style.paddingRight);
      const lines = Math.round(text.height / parseFloat(style.lineHeight));
      return text.right > contentRight + 0.5 || (lines > 1 && !/\s/.test(a.textContent!.trim())) ? [a.textContent] : [];
    }),
  );
  expect(cramped).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  // The pie is drawn once it comes into sight, below the figures of what waits.
  await page.locator('.dashboard-chart').scrollIntoViewIfNeeded();
  const labels = page.locator('.dashboard-chart .ct-label');
  await expect(labels.first()).toBeVisible();
  const panel = (await page.locator('.panel', { has: page.locator('.dashboard-chart') }).boundingBox())!;
  for (const label of await labels.all()) {
    const box = (await label.boundingBox())!;
    expect(box.height, 'drawn height of a label').toBeGreaterThanOrEqual(11);
    expect(box.x).toBeGreaterThanOrEqual(panel.x - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
  }
});

test('on a phone the sidebar and the staff menu close by Escape, by focus leaving and by a press elsewhere', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSession(page);
  await page.goto('/editnotice');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const sidebar = page.locator('#admin-sidebar');

  await toggle.click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('link').first().focus();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await sidebar.getByRole('link').last().focus();
  await page.keyboard.press('Tab');
  await expect(sidebar).toBeHidden();

  await toggle.click();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(sidebar).toBeHidden();

  const staff = page.locator('#admin-user-menu');
  await page.getByRole('button', { name: /Admin/ }).click();
  await expect(staff).toBeVisible();
  await staff.getByRole('link', { name: 'Profile' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(staff).toBeHidden();
});

test('at 375px no staff page scrolls sideways, and the case desk folds its filters so the first case is on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSession(page);
  for (const path of ['/staff', '/collection-register', '/trade-licence-settings', '/grievance-settings', '/cases']) {
    await page.goto(path);
    expect(await sidewaysOverflow(page), `${path} scrolls sideways by`).toBeLessThanOrEqual(0);
    if (path === '/staff') {
      // Another account's actions stay on the screen, not to the right of it.
      for (const action of [/^Disable /, /^Reset the password of /]) {
        const button = page.getByRole('button', { name: action }).first();
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
      }
    }
  }
  const first = page.locator('[data-case]').first();
  expect((await first.boundingBox())!.y, 'the first case starts on the first screen').toBeLessThan(800 - 40);
  // The filters are a tap away, and a list already filtered shows them open with the choice made.
  const search = page.getByRole('searchbox', { name: /Number or mobile/ });
  await expect(search).toBeHidden();
  await page.locator('summary', { hasText: 'Filters' }).click();
  await expect(search).toBeVisible();
  await page.goto('/cases?overdue=1');
  await expect(page.getByRole('checkbox', { name: /overdue/i })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /overdue/i })).toBeVisible();
});

test('a content save says so in a status line that needs no click, and Archive asks before it archives', async ({ page }) => {
  await openSession(page);
  await page.goto('/editpressrelease');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const title = `Ward 3 road works ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create New Press Release' }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('The road by the ward office is closed for a week.');
  await form.getByLabel('Release News Paper Name', { exact: true }).fill('Dainik Samachar');
  await form.getByLabel('Releases Page No', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Create Press Release', exact: true }).click();
  await expect(page.locator('.crud').getByRole('status').filter({ hasText: 'saved' })).toHaveText('Press release saved.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Workflow of ${title}` }).click();
  const workflow = page.getByRole('dialog', { name: `Workflow: ${title}` });
  await workflow.getByRole('button', { name: 'Archive' }).click();
  const question = page.getByRole('dialog', { name: `Archive the press release '${title}'?` });
  await expect(question).toBeVisible();
  // One click asked; nothing changed yet. Keeping it leaves the item live.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  const state = async () => ((await (await page.request.get('/api/Admin/press-release')).json()) as { title: string; lifecycle: { state: string } }[]).find((r) => r.title === title)?.lifecycle.state;
  expect(await state()).toBe('published');
  await workflow.getByRole('button', { name: 'Archive' }).click();
  await question.getByRole('button', { name: 'Archive' }).click();
  await expect(row.locator('.lifecycle-cell > [data-state]')).toHaveText('Archived');
  expect(await state()).toBe('archived');
});
