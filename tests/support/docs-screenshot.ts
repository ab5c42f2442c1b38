import type { Page } from '@playwright/test';

/**
 * A screenshot for the docs, written only when asked for (`UPDATE_SCREENSHOTS=1 npx playwright test …`): a run
 * of the tests leaves the checkout as it found it, and draws no full-page picture that nobody looks at.
 */
export async function docsScreenshot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS === '1') await page.screenshot({ path, ...options });
}
