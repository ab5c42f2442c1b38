import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';

/** Every public route of SPEC.md §2. */
const PUBLIC_ROUTES = [
  '/', '/home', '/about', '/login', '/wardparsad', '/executiveofficer', '/chairman', '/standingcommitee', '/employeelist',
  '/listofholiday', '/currenttender', '/tender-details', '/pasttender', '/notice', '/circulars', '/latestnews', '/officeorder',
  '/postgrievance', '/trackgrievance', '/viewgrievance', '/tradelicense', '/viewpropertytax', '/paypropertytax',
  '/photogallery', '/videogallery', '/pressrelease', '/contactus', '/privacypolicy',
  // The pages GIGW asks for.
  '/website-policies', '/website-policies/content-contribution-moderation-approval', '/help', '/screen-reader-access',
  '/accessibility-statement', '/feedback', '/sitemap',
];

for (const width of [1280, 375]) {
  test.describe(`every public route at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of PUBLIC_ROUTES) {
      test(`${route} answers a whole, accessible page`, async ({ page }) => {
        const response = await page.goto(route);
        expect(response?.status()).toBe(200);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.locator('h1')).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
        // Images must say what they show.
        const unlabelled = await page.locator('img:not([alt])').count();
        expect(unlabelled).toBe(0);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
