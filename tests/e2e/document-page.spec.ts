import { expect, test } from '@playwright/test';
import { docsScreenshot } from '../support/docs-screenshot';

/**
 * A notice's own page as a person on a phone reads it: reached from the list, its title, dates and text,
 * the document with its type and size, nothing scrolling sideways. The screenshot goes to docs/screens when asked for (tests/support/docs-screenshot.ts).
 */

test('a notice opens from the list on its own page, readable at 375px in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/notice');
  const first = page.locator('td.document-title a').first();
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/notice\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Issue Date')).toBeVisible();
  const download = page.locator('a.document-link');
  await expect(download).toContainText('Download Document');
  await expect(download).toContainText(/PDF, \d+ KB/);
  await expect(download).toHaveAttribute('download', /\.pdf$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await docsScreenshot(page, 'docs/screens/notice-page-375.png');

  await page.getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/notice\/\d+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('a.document-link')).toContainText('दस्तावेज़ डाउनलोड करें');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
