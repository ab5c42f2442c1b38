import { expect, test } from '@playwright/test';
import { expectLinksToStayInHindi } from '../support/hindi-links';

/** The Hindi pages as a person sees them on a phone and on a desktop: Hindi words, links that stay in Hindi, the switch back. */

/**
 * The Hindi pages that both-languages.spec.ts does not visit (it holds every other Hindi page to its heading and
 * to links that stay in Hindi): the not-found page, a tender's page without a tender, the tender archive.
 */
const PAGES: { path: string; heading: string }[] = [
  { path: '/hi/tender-details', heading: 'निविदा विवरण' },
  { path: '/hi/no-such-page', heading: 'पृष्ठ नहीं मिला' },
  { path: '/hi/archive/tender', heading: 'निविदा अभिलेखागार' },
];

for (const width of [375, 1280]) {
  test.describe(`Hindi pages at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { path, heading } of PAGES) {
      test(`${path} shows its Hindi heading and keeps its links in Hindi`, async ({ page }) => {
        const answer = await page.goto(path);
        expect(answer!.status()).toBe(path.includes('no-such') ? 404 : 200);
        await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expectLinksToStayInHindi(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }

    test('the menu leads to Hindi pages and the switch back to English', async ({ page }) => {
      await page.goto('/hi/notice');
      if (width < 1024) await page.getByText('मेनू').click();
      const menu = page.locator(width < 1024 ? '.nav-phone' : '.nav-wide');
      await menu.getByText('निविदाएँ', { exact: true }).click();
      await menu.getByRole('link', { name: 'सक्रिय निविदाएँ' }).click();
      await expect(page).toHaveURL(/\/hi\/currenttender$/);
      await page.getByRole('link', { name: 'This page in English' }).click();
      await expect(page).toHaveURL(/\/currenttender$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Active Tenders');
    });
  });
}

test.describe('Hindi forms', () => {
  test('lodging a grievance empty shows Hindi errors, then lodges it in Hindi', async ({ page }) => {
    await page.goto('/hi/postgrievance');
    await page.getByRole('button', { name: 'शिकायत दर्ज करें' }).click();
    await expect(page).toHaveURL(/\/hi\/postgrievance$/);
    await expect(page.getByRole('alert')).toContainText('श्रेणी चुनें।');
    await expect(page.locator('#ward-error')).toHaveText('अपना वार्ड चुनें।');
    await expect(page.locator('#mobile-error')).toHaveText('अपना मोबाइल नंबर लिखें।');

    await page.getByLabel('श्रेणी').selectOption({ index: 1 });
    await page.getByLabel('वार्ड').selectOption({ index: 1 });
    await page.getByLabel('समस्या कहाँ है (पता)?').fill('स्टेशन रोड, गांधी मैदान के पास');
    await page.getByLabel('समस्या का विवरण दें').fill('नाली कई दिनों से जाम है और पानी सड़क पर बह रहा है।');
    await page.getByLabel('आपका नाम').fill('सीता देवी');
    await page.getByLabel('मोबाइल नंबर').fill('9812345670');
    await page.getByRole('button', { name: 'शिकायत दर्ज करें' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('शिकायत दर्ज हो गई');
    const number = (await page.locator('[data-complaint-number]').textContent())!.trim();

    await page.getByRole('link', { name: 'शिकायत की स्थिति' }).first().click();
    await expect(page).toHaveURL(/\/hi\/trackgrievance$/);
    await page.getByRole('button', { name: 'मेरी शिकायत दिखाएँ' }).click();
    await expect(page.locator('#number-error')).toHaveText('शिकायत संख्या लिखें।');
    await page.getByLabel('शिकायत संख्या').fill(number);
    await page.getByLabel('मोबाइल नंबर').fill('9812345670');
    await page.getByRole('button', { name: 'मेरी शिकायत दिखाएँ' }).click();
    await expect(page.getByRole('heading', { name: 'आपकी शिकायत' })).toBeVisible();
    await expect(page.locator('.grievance-facts')).toContainText('दर्ज');
    await expect(page.getByRole('heading', { name: 'अब तक क्या हुआ' })).toBeVisible();
  });
});
