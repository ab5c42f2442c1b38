import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectOnlyTheMenuScript } from '../support/page-scripts';
import { indianInputTime } from '../../src/lib/india-time';
import { ADMIN, openSession } from './admin-support';

/**
 * Alert banners: an admin writes one on the Alerts screen; every public page shows it above the header; a
 * visitor dismisses it for good (across pages and reloads) with the header's one script, while a new alert
 * shows again; without script it simply stays; it reads well in high contrast.
 */
const stamp = Date.now().toString(36);
const window = () => ({ startsAt: indianInputTime(Date.now() - 60 * 60_000), endsAt: indianInputTime(Date.now() + 2 * 60 * 60_000) });

async function adminRequest(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const context = await playwright.request.newContext({ baseURL });
  const login = await context.post('/api/Account/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status()).toBe(200);
  return context;
}

function banner(page: Page, text: string) {
  return page.getByRole('region', { name: /^Site alert:/ }).filter({ hasText: text });
}

test('an admin creates an alert on the Alerts screen, with the form checking it first', async ({ page }) => {
  await openSession(page);
  await page.goto('/alerts');
  await expect(page.getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Create New Alert' }).click();
  const form = page.locator('form.crud-form');
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(form.getByText('The English text is required.')).toBeVisible();
  await expect(form.getByLabel('Text in English')).toBeFocused();

  const { startsAt, endsAt } = window();
  await form.getByLabel('Level').selectOption('warning');
  await form.getByLabel('Text in English').fill(`Screen alert ${stamp}: water supply stops at noon.`);
  await form.getByLabel('Text in Hindi (optional)').fill('दोपहर में जल आपूर्ति बंद रहेगी।');
  await form.getByLabel('Link (optional)').fill('javascript:alert(1)');
  await form.getByLabel('Shows from (Indian time)').fill(startsAt);
  await form.getByLabel('Shows until (Indian time)').fill(endsAt);
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(form.getByText(/The link must be a page of this site/)).toBeVisible();
  await form.getByLabel('Link (optional)').fill('/notice');
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'Close' }).last().click();
  const row = page.locator('.crud-table tbody tr').filter({ hasText: `Screen alert ${stamp}` });
  await expect(row).toContainText('Showing now');
  await expect(row).toContainText('Warning');
  await expectNoSeriousA11yViolations(page, 'alerts screen');

  // Editing it changes the banner; deleting asks first.
  await row.getByRole('button', { name: /^Edit alert/ }).click();
  await form.getByLabel('Level').selectOption('danger');
  await form.getByRole('button', { name: 'Update Alert' }).click();
  await page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'Close' }).last().click();
  await expect(row).toContainText('Urgent');

  await page.context().clearCookies();
  await page.goto('/notice');
  const shown = banner(page, `Screen alert ${stamp}`);
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAccessibleName('Site alert: Urgent');
  await expect(shown.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/notice');
  // It sits above the header.
  const alertBox = (await shown.boundingBox())!;
  const headerBox = (await page.locator('header.site-header').boundingBox())!;
  expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(headerBox.y + 1);

  await openSession(page);
  await page.goto('/alerts');
  await page.locator('.crud-table tbody tr').filter({ hasText: `Screen alert ${stamp}` }).getByRole('button', { name: /^Delete alert/ }).click();
  await page.getByRole('dialog', { name: `Delete the alert 'Screen alert ${stamp}: water supply stops at noon.'?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.crud-table tbody tr').filter({ hasText: `Screen alert ${stamp}` })).toHaveCount(0);
});

test('a visitor dismisses an alert for good with the header script alone; a new alert shows again', async ({ page, playwright, baseURL }) => {
  const admin = await adminRequest(playwright, baseURL!);
  const first = await admin.post('/api/Admin/alerts', { data: { level: 'info', textEn: `First alert ${stamp}`, ...window() } });
  expect(first.status()).toBe(201);

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/about');
  const shown = banner(page, `First alert ${stamp}`);
  await expect(shown).toBeVisible();
  await expectOnlyTheMenuScript(page, scripts);
  await shown.getByRole('button', { name: 'Dismiss this alert' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  await expect(banner(page, `First alert ${stamp}`)).toHaveCount(0);
  await page.goto('/notice');
  await expect(banner(page, `First alert ${stamp}`)).toHaveCount(0);

  const second = await admin.post('/api/Admin/alerts', { data: { level: 'warning', textEn: `Second alert ${stamp}`, ...window() } });
  expect(second.status()).toBe(201);
  await page.reload();
  await expect(banner(page, `Second alert ${stamp}`)).toBeVisible();
  await expect(banner(page, `First alert ${stamp}`)).toHaveCount(0);

  for (const created of [first, second]) await admin.delete(`/api/Admin/alerts/${((await created.json()) as { id: number }).id}`);
  await admin.dispose();
});

test('without script the alert stays and offers no dead button; in high contrast it stays readable', async ({ browser, playwright, baseURL }) => {
  const admin = await adminRequest(playwright, baseURL!);
  const created = await admin.post('/api/Admin/alerts', { data: { level: 'danger', textEn: `Static alert ${stamp}`, link: '/contactus', ...window() } });
  const { id } = (await created.json()) as { id: number };

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto('/');
  const shown = banner(page, `Static alert ${stamp}`);
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Dismiss this alert' })).toBeHidden();
  await noScript.close();

  for (const [width, contrast] of [[375, false], [375, true], [768, false], [1024, false], [1280, false]] as const) {
    const context = await browser.newContext();
    if (contrast) await context.addCookies([{ name: 'display', value: 'normal.contrast', url: baseURL! }]);
    const visitor = await context.newPage();
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.goto('/notice');
    await expect(banner(visitor, `Static alert ${stamp}`)).toBeVisible();
    if (contrast) await expect(visitor.locator('html')).toHaveClass(/high-contrast/);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The dismiss button stays in the window, beside the text.
    await expect(banner(visitor, `Static alert ${stamp}`).getByRole('button', { name: 'Dismiss this alert' })).toBeInViewport();
    if (width === 375) await expectNoSeriousA11yViolations(visitor, `/notice with an alert${contrast ? ', high contrast' : ''}`);
    await context.close();
  }
  await admin.delete(`/api/Admin/alerts/${id}`);
  await admin.dispose();
});
