import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { ADMIN, openSession, signIn } from './admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';

/**
 * The staff dashboard and the grouped sidebar as staff use them: an admin at a desk and a cashier on a phone
 * land on their dashboard, press a figure and reach the list filtered to exactly those items; the sidebar's
 * areas hold the pages that once needed typed addresses, and it opens on a phone with and without script.
 */
const CASHIER = DEMO_ACCOUNTS[4];
const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

test('an admin at a desk goes from a dashboard figure to the filtered inbox, and through every new sidebar entry', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const sidebar = sidebarOf(page);
  for (const area of ['Content', 'Citizen services', 'Revenue', 'Settings']) await expect(sidebar.getByRole('heading', { name: area })).toBeVisible();
  await expect(sidebar.getByRole('list', { name: 'Revenue' }).getByRole('link')).toHaveText([
    'Tax Counter', 'Collection vs Demand', 'Tax Defaulters', 'Demand Notices', 'Property Tax', 'Collection Register', 'Payment Exceptions',
  ]);
  await expectNoSeriousA11yViolations(page, '/dashboard at 1280px');

  // The grievances waiting to be assigned: the figure leads to exactly that many cases.
  const lodged = page.getByRole('table', { name: 'Grievance' }).getByRole('link', { name: /^Lodged: \d+ cases? waiting$/ });
  const figure = Number(await lodged.innerText());
  await lodged.click();
  await expect(page).toHaveURL(/\/cases\?service=grievance&state=Lodged$/);
  await expect(page.locator('[data-case-count]')).toHaveAttribute('data-case-count', String(figure));
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveText('Case Inbox');

  // Each page that had no way in is one press away, and the sidebar marks it.
  for (const [label, path] of [
    ['Tax Counter', '/counter'], ['Collection Register', '/collection-register'], ['Collection vs Demand', '/tax-collection'],
    ['Tax Defaulters', '/tax-defaulters'], ['Demand Notices', '/demand-notice'], ['Grievance Performance', '/grievance-performance'], ['Case Inbox', '/cases'],
  ]) {
    await sidebar.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A public page (grievance performance) has the public frame, not the sidebar; the staff pages mark their entry.
    if (path !== '/grievance-performance') await expect(sidebar.locator('a[aria-current="page"]')).toHaveText(label);
    else await page.goBack();
  }
});

test('a cashier on a phone opens the sidebar to its one area, and goes from today\'s collection to the day\'s register', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, CASHIER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cashier Dashboard' })).toBeVisible();
  // Nothing of cases, reviews or messages: only what waits at the counter.
  await expect(page.locator('.dashboard-cases, .review-count, .failed-messages, .refund-count')).toHaveCount(0);

  const sidebar = sidebarOf(page);
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Revenue' })).toBeVisible();
  await expect(sidebar.getByRole('heading')).toHaveText(['Revenue']);
  await expectNoSeriousA11yViolations(page, '/dashboard at 375px, the sidebar open');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar).toBeHidden();

  const today = page.getByRole('link', { name: /collected today/ });
  const rupees = (await today.locator('strong').innerText()).replace('₹ ', '');
  await today.click();
  await expect(page).toHaveURL(/\/collection-register\?date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Collection register, / })).toBeVisible();
  await expect(page.locator('td.total')).toHaveText(rupees);
  await page.getByRole('button', { name: 'Menu' }).click();
  await sidebar.getByRole('link', { name: 'Demand Notices' }).click();
  await expect(page).toHaveURL(/\/demand-notice$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('without script, the phone\'s menu link opens the sidebar', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await openSession(page, ADMIN);
  await page.goto('/dashboard');
  const sidebar = sidebarOf(page);
  await expect(sidebar).toBeHidden();
  await page.getByRole('link', { name: 'Menu' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Citizen services' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Case Inbox' }).click();
  await expect(page).toHaveURL(/\/cases$/);
  await context.close();
});
