import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF, latestSessionExpiry, setSessionExpiry, signIn } from './admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';

/**
 * Signing in and out of the back office, the guards as a browser meets them, the session running out,
 * the dashboards, and the shell on a phone.
 */

const SIDEBAR = [
  'Dashboard',
  'About', 'Slider', 'Minister/Officer/Emp.', 'Latest News', 'Tender', 'Notice', 'Circular', 'Office Order', 'Gallery', 'Video Gallery', 'Press Release', 'Review Queue', 'Alerts', 'Translations',
  'Case Inbox', 'Add/View Grievance', 'Grievance Performance', 'Feedback', 'Notifications', 'Meter Readings',
  'Tax Counter', 'Collection vs Demand', 'Tax Defaulters', 'Demand Notices', 'Property Tax', 'Collection Register', 'Payment Exceptions',
  'Council Settings', 'Staff Accounts', 'Grievance Settings', 'Property Tax Settings', 'Trade Licence Settings', 'Ward Boundaries', 'Hindi Names', 'Audit Log',
];

async function expectDashboardCounts(page: Page) {
  const panel = page.getByRole('region', { name: 'Status-wise Complaint Count' });
  await expect(panel).toBeVisible();
  // The pie is drawn once it comes into sight, below the figures of what waits.
  await panel.scrollIntoViewIfNeeded();
  const lines = await panel.getByRole('listitem').allTextContents();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/^\S[^:]*: \d+ complaint\(s\)$/);
  // The pie draws one slice per status and labels each 'status: count', matching the list.
  await expect(panel.locator('.ct-slice-pie')).toHaveCount(lines.length);
  const labels = await panel.locator('.ct-label').allTextContents();
  expect(labels.sort()).toEqual(lines.map((line) => line.replace(/ complaint\(s\)$/, '')).sort());
  const size = await panel.locator('.status-pie svg').boundingBox();
  expect(Math.round(size!.width)).toBe(400);
  expect(Math.round(size!.height)).toBe(400);
}

test('a wrong password shows the red box, and empty fields their messages', async ({ page }) => {
  await page.goto('/login');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const box = page.getByRole('alert');
  await expect(box).toHaveText('Invalid email or password');
  await expect(box).toHaveCSS('color', 'rgb(185, 28, 28)');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-in works before the page script has loaded (or without it): the form posts to the server, never in the address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login?next=/editnotice');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  expect(page.url()).not.toContain('password');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/editnotice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notice' })).toBeVisible();
  await context.close();
});

