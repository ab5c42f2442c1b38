import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { e2eDatabasePath } from './admin-support';
import { sidewaysOverflow } from '../support/layout';
import { wardChoice } from '../support/ward-choice';

/**
 * Alerts for a ward on a 375 px phone with JavaScript off, in Hindi: the form from the menu's page, the
 * confirmation link read where the demo keeps the email (the outbox: no mail transport is set up), and its
 * button; then the same form sent again with other settings, which change only by the link sent for that.
 * The API tests (tests/api/ward-alerts.test.ts) cover the rules; this is the person's path.
 */
const PHONE = { width: 375, height: 800 };
const hi = messages('hi').wardAlerts;

function confirmationLinkTo(email: string): string {
  const file = new Database(e2eDatabasePath(), { readonly: true });
  try {
    const row = file.prepare('SELECT body FROM outbox_message WHERE recipient = ? ORDER BY id DESC LIMIT 1').get(email) as { body: string } | undefined;
    const link = /https?:\/\/\S+\/ward-alerts\/confirm\?token=\S+/.exec(row?.body ?? '')?.[0];
    if (!link) throw new Error(`no confirmation link to ${email}`);
    const url = new URL(link);
    return url.pathname + url.search;
  } finally {
    file.close();
  }
}

test('a phone without script subscribes by email in Hindi and confirms by the emailed link', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `ward-e2e-${Date.now()}@example.in`;
  await page.goto('/hi/ward-alerts');
  await expect(page.getByRole('heading', { level: 1, name: hi.title })).toBeVisible();

  // A wrong address comes back in Hindi with everything chosen still chosen.
  await page.locator('#ward').selectOption({ label: wardChoice('hi', 9) });
  await page.getByRole('radio', { name: hi.events.resolved, exact: true }).check();
  await page.getByRole('radio', { name: hi.frequency.daily, exact: true }).check();
  await page.locator('#email').fill('no-at-sign');
  await page.getByRole('button', { name: hi.subscribe }).click();
  await expect(page.getByRole('alert')).toContainText(hi.emailInvalid);
  await expect(page.locator('#ward')).toHaveValue(/\d+/);
  await expect(page.getByRole('radio', { name: hi.frequency.daily, exact: true })).toBeChecked();
  await expect(page.locator('#email')).toHaveValue('no-at-sign');
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);

  await page.locator('#email').fill(email);
  await page.getByRole('button', { name: hi.subscribe }).click();
  await expect(page.getByRole('status')).toContainText(hi.checkEmail(email));

  // The link shows a button; only the button confirms.
  await page.goto(confirmationLinkTo(email));
  await expect(page).toHaveURL(/\/hi\/ward-alerts\/confirm\?token=/);
  await page.getByRole('button', { name: hi.confirmButton }).click();
  await expect(page.getByRole('status')).toContainText(hi.confirmed('9'));

  // Other settings asked for the same address wait for the address's own link.
  await page.goto('/hi/ward-alerts');
  await page.locator('#ward').selectOption({ label: wardChoice('hi', 9) });
  await page.getByRole('radio', { name: hi.events.new, exact: true }).check();
  await page.getByRole('radio', { name: hi.frequency.immediate, exact: true }).check();
  await page.locator('#email').fill(email);
  await page.getByRole('button', { name: hi.subscribe }).click();
  await expect(page.getByRole('status')).toContainText(hi.checkEmail(email));
  await page.goto(confirmationLinkTo(email));
  const change = `${hi.events.new}; ${hi.frequency.immediate}; ${hi.messagesIn(hi.languages.hi)}`;
  await expect(page.getByText(hi.changeText('9', `w•••@example.in`, change))).toBeVisible();
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: hi.changeButton }).click();
  await expect(page.getByRole('status')).toContainText(hi.changed('9', change));
  await context.close();
});
