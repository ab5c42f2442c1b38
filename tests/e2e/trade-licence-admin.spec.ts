import { expect, test } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { openSession } from './admin-support';
import { docsScreenshot } from '../support/docs-screenshot';

/**
 * The trade licence's tables as an admin keeps them, in Hindi: a fee line mistyped (the error beside what was
 * typed), saved, edited and removed, the fee call following each save; then the public register on a phone in
 * Hindi, searched by ward. The line is removed at the end, so the fee table is as it was for other specs.
 */
const hi = messages('hi').tradeLicence;
const FEE = '/api/Public/trade-licence/fee?tradeType=grocery&structure=cart&kind=new&area=250&employees=0';

test('an admin adds, edits and removes a fee line in Hindi, and the fee follows at once', async ({ page }) => {
  await openSession(page);
  const areaFee = async () => ((await (await page.request.get(FEE)).json()) as { lines: { basis: string; amountPaise: number }[] }).lines.find((l) => l.basis === 'area')?.amountPaise;
  const before = await areaFee();
  await page.goto('/trade-licence-settings?lang=hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi.settings.title);
  const form = page.locator('form[data-form="fee"]');
  await form.locator('#fee-tradeType').selectOption('grocery');
  await form.locator('#fee-structure').selectOption('cart');
  await form.locator('#fee-amount').fill('चार सौ');
  await form.getByRole('button', { name: hi.settings.save }).click();
  await expect(page.locator('[data-field-error="amount"]')).toHaveText(hi.settings.errors.amount);
  await expect(page.locator('#fee-amount')).toHaveValue('चार सौ');
  await expect(page.locator('#fee-structure')).toHaveValue('cart');

  await page.locator('#fee-amount').fill('432.50');
  await page.locator('form[data-form="fee"]').getByRole('button', { name: hi.settings.save }).click();
  await expect(page.getByRole('status')).toHaveText(hi.settings.saved);
  expect(await areaFee()).toBe(43_250);
  const row = page.locator('tr[data-fee-rate]').last();
  await expect(row).toContainText('₹432.50');
  await docsScreenshot(page, 'docs/screenshots/trade-licence-fee-table-1280-hi.png', { fullPage: true });

  await row.getByRole('link', { name: hi.settings.edit }).click();
  await expect(page.locator('#fee-amount')).toHaveValue('432.50');
  await page.locator('#fee-amount').fill('500');
  await page.locator('form[data-form="fee"]').getByRole('button', { name: hi.settings.save }).click();
  await expect(page.getByRole('status')).toHaveText(hi.settings.saved);
  expect(await areaFee()).toBe(50_000);

  // Remove asks first, naming the line; one click removes nothing.
  await page.locator('tr[data-fee-rate]').last().getByRole('link', { name: hi.settings.remove }).click();
  const question = page.getByRole('region', { name: hi.settings.removeQuestion }).locator('[data-question="remove-line"]');
  await expect(question).toContainText('₹500.00');
  expect(await areaFee()).toBe(50_000);
  await question.getByRole('button', { name: hi.settings.removeConfirm }).click();
  await expect(page.getByRole('status')).toHaveText(hi.settings.removed);
  expect(await areaFee()).toBe(before);

  // An issued licence's case page in Hindi: the facts labelled from the catalogue, the fee in rupees, no data keys.
  const issued = (await (await page.request.get('/api/Staff/cases?service=trade-licence&state=Issued')).json()) as { number: string }[];
  await page.goto(`/hi/cases/${issued[0].number}`);
  const facts = page.locator('[data-facts]');
  await expect(facts.locator('[data-fact="fee"]')).toHaveText(hi.facts.fee);
  await expect(facts.locator('[data-fact="licenceNumber"]')).toHaveText(hi.facts.licenceNumber);
  await expect(facts).toContainText('₹');
  await expect(facts).not.toContainText(/Fee Paise|Ward Id|Area Sqft|Trade Name|Valid Until/);
  await expect(page.locator('#tl-panel-heading')).toHaveText(hi.panel.heading);
  await docsScreenshot(page, 'docs/screenshots/trade-licence-case-page-1280-hi.png', { fullPage: true });
});

test('the licence register on a phone in Hindi, filtered by ward', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/hi/tradelicense/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi.register.title);
  const first = page.locator('tr[data-licence]').first();
  const ward = (await first.locator('td').first().textContent())!.trim();
  await page.getByLabel(hi.register.ward).selectOption(ward);
  await page.locator('form.register-filter').getByRole('button', { name: hi.register.find }).click();
  await expect(page).toHaveURL(new RegExp(`/hi/tradelicense/register\\?q=&ward=${ward}$`));
  const rows = page.locator('tr[data-licence]');
  await expect(rows.first()).toBeVisible();
  for (const cell of await rows.locator(`td[data-label="${hi.register.columns.ward}"]`).allTextContents()) expect(cell.trim()).toBe(ward);
  const state = (await rows.first().locator(`td[data-label="${hi.register.columns.state}"]`).textContent())!.trim();
  expect(Object.values(hi.register.states)).toContain(state);
  // Nothing spills sideways at 375 px: the table's rows stack.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await docsScreenshot(page, 'docs/screenshots/trade-licence-register-375-hi.png', { fullPage: true });
});
