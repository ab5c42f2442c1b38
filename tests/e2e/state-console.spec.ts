import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { pdfText } from '../support/pdf-text';
import { DEMO_STATE_ADMIN } from '../../src/server/councils/setup';
import { financialYearOf } from '../../src/features/property-tax/tax-arithmetic';
import { indianDate } from '../../src/lib/india-time';
import { BRAND_PALETTE } from '../../src/lib/brand-palette';

/**
 * The state console on a phone, in Hindi: a state administrator adds a council by clicking; its first admin
 * signs in on the council's own host and gives it its name, logo and colour at Council Settings; the public
 * header, the tab's icon and a receipt of that council then carry them. Every *.localhost host reaches this
 * machine in Chromium, so each council is visited at its own host name, as a browser would.
 */
const STATE_HOST = 'state.localhost';
const HOST = 'hardoi.localhost';
const ADMIN = { email: 'admin@hardoi.example', password: 'hardoi-first-admin' };
const run = promisify(execFile);

let server: TestServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ STATE_HOST });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The images a PDF holds, as poppler lists them. */
async function imagesIn(pdf: Uint8Array): Promise<number> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'receipt-pdf-'));
  try {
    await writeFile(path.join(folder, 'receipt.pdf'), pdf);
    const { stdout } = await run('pdfimages', ['-list', path.join(folder, 'receipt.pdf')]);
    return stdout.trim().split('\n').length - 2;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

test('a state administrator adds a council in Hindi on a phone; its admin names it, gives it a logo and a colour, and its header, icon and receipts show them', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const port = new URL(server.url).port;
  const at = (host: string, target: string) => `http://${host}:${port}${target}`;

  // The state's own sign-in, in Hindi.
  await page.goto(at(STATE_HOST, '/hi/'));
  await expect(page).toHaveURL(/\/hi\/login\?next=/);
  await page.getByLabel('ईमेल').fill(DEMO_STATE_ADMIN.email);
  await page.getByLabel('पासवर्ड').fill(DEMO_STATE_ADMIN.password);
  await page.getByRole('button', { name: 'साइन इन करें' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'नगर निकाय' })).toBeVisible();

  // A council added by clicking: a mistake first, said in Hindi, with what was typed kept.
  await page.getByRole('navigation').getByRole('link', { name: 'नगर निकाय जोड़ें' }).click();
  await page.getByLabel('अंग्रेज़ी में नाम').fill('Nagar Palika Hardoi');
  await page.getByLabel('हिन्दी में नाम').fill('नगर पालिका हरदोई');
  await page.getByLabel(/संक्षिप्त नाम/).fill('NPH');
  await page.getByLabel(/होस्ट नाम/).fill(HOST);
  await page.getByLabel('पहले एडमिन का ईमेल').fill(ADMIN.email);
  await page.getByLabel(/पहले एडमिन का पासवर्ड/).fill('short');
  await page.locator('form[data-form="new-council"]').getByRole('button', { name: 'नगर निकाय जोड़ें' }).click();
  await expect(page.locator('[data-field-error="adminPassword"]')).toHaveText('कम से कम 12 अक्षर।');
  await expect(page.getByLabel('हिन्दी में नाम')).toHaveValue('नगर पालिका हरदोई');
  await expect(page.getByLabel(/होस्ट नाम/)).toHaveValue(HOST);
  await page.getByLabel(/पहले एडमिन का पासवर्ड/).fill(ADMIN.password);
  await page.locator('form[data-form="new-council"]').getByRole('button', { name: 'नगर निकाय जोड़ें' }).click();
  await expect(page.getByRole('status')).toHaveText('Nagar Palika Hardoi जोड़ा गया और चालू है।');
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Its admin, on the council's own host, signs in and sets its name, logo and colour.
  await page.goto(at(HOST, '/login'));
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(at(HOST, '/council-settings?lang=hi'));
  const logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#8a1c2b' } }).png().toBuffer();
  await page.locator('#f-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.locator('form[data-form="logo"] button[type="submit"]').click();
  await expect(page.locator('[data-council-logo]')).toBeVisible();
  await page.locator('#f-name-en').fill('Nagar Palika Parishad Hardoi');
  await page.locator('#f-name-hi').fill('नगर पालिका परिषद हरदोई');
  await page.locator('input[name="colour"][value="maroon"]').check();
  await page.locator('form[data-form="identity"] button[type="submit"]').click();
  await expect(page.locator('.flash')).toBeVisible();

  // The public header in Hindi, as a visitor sees it (signed-in staff get the site without it): the names, the
  // logo, the colour; the tab's icon is the logo.
  const visitor = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await visitor.goto(at(HOST, '/hi'));
  const logoUrl = await visitor.locator('.site-header .council-logo').getAttribute('src');
  expect(logoUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  await expect(visitor.locator('.site-header .brand-name')).toHaveText('नगर पालिका परिषद हरदोई');
  await expect(visitor.locator('.site-header .brand-hindi')).toHaveText('Nagar Palika Parishad Hardoi');
  await expect(visitor.locator('link[rel="icon"]')).toHaveAttribute('href', logoUrl!);
  const primary = await visitor.evaluate(() => getComputedStyle(document.body).getPropertyValue('--c-primary').trim());
  expect(primary.toLowerCase()).toBe(BRAND_PALETTE.maroon.primary);
  // The logo was loaded and drawn.
  expect(await visitor.locator('.site-header .council-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await visitor.close();

  // The state's list follows the council's own names.
  await page.goto(at(STATE_HOST, '/hi/'));
  await expect(page.locator('tr[data-council="hardoi"] [data-council-name]')).toHaveText('Nagar Palika Parishad Hardoi');

  // A receipt of this council: a ward and a property of its own (the ward written behind the server's back, as
  // a new council has none and adding wards has no screen), rates, this year's demand, and cash at the counter,
  // each through the council admin's own calls, signed in as above.
  const file = new Database(path.join(server.dataDir, 'councils', 'hardoi', 'council.sqlite'));
  try {
    file.prepare("INSERT INTO ward (ward_number, localities_en, localities_hi) VALUES ('1', '', '')").run();
  } finally {
    file.close();
  }
  // Node's requests do not resolve *.localhost as Chromium does: they go to the server's address, naming the
  // council's host and carrying the admin's session cookie from the browser.
  const cookie = (await page.context().cookies(at(HOST, '/'))).map((c) => `${c.name}=${c.value}`).join('; ');
  const call = (method: 'GET' | 'POST', target: string, body?: { form?: Record<string, string>; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> }) =>
    page.request.fetch(`${server.url}${target}`, { method, headers: { host: `${HOST}:${port}`, cookie }, maxRedirects: 0, ...body });
  const csv = 'number,ward,holder_name,mobile,address,usage,area_sqft,floors\nW01-0001,1,Asha Devi,9812345670,Station Road,residential,1000,1\n';
  expect((await call('POST', '/property-register', { multipart: { action: 'import', file: { name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } })).status()).toBe(200);
  expect((await call('POST', '/property-register', { form: { action: 'rates', 'rate:holding:residential': '150' } })).status()).toBe(200);
  expect((await call('POST', '/property-register', { form: { action: 'raise-confirm', fy: financialYearOf(indianDate(Date.now())) } })).status()).toBe(200);
  const paid = await call('POST', '/counter', { form: { action: 'collect', number: 'W01-0001', mode: 'cash', instrument: '', amount: '' } });
  expect(paid.status()).toBe(303);
  const counter = await (await call('GET', paid.headers().location)).text();
  const receiptUrl = /href="(\/receipt\/[^"]+\.pdf)"/.exec(counter)?.[1];
  expect(receiptUrl).toBeTruthy();
  const pdf = new Uint8Array(await (await call('GET', receiptUrl!)).body());
  const text = await pdfText(pdf);
  expect(text).toContain('Nagar Palika Parishad Hardoi');
  expect(text).toMatch(/NPH-RCT-/);
  expect(await imagesIn(pdf)).toBeGreaterThan(0);
});
