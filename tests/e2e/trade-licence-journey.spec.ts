import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { messages } from '../../src/i18n/messages';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { TRADE_LICENCE } from '../../src/features/trade-licence/trade-licence.service';
import { rupees } from '../../src/features/payments/money';
import { formatLongDate } from '../../src/lib/format';
import { docsScreenshot } from '../support/docs-screenshot';
import { e2eDatabasePath, jpegFile, pdfFile, signIn } from './admin-support';

/**
 * One trade licence application followed through the real pages on a 375 px phone, in Hindi: the trader
 * works out the fee and sends the form with the checklist's documents, the verifier accepts each document
 * and verifies, the inspector forwards with a report, the approver approves, and the trader pays through the
 * gateway simulator, downloads the certificate and opens the page its QR code points to. Each person has a
 * browser context of their own (no signing out between them). Screenshots go to docs/screenshots when asked
 * for (UPDATE_SCREENSHOTS=1).
 */
const PHONE = { width: 375, height: 800 };
const SHOTS = 'docs/screenshots';
const m = messages('hi');
const t = m.tradeLicence;
const desk = m.caseDesk;
const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(PHONE.width);
}

async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });
  return context.newPage();
}

/** A member of staff signs in on a phone of their own and opens the application's Hindi case page. */
async function staffOn(browser: Browser, role: string, number: string, state: keyof typeof TRADE_LICENCE.states): Promise<Page> {
  const page = await phone(browser);
  await signIn(page, account(role));
  await page.goto(`/hi/cases/${number}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  // The (English) frame names the role signed in.
  await expect(page.locator('.admin-role')).toHaveText(role[0].toUpperCase() + role.slice(1));
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText(TRADE_LICENCE.states[state].hi);
  await noSidewaysScroll(page);
  return page;
}

/** Takes one step on the case page and checks the state it leads to. */
async function takeStep(page: Page, action: 'verify' | 'forward' | 'approve', next: keyof typeof TRADE_LICENCE.states, note = '') {
  const label = TRADE_LICENCE.transitions[action].hi;
  const form = page.locator(`[data-action="${action}"]`);
  await expect(form.getByRole('heading', { level: 2, name: label })).toBeVisible();
  // The inspector's note is the inspection report, asked for by that name.
  const noteLabel = action === 'forward' ? TRADE_LICENCE.requirements!.report.note!.hi : desk.noteField;
  if (note) await form.getByLabel(noteLabel).fill(note);
  await form.getByRole('button', { name: label }).click();
  await expect(page.getByRole('status')).toHaveText(desk.done(label));
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText(TRADE_LICENCE.states[next].hi);
  await noSidewaysScroll(page);
}

test('one trade licence from the trader’s form through each officer to the certificate and its QR page, at 375 px in Hindi', async ({ browser }) => {
  // Unique per run: the browser tests share one server, and reruns must not find an older application.
  const stamp = String(Date.now());
  const tradeName = `Gupta Kirana Bhandar ${stamp.slice(-6)}`;
  const mobile = `9${stamp.slice(-9)}`;

  // 1. The trader, without script (the form and the hand-over to the gateway work without it).
  const trader = await phone(browser, false);
  await trader.goto('/hi/tradelicense');
  await expect(trader.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await trader.locator('#fee-tradeType').selectOption('grocery');
  await trader.locator('#fee-structure').selectOption('pucca');
  await trader.locator('#fee-kind').selectOption('new');
  await trader.locator('#fee-area').fill('250');
  await trader.locator('#fee-employees').fill('10');
  await trader.getByRole('button', { name: t.feeButton }).click();
  const feeBox = trader.locator('[data-fee-paise]');
  const feePaise = Number(await feeBox.getAttribute('data-fee-paise'));
  expect(feePaise).toBeGreaterThan(0);
  await expect(feeBox).toContainText(t.feeIs(rupees(feePaise)));
  await noSidewaysScroll(trader);

  // The fee's answers carry into the form; the rest is typed.
  await expect(trader.locator('#areaSqft')).toHaveValue('250');
  await trader.locator('#tradeName').fill(tradeName);
  await trader.locator('#structureType').selectOption('immovable');
  await trader.locator('#commencementDate').fill('2024-06-01');
  await trader.locator('#tradeCategory').selectOption('Retail');
  await trader.locator('#wardId').selectOption({ index: 1 });
  await trader.locator('#doorNo').fill('12');
  await trader.locator('#road').fill('Station Road');
  await trader.locator('#locality').fill('Gandhi Nagar');
  await trader.locator('#pincode').fill('845401');
  await trader.locator('#correspondenceAddress').fill('12 Station Road, Gandhi Nagar');
  await trader.locator('#owner1_name').fill('Ramesh Gupta');
  await trader.locator('#owner1_guardianName').fill('Suresh Gupta');
  await trader.locator('#owner1_relationship').selectOption('Father');
  await trader.locator('#owner1_gender').selectOption('Male');
  await trader.locator('#owner1_dateOfBirth').fill('1980-02-29');
  await trader.locator('#owner1_mobile').fill(mobile);
  // Every document the checklist asks for, each labelled in Hindi.
  const documents = trader.locator('input[type="file"][name^="doc_"]');
  const codes = await documents.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name.slice(4)));
  expect(codes).toEqual(expect.arrayContaining(['identity', 'premises', 'photo']));
  const attach = async () => {
    for (const code of codes) {
      await trader.locator(`#doc_${code}`).setInputFiles(code === 'photo' ? await jpegFile('#92400e', 'owner.jpg') : pdfFile(`${code}-${stamp}`));
    }
  };
  await attach();
  // Sent with a PAN that is no PAN: refused, with the focus on what to correct, the title saying so, the typed
  // answers kept and each document kept by the server for the form sent again (the browser sends none back).
  await trader.locator('#owner1_pan').fill('ABC');
  await trader.getByRole('button', { name: t.apply }).click();
  await expect(trader.locator('#form-error')).toBeFocused();
  await expect(trader.locator('#form-error')).toContainText(t.refusals['Enter the PAN as on the card: five letters, four digits, a letter.']);
  expect(await trader.title()).toMatch(new RegExp(`^${m.frame.errorTitle(t.title)} \\|`));
  await expect(trader.locator('#tradeName')).toHaveValue(tradeName);
  for (const code of codes) await expect(trader.locator(`[data-kept-files="doc_${code}"] input[type="checkbox"]`)).toBeChecked();
  await trader.locator('#owner1_pan').fill('ABCDE1234F');
  await noSidewaysScroll(trader);
  await docsScreenshot(trader, `${SHOTS}/trade-licence-form-375-hi.png`, { fullPage: true });
  await trader.getByRole('button', { name: t.apply }).click();

  await expect(trader).toHaveURL(/\/hi\/tradelicense\?applied=/);
  await expect(trader.getByRole('heading', { level: 1, name: t.appliedHeading })).toBeVisible();
  await expect(trader.getByRole('status')).toContainText(t.yourNumberIs);
  await expect(trader.getByRole('status')).toContainText(t.appliedLine(rupees(feePaise)));
  const number = (await trader.locator('[data-application-number]').innerText()).trim();
  expect(number).toMatch(/^NPK-TL-/);
  await noSidewaysScroll(trader);

  // 2. The verifier accepts each document (each verdict posts and comes back to the case page), then verifies.
  const verifier = await staffOn(browser, 'verifier', number, 'Applied');
  await expect(verifier.locator('[data-facts]')).toContainText(tradeName);
  const panel = verifier.getByRole('region', { name: t.panel.heading });
  await expect(panel.locator('[data-document]')).toHaveCount(codes.length);
  for (const code of codes) {
    const item = panel.locator(`[data-document="${code}"]`);
    await expect(item).toContainText(t.panel.pending);
    await item.getByRole('button', { name: t.panel.accept, exact: true }).click();
    await expect(panel.locator(`[data-document="${code}"]`)).toHaveAttribute('data-verdict', 'accepted');
    await expect(panel.locator(`[data-document="${code}"]`)).toContainText(t.panel.accepted);
  }
  await noSidewaysScroll(verifier);
  await docsScreenshot(verifier, `${SHOTS}/trade-licence-verifier-375-hi.png`, { fullPage: true });
  await takeStep(verifier, 'verify', 'Inspection');
  await verifier.context().close();

  // 3. The inspector forwards with the inspection report, which the panel then lists.
  const report = 'Shop inspected: 250 sq ft pucca premises, fire extinguisher present, matches the application.';
  const inspector = await staffOn(browser, 'inspector', number, 'Inspection');
  await takeStep(inspector, 'forward', 'PendingApproval', report);
  await expect(inspector.getByRole('region', { name: t.panel.heading })).toContainText(report);
  await inspector.context().close();

  // 4. The approver approves: the application waits for the fee.
  const approver = await staffOn(browser, 'approver', number, 'PendingApproval');
  await takeStep(approver, 'approve', 'PendingPayment');
  await approver.context().close();

  // 5. The trader finds the application by number and mobile, and pays through the gateway simulator.
  const find = async () => {
    await trader.goto(`/hi/tradelicense/track?number=${encodeURIComponent(number)}`);
    await expect(trader.getByRole('heading', { level: 1, name: t.trackTitle })).toBeVisible();
    await expect(trader.getByLabel(t.number)).toHaveValue(number);
    await trader.getByLabel(t.mobile).fill(mobile);
    await trader.getByRole('main').getByRole('button', { name: t.find }).click();
    await expect(trader.getByRole('heading', { level: 2, name: `${number}: ${tradeName}` })).toBeVisible();
  };
  await find();
  await expect(trader.getByTestId('state')).toHaveText(TRADE_LICENCE.states.PendingPayment.hi);
  await expect(trader.getByText(t.feeIs(rupees(feePaise)))).toBeVisible();
  await noSidewaysScroll(trader);
  await trader.getByRole('button', { name: t.pay }).click();
  await trader.getByRole('button', { name: m.propertyTax.continueToGateway }).click();
  await expect(trader.getByText('Payment gateway simulator')).toBeVisible();
  await trader.getByLabel('Success').check();
  await trader.getByRole('button', { name: 'Pay' }).click();
  await trader.getByRole('button', { name: 'Return to the merchant' }).click();

  await expect(trader).toHaveURL(/\/hi\/tradelicense\/track\?txn=T/);
  await expect(trader.getByRole('status')).toContainText(t.paid);
  // The payment's page names the licence it issued and offers its certificate.
  await expect(trader.getByRole('status').getByTestId('licence-number')).toHaveText(/^NPK-TLN-/);
  await expect(trader.getByRole('status').getByRole('link', { name: t.certificate })).toHaveAttribute('href', /^\/tradelicense\/certificate\/NPK-TLN-.+\.pdf$/);
  const receipt = await trader.getByTestId('receipt-number').innerText();
  expect(receipt).toMatch(/^NPK-RCT-\d{4}-\d{2}-\d{6}$/);
  const receiptPdf = await trader.request.get((await trader.getByRole('link', { name: m.propertyTax.downloadPdf }).getAttribute('href'))!);
  expect(receiptPdf.headers()['content-type']).toBe('application/pdf');
  await noSidewaysScroll(trader);

  // Issued: the licence number, the certificate (a PDF) and the page its QR code points to.
  await find();
  await expect(trader.getByTestId('state')).toHaveText(TRADE_LICENCE.states.Issued.hi);
  const licence = await trader.getByTestId('licence-number').innerText();
  expect(licence).toMatch(/^NPK-TLN-/);
  const certificate = await trader.request.get((await trader.getByRole('link', { name: t.certificate }).getAttribute('href'))!);
  expect(certificate.status()).toBe(200);
  expect(certificate.headers()['content-type']).toBe('application/pdf');
  expect((await certificate.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await noSidewaysScroll(trader);

  await trader.getByRole('link', { name: t.verifyTitle }).click();
  await expect(trader).toHaveURL(`/hi/verify/${licence}`);
  await expect(trader.getByRole('heading', { level: 1, name: t.verifyTitle })).toBeVisible();
  const verdict = trader.locator('[data-state]');
  await expect(verdict).toHaveAttribute('data-state', 'valid');
  await expect(verdict).toContainText(t.status.valid);
  await expect(verdict).toContainText(tradeName);
  await expect(verdict).not.toContainText(mobile);
  await noSidewaysScroll(trader);
  await docsScreenshot(trader, `${SHOTS}/trade-licence-verify-375-hi.png`, { fullPage: true });
  await trader.context().close();
});

