import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { WATER } from '../../src/features/water/water.service';
import { waterWords } from '../../src/features/water/water-words';
import { messages } from '../../src/i18n/messages';
import { e2eDatabasePath, jpegFile, pdfFile } from './admin-support';

/**
 * A citizen applies for a water connection on a 375 px phone in Hindi, without script, through to the
 * connection number: a refused form keeps the document it accepted and says what is missing in Hindi; the
 * verifier, inspector and approver take their steps by the staff API; the citizen pays through the gateway
 * simulator and reads the connection's number. Then the meter reader enters the new meter's first reading with
 * a photo on a phone-sized screen.
 */
const PHONE = { width: 375, height: 800 };
const w = waterWords('hi');
const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(PHONE.width);
}

async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled, reducedMotion: 'reduce' });
  return context.newPage();
}

async function staffStep(request: APIRequestContext, role: string, number: string, action: string, multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
  const login = await request.post('/api/Account/login', { data: { email: account(role).email, password: account(role).password } });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.post(`/api/Staff/cases/${number}/${action}`, { headers: { authorization: `Bearer ${token}` }, ...(multipart ? { multipart } : { data: {} }) });
  expect(answer.status(), `${role} takes ${action}`).toBe(200);
}

test('a citizen applies in Hindi on a phone without script, pays, and reads the connection number; the meter reader enters a reading with a photo', async ({ browser, request }) => {
  // A property of the register nobody else's test uses: the last of the demo ward.
  const db = new Database(e2eDatabasePath(), { readonly: true });
  const property = db.prepare('select number, mobile from property order by number desc limit 1').get() as { number: string; mobile: string };
  db.close();

  // 1. The citizen, without script: a form short of a document comes back in Hindi with what was typed and the file kept.
  const citizen = await phone(browser, false);
  await citizen.goto('/hi/water');
  await expect(citizen.getByRole('heading', { level: 1, name: w.pages.applyTitle })).toBeVisible();
  await noSidewaysScroll(citizen);
  await citizen.getByLabel(w.pages.propertyNumber).fill(property.number);
  await citizen.getByLabel(w.pages.mobile).fill(property.mobile);
  await citizen.getByLabel(w.pages.name).fill('सुनीता देवी');
  await citizen.getByLabel(w.pages.connectionType).selectOption('domestic');
  await citizen.getByLabel(w.pages.pipe).selectOption('15');
  await citizen.getByLabel(w.pages.billing).selectOption('metered');
  await citizen.getByLabel(w.documents.identity).setInputFiles(pdfFile('identity'));
  await citizen.getByRole('button', { name: w.pages.submit }).click();
  await expect(citizen.getByRole('alert')).toContainText(w.refusals.document);
  await expect(citizen.getByLabel(w.pages.propertyNumber)).toHaveValue(property.number);
  await expect(citizen.getByLabel(w.pages.name)).toHaveValue('सुनीता देवी');
  await expect(citizen.locator('[data-kept-files="doc_identity"] input[type=checkbox]')).toBeChecked();
  await noSidewaysScroll(citizen);
  await citizen.getByLabel(w.documents['tax-receipt']).setInputFiles(pdfFile('tax-receipt'));
  await citizen.getByRole('button', { name: w.pages.submit }).click();
  const number = (await citizen.locator('[data-water-application]').innerText()).trim();
  expect(number).toMatch(/^NPK-WA-/);
  await expect(citizen.getByRole('heading', { level: 1, name: w.pages.appliedHeading })).toBeVisible();

  // 2. The papers, the site and the sanction, by the staff API.
  await staffStep(request, 'verifier', number, 'verify');
  await staffStep(request, 'inspector', number, 'inspect', { note: 'Main line in the lane; 10 m to the house.', photos: await jpegFile('#0369a1', 'site.jpg') });
  await staffStep(request, 'approver', number, 'approve');

  // 3. The citizen finds the application, pays through the gateway, and reads the connection number.
  await citizen.getByRole('link', { name: w.pages.trackLink }).click();
  await citizen.getByLabel(w.pages.mobile).fill(property.mobile);
  await citizen.getByRole('main').getByRole('button', { name: w.pages.find }).click();
  await expect(citizen.getByTestId('state')).toHaveText(WATER.states.PendingPayment.hi);
  await noSidewaysScroll(citizen);
  await citizen.getByRole('button', { name: w.pages.payFee('2,500.00') }).click();
  await citizen.getByRole('button', { name: messages('hi').propertyTax.continueToGateway }).click();
  await expect(citizen.getByText('Payment gateway simulator')).toBeVisible();
  await citizen.getByLabel('Success').check();
  await citizen.getByRole('button', { name: 'Pay' }).click();
  await citizen.getByRole('button', { name: 'Return to the merchant' }).click();
  await expect(citizen).toHaveURL(/\/hi\/water\/track\?txn=/);
  await expect(citizen.getByRole('status')).toContainText(w.pages.paid);
  const connection = (await citizen.getByRole('status').getByTestId('connection-number').innerText()).trim();
  expect(connection).toMatch(/^NPK-WC-\d{6}$/);
  await noSidewaysScroll(citizen);
  await citizen.context().close();

  // 4. The meter reader on their phone: the first reading of the new meter, with its photo.
  const reader = await phone(browser);
  const login = await reader.request.post('/api/Account/login', { data: { email: account('inspector').email, password: account('inspector').password } });
  expect(login.status()).toBe(200);
  await reader.goto('/water/readings');
  const en = waterWords('en').pages;
  await expect(reader.getByRole('heading', { level: 1, name: en.readingsTitle })).toBeVisible();
  await reader.getByLabel(en.connectionNumber).fill(connection);
  await reader.getByLabel(en.reading).fill('7');
  await reader.getByRole('button', { name: en.saveReading }).click();
  // Without a photo the reading is refused, and the numbers typed stay.
  await expect(reader.getByRole('alert')).toContainText(waterWords('en').refusals.photo);
  await expect(reader.getByLabel(en.reading)).toHaveValue('7');
  await reader.getByLabel(en.photo).setInputFiles(await jpegFile('#334155', 'meter.jpg'));
  await reader.getByRole('button', { name: en.saveReading }).click();
  await expect(reader.locator('[data-reading-saved]')).toHaveText(en.saved(connection, '7'));
  await noSidewaysScroll(reader);
  await reader.context().close();
});