test('an admin signs in to the dashboard: shell, sidebar in order, pie and counts', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Nagar Parishad Kamalpur');
  await expect(page.getByRole('button', { name: 'Admin' })).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Back office' }).getByRole('link');
  await expect(links).toHaveText(SIDEBAR);
  await expect(page.locator('#admin-sidebar a[aria-current="page"]')).toHaveText('Dashboard');
  // The public header and footer are not part of the back office.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectDashboardCounts(page);

  // A signed-in visitor who opens /login is taken to their dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user signs in to the user dashboard and cannot open admin screens', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText(['Dashboard', 'Case Inbox', 'Add/View Grievance', 'Grievance Performance']);
  await expectDashboardCounts(page);
  for (const path of ['/audit', '/editnotice', '/edittender']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('a guarded screen asks for sign-in and returns to it; an outside ?next= is ignored', async ({ page }) => {
  await page.goto('/editnotice');
  await expect(page).toHaveURL(/\/login\?next=%2Feditnotice$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/editnotice$/);
  await page.context().clearCookies();

  await signIn(page, ADMIN, '/login?next=//evil.example/steal');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('Logout in the staff menu ends the session and goes to /login', async ({ page }) => {
  await signIn(page);
  await page.goto('/editgallery');
  await page.getByRole('button', { name: 'Admin' }).click();
  const menu = page.locator('#admin-user-menu');
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test('a session that ran out on the server sends the next page to /login', async ({ page }) => {
  await signIn(page);
  setSessionExpiry(new Date(Date.now() - 1000));
  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test('a member of staff moving between screens stays signed in; five idle minutes sign them out', async ({ page }) => {
  await signIn(page);
  for (const screen of ['/counter', '/collection-register', '/tax-defaulters', '/counter', '/property-register', '/tax-collection', '/counter', '/dashboard', '/audit', '/counter']) {
    // Four and a half minutes since the last screen: half a minute of the idle limit left, and each screen is activity.
    setSessionExpiry(new Date(Date.now() + 30_000));
    await page.goto(screen);
    await expect(page, screen).toHaveURL(new RegExp(`${screen}$`));
    // The screen moved the idle end five minutes on: ten such steps are fifty minutes of work, signed in throughout.
    expect(latestSessionExpiry().getTime() - Date.now(), screen).toBeGreaterThan(4.5 * 60_000);
  }
  setSessionExpiry(new Date(Date.now() - 1000));
  await page.goto('/counter');
  await expect(page).toHaveURL(/\/login\?next=%2Fcounter$/);
});

test('an open screen logs out by itself when the session expires', async ({ page }) => {
  await signIn(page);
  await page.goto('/editnotice');
  // The page renders the expiry the server holds; a few seconds ahead (the absolute end, which loading the page
  // does not move), the watch must act on its own.
  setSessionExpiry(new Date(Date.now() + 4000), { absolute: true });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Notice' })).toBeVisible();
  // The sign-in page is asked to bring the clerk back to the same screen.
  await expect(page).toHaveURL(/\/login\?expired=1&next=%2Feditnotice$/, { timeout: 15_000 });
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await page.goto('/editnotice');
  await expect(page).toHaveURL(/\/login\?next=/);
});

test('on a 375px phone the sidebar starts folded and the toggle opens it, by mouse or keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const sidebar = page.getByRole('navigation', { name: 'Back office' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar).toBeVisible();
  await toggle.press('Enter');
  await expect(sidebar).toBeHidden();
  await toggle.press('Space');
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('link', { name: 'Tender' }).click();
  await expect(page).toHaveURL(/\/edittender$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tender' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  // No part of the screen is wider than the phone: the tender list turns into cards.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('at 1280px the sidebar is always there and the toggle is not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  const box = await page.locator('#admin-sidebar').boundingBox();
  expect(Math.round(box!.width)).toBe(200);
});

test('the account page changes the password, ends other sessions and keeps this one', async ({ page, browser }) => {
  const temporary = 'staff-changed-2026';
  await signIn(page, STAFF);
  const other = await browser.newPage();
  await signIn(other, STAFF);
  let changed = false;
  try {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'User' }).click();
    await page.locator('#admin-user-menu').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/account#change-password$/);
    // Typing into the form while React takes it over could lose the keystrokes (seen on a busy machine: the
    // last field's value was gone): wait until it has.
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(STAFF.email);
    await page.getByLabel('Current password').fill('wrong-password');
    await page.getByLabel('New password (at least 8 characters)').fill(temporary);
    await page.getByLabel('New password again').fill(temporary);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('The current password is not right.');
    await page.keyboard.press('Escape');

    await page.getByLabel('Current password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Password changed.');
    changed = true;
    await page.keyboard.press('Escape');
    // This browser stays signed in; the other one is signed out.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await other.goto('/dashboard');
    await expect(other).toHaveURL(/\/login/);
    await signIn(other, { email: STAFF.email, password: temporary });
    await expect(other).toHaveURL(/\/dashboard$/);
  } finally {
    // Put the demo password back for the tests that follow.
    if (changed) {
      const res = await page.request.post('/api/Account/change-password', {
        data: { currentPassword: temporary, newPassword: STAFF.password },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(res.status()).toBe(200);
    }
    await other.close();
  }
});

test('the sign-in page is a whole, accessible page at 375 and 1280px', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect((await page.goto('/login'))?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways scrolling').toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, `/login at ${width}px`);
  }
});
