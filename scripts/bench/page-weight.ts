import { chromium } from '@playwright/test';

export interface PageWeight {
  path: string;
  /** JavaScript the page loads, as sent over the wire (compressed). */
  jsBytes: number;
  /** Everything the page loads, compressed, headers included. */
  totalBytes: number;
}

/** Loads each page in Chromium the way a phone would and adds up what travelled. */
export async function measurePageWeights(baseUrl: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const weights: PageWeight[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true });
      const page = await context.newPage();
      const responses: Promise<{ js: boolean; bytes: number }>[] = [];
      page.on('requestfinished', (request) => {
        responses.push(
          request.sizes().then((sizes) => ({
            js: request.resourceType() === 'script',
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          })),
        );
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      // Scroll to the end so lazy images and islands that wait to be visible load too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const all = await Promise.all(responses);
      weights.push({
        path,
        jsBytes: all.filter((r) => r.js).reduce((sum, r) => sum + r.bytes, 0),
        totalBytes: all.reduce((sum, r) => sum + r.bytes, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}
