import { expect, test } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { ADMIN, openSession } from './admin-support';
import { docsScreenshot } from '../support/docs-screenshot';
import { sidewaysOverflow } from '../support/layout';

/**
 * The tax reports as staff use them: a cashier opens the defaulters of a ward from the sidebar, prints it in
 * Hindi, downloads it as CSV and the ward's demand notices as one PDF, then the year's collection against
 * demand; an admin mistypes a setting, sees the error in Hindi beside what was typed, and corrects it.
 */
const CASHIER = DEMO_ACCOUNTS[4];
const hi = messages('hi').taxReports;

test('a cashier reads the defaulters and the collection against demand, in Hindi, as CSV and as notices', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSession(page, CASHIER);
  await page.goto('/tax-defaulters');
  await page.getByLabel('Ward').selectOption('05');
  await page.getByLabel('Language').selectOption('hi');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${hi.defaultersTitle}: ${hi.wardTotal('05')}`);
  const table = page.getByTestId('defaulters-05');
  await expect(table).toContainText('W05-0001');
  await expect(table).not.toContainText('W05-0003');
  // Nothing spills sideways at 375 px: the table scrolls inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await docsScreenshot(page, 'docs/screens/tax-defaulters-375-hi.png', { fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('defaulters-csv').click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^defaulters-05-\d{4}-\d{2}-\d{2}\.csv$/);

  const notices = await page.request.get((await page.getByTestId('ward-notices').getAttribute('href'))!);
  expect(notices.headers()['content-type']).toBe('application/pdf');
  const pages = ((await notices.body()).toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  expect(pages).toBe(await table.locator('tbody tr').count());

  await page.goto('/tax-collection');
  await page.getByLabel('Period').selectOption('year');
  await page.getByRole('button', { name: 'Show' }).click();
  const collection = page.getByTestId('collection-table');
  await expect(collection.locator('tbody tr').filter({ hasText: '05' })).toHaveCount(1);
  await expect(collection.locator('tfoot')).toContainText('Total');
});

test('an admin\'s mistyped setting is refused in Hindi with what was typed kept, then saved', async ({ page }) => {
  await openSession(page, ADMIN);
  await page.goto('/property-tax-settings?lang=hi');
  const rebate = page.getByLabel(hi.settings.rebatePercent);
  const kept = await rebate.inputValue();
  await rebate.fill('5,5');
  await page.getByRole('button', { name: hi.settings.save }).click();
  await expect(page.getByRole('alert')).toHaveText(hi.settings.refused);
  await expect(page.locator('[data-field-error="rebatePercent"]')).toHaveText(hi.settings.errors.percent);
  await expect(rebate).toHaveValue('5,5');
  await expect(rebate).toHaveAttribute('aria-invalid', 'true');
  await rebate.fill(kept);
  await page.getByRole('button', { name: hi.settings.save }).click();
  await expect(page.getByRole('status')).toHaveText(hi.settings.saved);
  await expect(page).toHaveURL(/\/property-tax-settings\?saved=1&lang=hi$/);
});

test("an admin raises next year's demands only after seeing what they come to, and withdraws them, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSession(page, ADMIN);
  await page.goto('/property-register');
  const year = page.getByLabel('Raise demands for the year');
  const nextYear = (await year.locator('option').nth(1).getAttribute('value'))!;
  await year.selectOption(nextYear);
  await page.getByRole('button', { name: 'Raise…' }).click();
  const question = page.locator('[data-question="raise"]');
  await expect(question).toContainText(new RegExp(`Raise \\d+ demand lines for \\d+ properties, ₹[\\d,.]+ in all, for ${nextYear}\\?`));
  // Cancel writes nothing: asking again still has every line to raise.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await year.selectOption(nextYear);
  await page.getByRole('button', { name: 'Raise…' }).click();
  const lines = /Raise (\d+) demand lines/.exec((await question.textContent())!)![1];
  // The register (its rates table, the CSV's column line) and the question fit the phone's width.
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.getByRole('button', { name: `Yes, raise the demands for ${nextYear}` }).click();
  await expect(page.getByRole('status')).toContainText(`${lines} demand lines raised for ${nextYear}.`);

  await page.getByLabel("Withdraw a year's demands raised by mistake").selectOption(nextYear);
  await page.getByRole('button', { name: 'Withdraw…' }).click();
  await expect(page.locator('[data-question="withdraw"]')).toContainText(`Withdraw ${lines} demand lines`);
  await page.getByRole('button', { name: `Yes, withdraw the demands of ${nextYear}` }).click();
  await expect(page.getByRole('status')).toContainText(`${lines} demand lines of ${nextYear} withdrawn.`);
});
