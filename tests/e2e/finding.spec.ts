import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { lodgeCase } from '../../src/features/cases/cases.server';
import { GRIEVANCE } from '../../src/features/grievance/grievance.service';
import { outboxIdle } from '../../src/server/outbox';
import type { Db } from '../../src/server/db';
import { asTestCouncil } from '../support/council';
import { openServerDatabase } from '../support/database';
import { docsScreenshot } from '../support/docs-screenshot';
import { sidewaysOverflow } from '../support/layout';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ADMIN, STAFF, e2eDatabasePath, openSession } from './admin-support';

/**
 * Finding things and working on many at once in the back office, as staff do it in Chromium: an admin finds a
 * property by its holder's mobile and opens its ledger; filters the audit log by who acted and between two
 * days; the desk ticks two cases, assigns them to an officer in one go and downloads the inbox as CSV; a
 * cashier opens a whole ward's demand notices by choosing the ward. Each screen is looked at on a 375 px
 * phone and at 1280 px (the tab resized, one load).
 */
const OFFICER = DEMO_ACCOUNTS[2];
const CASHIER = DEMO_ACCOUNTS[4];

async function atBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `${name} at ${width} px: no sideways scrolling`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    await docsScreenshot(page, `docs/screenshots/${name}-${width}.png`, { fullPage: true });
  }
}

let database: Db | null = null;
test.afterAll(async () => {
  await outboxIdle();
  await database?.destroy();
});

test('an admin finds a property by the holder’s mobile and opens its ledger', async ({ page }) => {
  await openSession(page, ADMIN);
  await page.goto('/property-register');
  // W05-0002's holder gives the mobile as people say it, with the country code and a space.
  await page.getByLabel("Holder's name, mobile or address").fill('+91 91234 56780');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(/\/property-register\?q=%2B91\+91234\+56780/);
  const results = page.locator('[data-search-results]');
  await expect(results.locator('tbody tr')).toHaveCount(1);
  await expect(results).toContainText('W05-0002');
  await expect(results).toContainText('9123456780');
  await expectNoSeriousA11yViolations(page, 'the register with a search’s results');
  await atBothWidths(page, 'property-search');
  await results.getByRole('link', { name: 'Ledger' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ledger: W05-0002');
});

test('an admin filters the audit log by who acted and between two days, and is told of a day that is no date', async ({ page }) => {
  // Named by the attempt, so that a retry's entries are told from the first try's.
  const run = Date.now().toString(36);
  const file = new Database(e2eDatabasePath());
  try {
    const officer = file.prepare('SELECT id FROM app_user WHERE email = ?').get(OFFICER.email) as { id: number };
    const add = file.prepare(`INSERT INTO audit_log (at, user_id, user_email, action, entity, record_id, before_json, after_json, label) VALUES (?, ?, ?, 'update', 'notice', NULL, NULL, ?, ?)`);
    for (const [label, at] of [['Before the days', '2025-02-28T18:29:00.000Z'], ['On the first day', '2025-02-28T18:30:00.000Z'], ['After the days', '2025-03-02T18:30:00.000Z']]) {
      add.run(at, officer.id, OFFICER.email, JSON.stringify({ title: `${label} ${run}` }), `${label} ${run}`);
    }
  } finally {
    file.close();
  }
  await openSession(page, ADMIN);
  await page.goto('/audit');
  await page.getByLabel('Who').selectOption({ label: `Ravi Kumar (${OFFICER.email})` });
  await page.getByLabel('From (dd/mm/yyyy)').fill('01/03/2025');
  await page.getByLabel('To (dd/mm/yyyy)').fill('02/03/2025');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/person=\d+&from=01%2F03%2F2025&to=02%2F03%2F2025/);
  const rows = page.locator('.audit-table tbody tr');
  const mine = rows.filter({ hasText: run });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`notice: On the first day ${run}`);
  await expect(mine).toContainText('1 Mar 2025, 12:00 AM');
  await atBothWidths(page, 'audit-filters');

  await page.getByLabel('To (dd/mm/yyyy)').fill('31/02/2025');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toContainText('The “to” day is not a date');
  await expect(page.getByLabel('To (dd/mm/yyyy)')).toHaveValue('31/02/2025');
  await expect(page.getByLabel('Who')).toHaveValue(/\d+/);
  await expect(rows).toHaveCount(0);
});

test('the desk ticks two cases, assigns both to an officer at once and downloads the list as CSV', async ({ page }) => {
  database ??= openServerDatabase(path.dirname(e2eDatabasePath()));
  // Mobiles of this attempt only: a retry finds its own two cases, not the first try's.
  const stem = `98${String(Date.now()).slice(-6)}`;
  const mobiles = [`${stem}01`, `${stem}02`];
  const numbers: string[] = [];
  for (const mobile of mobiles) {
    const contact = { name: 'Geeta Yadav', mobile, email: '', address: 'Lane 6, Tilak Nagar' };
    numbers.push((await asTestCouncil(() => lodgeCase(GRIEVANCE, { categoryId: 1, contact, data: { description: 'The drain near the school is blocked.' } }, {}, { party: 'user', userId: null, label: 'desk' }, database!))).number);
  }
  await openSession(page, STAFF);
  await page.goto(`/cases?q=${stem}&sort=newest`);
  await expect(page.locator('[data-case]')).toHaveCount(2);
  await page.getByLabel('Select all on this page').check();
  for (const number of numbers) await expect(page.getByLabel(`Select ${number}`)).toBeChecked();
  await expect(page.locator('[data-selected-count]')).toHaveText('2 selected');
  // Unticking one by hand unticks "all", and ticking it again ticks "all" again.
  await page.getByLabel(`Select ${numbers[0]}`).uncheck();
  await expect(page.getByLabel('Select all on this page')).not.toBeChecked();
  await page.getByLabel(`Select ${numbers[0]}`).check();
  await expect(page.getByLabel('Select all on this page')).toBeChecked();
  await page.getByLabel('To officer').selectOption({ label: 'Ravi Kumar' });
  await page.getByRole('button', { name: 'Assign selected' }).click();
  await expect(page.locator('[data-bulk-result]')).toHaveText('2 cases assigned to Ravi Kumar.');
  for (const number of numbers) await expect(page.locator(`[data-case="${number}"] [data-assignee]`)).toHaveText('Ravi Kumar');
  await expectNoSeriousA11yViolations(page, 'the inbox after assigning two cases');
  await atBothWidths(page, 'inbox-bulk-assign');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download this list (CSV)' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\n');
  expect(lines[0]).toBe('number,service,state,ward,category,citizen,mobile,lodged_ist,due_ist,overdue,officer');
  expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([...numbers].sort());
  for (const line of lines.slice(1)) expect(line.endsWith(',Ravi Kumar')).toBe(true);
});

test('a cashier opens a whole ward’s demand notices by choosing the ward', async ({ page }) => {
  await openSession(page, CASHIER);
  await page.goto('/demand-notice');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand notices');
  await atBothWidths(page, 'demand-notice-chooser');
  const chooser = page.getByRole('region', { name: "A ward's demand notices" });
  await chooser.getByLabel('Ward', { exact: true }).selectOption('05');
  await chooser.getByLabel('Language of the notices').selectOption('hi');
  const pdf = page.waitForResponse((res) => res.url().includes('/demand-notice?ward=05&lang=hi'));
  await page.getByRole('button', { name: 'Open the notices (PDF)' }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
});
