import { expect, test } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { TRADE_LICENCE } from '../../src/features/trade-licence/trade-licence.service';
import { rupees } from '../../src/features/payments/money';
import { pdfText } from '../support/pdf-text';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { jpegFile, openSession, pdfFile } from './admin-support';
import { licenceApplication } from './licence-support';

/**
 * Where staff clicking through the back office used to reach a dead end: the counter clerk resubmitting a
 * trade licence application for its trader (the replacement files are uploaded on the case page), and the
 * counter taking a trade licence fee by the application's number, with its receipt reprinted from the day's
 * register. (A property's receipt reprinted from its ledger is in property-tax.spec.ts.)
 */
const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
const hi = messages('hi');
const w = hi.tradeLicence.panel;

test('the counter clerk uploads the trader’s replacement for a refused document and resubmits, in Hindi', async ({ page, baseURL }) => {
  const { number } = await licenceApplication(baseURL!, 'NeedsApplicant', `Devi Kirana ${Date.now() % 1_000_000}`);
  await openSession(page, account('user'));
  await page.goto(`/hi/cases/${number}`);
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText(TRADE_LICENCE.states.NeedsApplicant.hi);
  // The common step form only asked for a note; the panel asks for the file of each document refused.
  await expect(page.locator('[data-action="resubmit"]')).toHaveCount(0);
  const form = page.locator('#tl-replace');
  await expect(form.getByRole('heading', { name: w.replaceHeading })).toBeVisible();
  const premises = form.locator('input[type="file"]');
  await expect(premises).toHaveCount(1);
  await expect(premises).toHaveAttribute('name', 'doc_premises');

  // A file that is not a document is refused in the page's language, and nothing moves.
  await premises.setInputFiles({ name: 'agreement.txt', mimeType: 'text/plain', buffer: Buffer.from('not a scan') });
  await form.getByRole('button', { name: w.replaceButton }).click();
  await expect(page.locator('#tl-replace [role="alert"]')).toHaveText(w.replaceBadFile);
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText(TRADE_LICENCE.states.NeedsApplicant.hi);

  await page.locator('#tl-replace input[type="file"]').setInputFiles(pdfFile('signed-rent-agreement'));
  await page.locator('#tl-replace').getByRole('button', { name: w.replaceButton }).click();
  await expect(page.getByRole('status')).toHaveText(hi.caseDesk.done(TRADE_LICENCE.transitions.resubmit.hi));
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText(TRADE_LICENCE.states.Applied.hi);
  await expect(page.locator('#tl-replace')).toHaveCount(0);
  // The new file waits for the verifier's word, and is the clerk's to open as staff of the case.
  const row = page.locator('[data-document="premises"]');
  await expect(row).toHaveAttribute('data-verdict', 'pending');
  const file = await page.request.get((await row.getByRole('link', { name: w.open }).getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toContain('private');
  expect((await file.body()).toString()).toContain('signed-rent-agreement');
});

test('the counter takes a trade licence fee by the application number, issues the licence, and the register reprints its receipt', async ({ page, baseURL }) => {
  const { number, feePaise } = await licenceApplication(baseURL!, 'PendingPayment', `Lal Provision ${Date.now() % 1_000_000}`);
  await openSession(page, account('cashier'));
  await page.goto('/counter');
  await page.getByLabel('Property number').fill(number.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.locator('[data-application-state]')).toHaveText(TRADE_LICENCE.states.PendingPayment.en);
  await expect(page.locator('[data-total-due]')).toHaveText(rupees(feePaise));
  await page.getByLabel('Cheque', { exact: true }).check();
  await page.getByLabel(/^Scan or photo of the cheque/).setInputFiles([await jpegFile('#1e3a8a', 'cheque.jpg')]);
  // A cheque without its number and bank is refused, and the choice stays, and so does the scan chosen.
  await page.getByRole('button', { name: 'Receive and print receipt' }).click();
  await expect(page.getByRole('alert')).toContainText('Give the cheque or draft number');
  await expect(page.getByLabel('Cheque', { exact: true })).toBeChecked();
  await expect(page.locator('[data-kept-files="scan"] input[type="checkbox"]')).toBeChecked();
  await page.getByLabel('Cheque / draft number').fill('004512 State Bank');
  await page.getByRole('button', { name: 'Receive and print receipt' }).click();
  await expect(page.getByRole('status')).toContainText(`Received ₹${rupees(feePaise)}`);
  const receipt = await page.locator('[data-receipt-number]').innerText();
  expect(receipt).toMatch(/^NPK-RCT-/);
  // The scan kept from the refused sending went with the receipt: the cashier opens it, never cached.
  const scan = await page.request.get((await page.locator('[data-scan-link]').getAttribute('href'))!);
  expect(scan.status()).toBe(200);
  expect(scan.headers()['content-type']).toBe('image/jpeg');
  expect(scan.headers()['cache-control']).toBe('private, no-store');
  // Paid at the counter as online: the licence is issued in the receipt's transaction.
  await expect(page.locator('[data-application-state]')).toHaveText(TRADE_LICENCE.states.Issued.en);
  await expect(page.locator(`[data-application="${number}"]`)).toContainText('Licence NPK-TLN-');
  await expect(page.getByRole('button', { name: 'Receive and print receipt' })).toHaveCount(0);

  await page.goto('/collection-register');
  await expect(page.locator(`[data-scan="${receipt}"]`).getByRole('link', { name: 'Scan' })).toBeVisible();
  const link = page.locator(`[data-receipt-pdf="${receipt}"]`);
  await expect(link).toHaveText(receipt);
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  expect(text).toContain(receipt);
  expect(text).toContain(number);
  const hindiHref = (await link.locator('xpath=following-sibling::a[1]').getAttribute('href'))!;
  expect(hindiHref).toBe(`${await link.getAttribute('href')}?lang=hi`);
  const hindi = await page.request.get(hindiHref);
  expect(hindi.headers()['content-type']).toBe('application/pdf');
  expect(await pdfText(await hindi.body())).toContain(receipt);

  // On a phone the register's wide tables scroll inside their own boxes, which a keyboard can reach.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expectNoSeriousA11yViolations(page, '/collection-register at 375 px');
});
