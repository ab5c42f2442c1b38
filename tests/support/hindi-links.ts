import { expect, type Page } from '@playwright/test';

/** Every link in the header and the page's main part that leads to a page of this site stays under /hi. */
export async function expectLinksToStayInHindi(page: Page, label = page.url()): Promise<void> {
  // The switch to English leads out of Hindi on purpose.
  const hrefs = await page.locator('header a[href^="/"]:not(.language-switch), main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  // Files, feeds, the sitemap for search engines, the staff sign-in and machine-readable data (Open311, the
  // open data of /api/Public) are the exceptions.
  const exceptions = ['/hi', '/media/', '/feeds/', '/open311/', '/api/Public/', '/sitemap.xml'];
  expect(hrefs.filter((href) => !exceptions.some((prefix) => href.startsWith(prefix)) && href !== '/login'), `${label}: links out of Hindi`).toEqual([]);
}
