import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import type { Lang } from '../../src/i18n/lang';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { e2eDatabasePath } from './admin-support';
import { docsScreenshot } from '../support/docs-screenshot';
import { sidewaysOverflow } from '../support/layout';

/**
 * A citizen on a 375 px phone with JavaScript off, in each language: from the header's Citizen's Login to the
 * code (read where the demo puts it, the notification log), their list at /my, one grievance, its rating,
 * and signing out. Screenshots of /my go to docs/screenshots when asked for (tests/support/docs-screenshot.ts).
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 375, height: 800 };
const MOBILES: Record<Lang, string> = { en: '9000055501', hi: '9000055502' };

function inDatabase<T>(work: (file: Database.Database) => T): T {
  const file = new Database(e2eDatabasePath());
  try {
    return work(file);
  } finally {
    file.close();
  }
}

async function lodge(request: APIRequestContext, mobile: string, description: string): Promise<string> {
  const res = await request.post('/postgrievance', {
    multipart: { category: '2', ward: '5', address: 'Shastri Nagar, lane 3', landmark: '', description, name: 'Meena Kumari', email: '', mobile },
  });
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(await res.text())?.[1];
  expect(number).toBeTruthy();
  return number!;
}

async function noSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page), 'no sideways scrolling').toBeLessThanOrEqual(0);
}

for (const lang of ['en', 'hi'] as const) {
  test(`a citizen signs in with their mobile and rates a grievance on a 375 px phone without JavaScript (${lang})`, async ({ browser, request }) => {
    const t = messages(lang).citizen;
    const g = messages(lang).grievance;
    const prefix = lang === 'hi' ? '/hi' : '';
    const mobile = MOBILES[lang];
    const older = await lodge(request, mobile, 'The street light has been off for a week.');
    const newer = await lodge(request, mobile, 'The street light near the school is flickering.');
    // The work is reported done, as an officer would: the citizen may now rate it.
    const decided = new Date().toISOString();
    inDatabase((file) => file.prepare("UPDATE service_case SET state = 'Resolved', state_since = ?, data = json_set(data, '$.decidedAt', ?) WHERE number = ?").run(decided, decided, older));

    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${prefix}/`);
    // The header's menu (the phone's drawer) leads to the citizens' sign-in in the page's language.
    await page.locator('.nav-phone > summary').click();
    const drawer = page.locator('.menu--drawer');
    await drawer.locator('summary', { hasText: messages(lang).frame.menu.grievance }).click();
    await drawer.getByRole('link', { name: messages(lang).frame.menu.citizenLogin }).click();
    await expect(page).toHaveURL(`${prefix}/my/signin`);

    await page.getByLabel(t.mobile).fill('12345');
    await page.getByRole('button', { name: t.sendCode }).click();
    await expect(page.locator('#mobile-error')).toHaveText(lang === 'hi' ? '10 अंकों का भारतीय मोबाइल नंबर लिखें।' : 'Give a 10-digit Indian mobile number.');
    await expect(page.getByLabel(t.mobile)).toHaveValue('12345');
    await page.getByLabel(t.mobile).fill(mobile);
    await page.getByRole('button', { name: t.sendCode }).click();
    await expect(page).toHaveURL(`${prefix}/my/signin?step=code`);
    await expect(page.getByRole('status')).toContainText(`••••••${mobile.slice(-4)}`);
    await noSidewaysScroll(page);

    // The demo has no SMS gateway: the code is kept in the outbox.
    const body = inDatabase((file) => file.prepare('SELECT body FROM outbox_message WHERE recipient = ? ORDER BY id DESC LIMIT 1').get(mobile) as { body: string });
    const code = /\b(\d{6})\b/.exec(body.body)![1];
    await page.getByLabel(t.code).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page.locator('#code-error')).toHaveText(messages(lang).refusals.codeWrongTwoLeft);
    await page.getByLabel(t.code).fill(code);
    await page.getByRole('button', { name: t.signIn }).click();

    await expect(page).toHaveURL(`${prefix}/my`);
    await expect(page.getByRole('heading', { level: 1, name: t.myTitle })).toBeVisible();
    expect(await page.locator('[data-case]').evaluateAll((items) => items.map((item) => item.getAttribute('data-case')))).toEqual([newer, older]);
    await expect(page.locator(`[data-case="${older}"]`)).toContainText(g.states.Resolved);
    await noSidewaysScroll(page);
    await docsScreenshot(page, `docs/screenshots/my-375-${lang}.png`, { fullPage: true });

    await page.getByRole('link', { name: t.open(older) }).click();
    await expect(page).toHaveURL(`${prefix}/my/cases/${older}`);
    await expect(page.locator('.grievance-facts .complaint-number')).toHaveText(older);
    await page.getByRole('radio', { name: '4' }).check();
    await page.getByRole('button', { name: g.rateAndClose }).click();
    await expect(page).toHaveURL(`${prefix}/my/cases/${older}?done=rate`);
    await expect(page.getByRole('status')).toHaveText(g.rated);
    await expect(page.locator('.grievance-facts')).toContainText(g.states.Closed);
    await noSidewaysScroll(page);

    await page.getByRole('button', { name: t.signOut }).click();
    await expect(page).toHaveURL(`${prefix}/my/signin?out=1`);
    await expect(page.getByRole('status')).toHaveText(t.signedOut);
    await page.goto(`${prefix}/my`);
    await expect(page).toHaveURL(`${prefix}/my/signin?next=%2Fmy`);
    await context.close();
  });
}

test('the sign-in page passes axe in both languages', async ({ page }) => {
  for (const prefix of ['', '/hi']) {
    await page.setViewportSize(PHONE);
    await page.goto(`${prefix}/my/signin`);
    await expectNoSeriousA11yViolations(page, `${prefix}/my/signin at 375px`);
  }
});