test('a refused, a cancelled and an expired licence each tell the trader why and where the licence stands, at 375 px in Hindi', async ({ browser }) => {
  // The demo's applications left Rejected (before any document was checked), Cancelled and Expired, and the
  // words the reviewer wrote for the step that closed each.
  type Closed = { number: string; data: string; mobile: string; note: string };
  const file = new Database(e2eDatabasePath(), { readonly: true });
  const closed = (state: string) => file.prepare(`
    SELECT c.number, c.data, k.mobile, (SELECT note FROM case_event e WHERE e.case_id = c.id AND e.to_state = c.state ORDER BY e.id DESC LIMIT 1) AS note
    FROM service_case c JOIN case_contact k ON k.case_id = c.id WHERE c.service = 'trade-licence' AND c.state = ? ORDER BY c.id LIMIT 1`).get(state) as Closed;
  let rejected: Closed, cancelled: Closed, expired: Closed;
  try {
    [rejected, cancelled, expired] = [closed('Rejected'), closed('Cancelled'), closed('Expired')];
  } finally {
    file.close();
  }
  expect(rejected.note).not.toBe('');
  expect(cancelled.note).not.toBe('');

  const trader = await phone(browser, false);
  const find = async (application: Closed, state: keyof typeof TRADE_LICENCE.states) => {
    await trader.goto('/hi/tradelicense/track');
    await trader.getByLabel(t.number).fill(application.number);
    await trader.getByLabel(t.mobile).fill(application.mobile);
    await trader.getByRole('main').getByRole('button', { name: t.find }).click();
    await expect(trader.getByTestId('state')).toHaveText(TRADE_LICENCE.states[state].hi);
  };

  // Refused: the reason, and each document said to be closed unchecked rather than waiting to be checked.
  await find(rejected, 'Rejected');
  await expect(trader.getByRole('term').filter({ hasText: t.reasons.Rejected })).toBeVisible();
  await expect(trader.getByTestId('reason')).toHaveText(rejected.note);
  const verdicts = trader.locator('tbody tr td:nth-child(2)');
  expect(await verdicts.count()).toBeGreaterThan(0);
  for (const verdict of await verdicts.all()) await expect(verdict).toHaveText(t.verdicts.closed);
  await expect(trader.getByTestId('validity')).toHaveCount(0);
  await noSidewaysScroll(trader);

  // Cancelled: why, and that it is no longer valid, not the dates it was issued for.
  await find(cancelled, 'Cancelled');
  await expect(trader.getByTestId('reason')).toHaveText(cancelled.note);
  await expect(trader.getByTestId('validity')).toHaveText(t.cancelledNotValid);
  await expect(trader.getByRole('term').filter({ hasText: t.standing })).toBeVisible();
  await noSidewaysScroll(trader);

  // Expired: the day it was last valid.
  await find(expired, 'Expired');
  const until = (JSON.parse(expired.data) as { validUntil: string }).validUntil;
  await expect(trader.getByTestId('validity')).toHaveText(t.expiredOn(formatLongDate(until, 'hi')));
  await expect(trader.getByTestId('reason')).toHaveCount(0);
  await trader.context().close();
});
