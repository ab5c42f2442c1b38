import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { signIn } from './admin-support';
import { docsScreenshot } from '../support/docs-screenshot';
import { sidewaysOverflow } from '../support/layout';
import { pdfText } from '../support/pdf-text';

/**
 * A citizen on a 375 px phone with JavaScript off, in each language: finds their property by number and
 * mobile, reads the demand head by head, pays the whole through the simulator (choosing success on its page),
 * comes back to the receipt, and opens /verify from it. A cashier takes cash at the counter and prints the
 * receipt. Screenshots go to docs/screenshots when asked for (tests/support/docs-screenshot.ts).
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 375, height: 800 };
const CASHIER = DEMO_ACCOUNTS[4];
/** Demo properties with dues (db/seed/property-tax.ts): part paid in English, this year unpaid in Hindi. */
const PAYERS = { en: { number: 'W05-0002', mobile: '9123456780' }, hi: { number: 'W05-0004', mobile: '9876510111' } } as const;

async function noSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'hi'] as const) {
  test(`a citizen views and pays property tax on a 375 px phone without JavaScript (${lang})`, async ({ browser }) => {
    const t = messages(lang).propertyTax;
    const prefix = lang === 'hi' ? '/hi' : '';
    const payer = PAYERS[lang];
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${prefix}/viewpropertytax`);
    await expect(page.getByRole('heading', { level: 1, name: t.viewTitle })).toBeVisible();
    // A wrong mobile gets the one refusal, in the page's language, with what was typed kept.
    await page.getByLabel(t.propertyNumber).fill(payer.number);
    await page.getByLabel(t.mobile).fill('9000000000');
    await page.getByRole('button', { name: t.show }).click();
    await expect(page.getByRole('alert')).toContainText(t.notFound);
    await expect(page.getByLabel(t.propertyNumber)).toHaveValue(payer.number);
    await page.getByLabel(t.mobile).fill(payer.mobile);
    await page.getByRole('button', { name: t.show }).click();

    const table = page.getByTestId('demand-table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: t.penalty })).toBeVisible();
    const total = (await page.getByTestId('total-due').innerText()).replace(/[₹,\s]/g, '');
    expect(Number(total)).toBeGreaterThan(0);
    await noSidewaysScroll(page);
    await docsScreenshot(page, `docs/screenshots/property-tax-demand-375-${lang}.png`, { fullPage: true });

    // Pay the whole: our page hands over to the gateway with a form (its button, as JavaScript is off).
    await page.getByRole('button', { name: t.payWhole(total.replace(/\B(?=(\d{2})*\d{3}\.)/g, ',').replace(/^,/, '')) }).or(page.locator('button[name="whole"]')).first().click();
    await page.getByRole('button', { name: t.continueToGateway }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pay');
    await expect(page.getByText('Payment gateway simulator')).toBeVisible();
    await noSidewaysScroll(page);
    if (lang === 'en') await docsScreenshot(page, 'docs/screenshots/gateway-simulator-375.png', { fullPage: true });
    await page.getByLabel('Success').check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'Return to the merchant' }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/paypropertytax\\?txn=T`));
    await expect(page.getByRole('status')).toContainText(t.success);
    const receipt = await page.getByTestId('receipt-number').innerText();
    expect(receipt).toMatch(/^NPK-RCT-\d{4}-\d{2}-\d{6}$/);
    await noSidewaysScroll(page);
    await docsScreenshot(page, `docs/screenshots/property-tax-receipt-375-${lang}.png`, { fullPage: true });
    const pdf = await page.request.get(await page.getByRole('link', { name: t.downloadPdf }).getAttribute('href') as string);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await page.getByRole('link', { name: t.verifyTitle }).click();
    await expect(page).toHaveURL(`${prefix}/verify/${receipt}`);
    await expect(page.getByText(t.verifyValid)).toBeVisible();
    await expect(page.getByText(payer.mobile)).toHaveCount(0);
    await noSidewaysScroll(page);
    await docsScreenshot(page, `docs/screenshots/verify-375-${lang}.png`, { fullPage: true });

    // Back on the demand: nothing is due, and the receipt is listed.
    await page.goto(`${prefix}/viewpropertytax`);
    await page.getByLabel(t.propertyNumber).fill(payer.number);
    await page.getByLabel(t.mobile).fill(payer.mobile);
    await page.getByRole('button', { name: t.show }).click();
    await expect(page.getByText(t.nothingDue)).toBeVisible();
    await expect(page.getByTestId('receipts-table')).toContainText(receipt);
    await context.close();
  });
}

test('the demand and /verify pass axe in both languages', async ({ page }) => {
  for (const lang of ['en', 'hi'] as const) {
    const t = messages(lang).propertyTax;
    const prefix = lang === 'hi' ? '/hi' : '';
    await page.goto(`${prefix}/viewpropertytax`);
    // Paid in full (db/seed/property-tax.ts): nothing due, receipts listed.
    await page.getByLabel(t.propertyNumber).fill('W05-0003');
    await page.getByLabel(t.mobile).fill('9988776655');
    await page.getByRole('button', { name: t.show }).click();
    await expect(page.getByText(t.nothingDue)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const first = await page.getByTestId('receipts-table').getByRole('link').first().getAttribute('href');
    await page.goto(first!);
    await expect(page.getByText(t.verifyValid)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('a cashier takes cash at the counter and prints the receipt', async ({ page }) => {
  await signIn(page, CASHIER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tax Counter' }).click();
  await expect(page).toHaveURL(/\/counter$/);
  await page.getByLabel('Property number').fill('W05-0009');
  await page.getByRole('button', { name: 'Find' }).click();
  const total = await page.locator('[data-total-due]').innerText();
  await page.getByLabel('Cash').check();
  await page.getByRole('button', { name: 'Receive and print receipt' }).click();
  await expect(page.getByRole('status')).toContainText(`Received ₹${total}`);
  const number = await page.locator('[data-receipt-number]').innerText();
  expect(number).toMatch(/^NPK-RCT-/);
  await expect(page.getByText('Nothing is due.')).toBeVisible();
  const pdf = await page.request.get((await page.getByRole('link', { name: 'Print the receipt (PDF)' }).getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await docsScreenshot(page, 'docs/screenshots/counter-1280.png', { fullPage: true });
  await page.goto('/collection-register');
  await expect(page.getByTestId('register-totals')).toContainText(CASHIER.email);
  // Reprinted later from the property's ledger: the receipt's number opens its PDF, in English or in Hindi.
  await page.goto('/property-ledger/W05-0009');
  const link = page.locator(`[data-receipt-pdf="${number}"]`).first();
  await expect(link).toHaveText(number);
  const reprint = await page.request.get((await link.getAttribute('href'))!);
  expect(reprint.headers()['content-type']).toBe('application/pdf');
  expect(await pdfText(await reprint.body())).toContain(number);
  const hindi = await page.request.get((await link.locator('xpath=following-sibling::a[1]').getAttribute('href'))!);
  expect(hindi.url()).toMatch(/\?lang=hi$/);
  expect(await pdfText(await hindi.body())).toContain(number);
});
