import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatWhen } from '../../src/lib/format';
import { messages } from '../../src/i18n/messages';
import { e2eDatabasePath } from './admin-support';
import { sidewaysOverflow } from '../support/layout';

/**
 * Similar reports on the grievance form at a phone's width. Without script, a sent form that has an open
 * grievance like it comes back with the list, everything typed kept, and lodges once "none of these" is
 * ticked; with script, the list appears as the place is chosen and "me too" counts the citizen (in Hindi), whose
 * mobile hears of the grievance only once they press the button of the link sent to it (read where the demo
 * keeps messages: the outbox). Landmarks are words of this run's own, so the demo data never answers.
 * Screenshots go to SHOTS_DIR when set.
 */
const SHOTS = process.env.SHOTS_DIR;
const word = () => `Xylo${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const hi = messages('hi').grievance.meToo;

/** The confirmation link in the newest message to a mobile, as a path on this site. */
function confirmationLinkTo(mobile: string): string {
  const file = new Database(e2eDatabasePath(), { readonly: true });
  try {
    const row = file.prepare('SELECT body FROM outbox_message WHERE recipient = ? ORDER BY id DESC LIMIT 1').get(mobile) as { body: string } | undefined;
    const link = /https?:\/\/\S+\/metoo\/confirm\?token=\S+/.exec(row?.body ?? '')?.[0];
    if (!link) throw new Error(`no confirmation link to ${mobile}`);
    const url = new URL(link);
    return url.pathname + url.search;
  } finally {
    file.close();
  }
}

/** Lodges an open grievance of the form's first category in ward 3, by the form itself, ticking "none of these". */
async function lodgeOriginal(page: Page, request: APIRequestContext, landmark: string): Promise<string> {
  const category = (await page.locator('#category option').nth(1).getAttribute('value')) as string;
  const ward = (await page.locator('#ward option', { hasText: /^(Ward|वार्ड) 3( — .*)?$/ }).getAttribute('value')) as string;
  const res = await request.post('/postgrievance', {
    multipart: { category, ward, address: 'Well lane', landmark, description: 'The well cover is broken.', name: 'Ram Prasad', mobile: `98${String(Date.now()).slice(-8)}`, lodge_anyway: '1' },
  });
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(await res.text())?.[1];
  expect(number).toBeTruthy();
  return number as string;
}

async function fillProblem(page: Page, landmark: string) {
  await page.locator('#category').selectOption({ index: 1 });
  await page.locator('#ward').selectOption({ label: await page.locator('#ward option', { hasText: /^(Ward|वार्ड) 3( — .*)?$/ }).innerText() });
  await page.locator('#landmark').fill(landmark);
}

test('without script the list comes with the sent form, which lodges once none of them is the problem', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/postgrievance');
  const landmark = word();
  const original = await lodgeOriginal(page, context.request, `${landmark} well`);
  await fillProblem(page, `Near ${landmark.toLowerCase()}`);
  await page.getByLabel('Where is it (address)?').fill('Well lane, behind the school');
  await page.getByLabel('Describe the problem').fill('Water of the well is dirty.');
  await page.getByLabel('Your name').fill('Sita Kumari');
  await page.getByLabel('Mobile number').fill('9876512345');
  await page.getByRole('button', { name: 'Lodge grievance' }).click();

  await expect(page.locator('[data-similar-found]')).toBeVisible();
  await expect(page.locator(`[data-similar-card="${original}"]`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Me too: ${original}` })).toBeVisible();
  await expect(page.getByLabel('Describe the problem')).toHaveValue('Water of the well is dirty.');
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876512345');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/similar-en-375-noscript.png`, fullPage: true });

  await page.getByLabel('None of these is my problem: lodge a new one').check();
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  await expect(page.locator('[data-complaint-number]')).toBeVisible();
  await context.close();
});

test('with script the list appears as the place is chosen, and "me too" counts the citizen, in Hindi', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto('/hi/postgrievance');
  const landmark = word();
  const original = await lodgeOriginal(page, context.request, `${landmark} mandir`);
  // A number of this try's own: a contact is asked to confirm once a day at most.
  const mobile = `97${String(Date.now()).slice(-8)}`;
  await page.locator('#mobile').fill(mobile);
  await fillProblem(page, `${landmark} ke paas`);
  const card = page.locator(`[data-similar-card="${original}"]`);
  await expect(card).toBeVisible();
  await expect(page.getByRole('heading', { name: 'क्या यह पहले ही दर्ज है?' })).toBeVisible();
  // The script writes the date in the site's one style, as the server does ('27 नवंबर 2026, 12:07 पूर्वाह्न').
  const query = new URLSearchParams({ category: await page.locator('#category').inputValue(), ward: await page.locator('#ward').inputValue(), landmark: `${landmark} ke paas` });
  const { similar } = await (await context.request.get(`/api/Public/grievances/similar?${query}`)).json();
  const lodgedAt = similar.find((s: { number: string }) => s.number === original).lodgedAt;
  await expect(card.locator('[data-slot="lodged"]')).toHaveText(formatWhen(lodgedAt, 'hi'));
  if (SHOTS) {
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/similar-hi-375-script.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/similar-hi-1280-script.png`, fullPage: true });
  }
  await card.getByRole('button', { name: 'मेरी भी' }).click();
  await expect(page).toHaveURL(new RegExp(`/hi/metoo\\?number=${original}&counted=added$`));
  await expect(page.getByRole('status')).toContainText(hi.counted(original));
  await expect(page.getByRole('status')).toContainText(hi.confirmNext);
  await expect(page.locator(`[data-similar-card="${original}"]`)).toContainText('1 व्यक्ति ने "मेरी भी" कहा');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/metoo-hi-1280.png`, fullPage: true });

  // The link sent to the mobile shows what it would start, and only its button starts it.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(confirmationLinkTo(mobile));
  await expect(page).toHaveURL(/\/hi\/metoo\/confirm\?token=m\./);
  await expect(page.getByText(hi.confirmText(original, `••••••${mobile.slice(-4)}`))).toBeVisible();
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: hi.confirmButton }).click();
  await expect(page.getByRole('status')).toContainText(hi.confirmed(original));
  await context.close();
});
