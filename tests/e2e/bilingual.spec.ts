import { expect, test, type Page } from '@playwright/test';
import { openSession } from './admin-support';

/**
 * Content in two languages, in Chromium: searching in English and in Hindi, Hindi pages with the English
 * fallback marked, the admin form's English and Hindi inputs side by side (stacked on phones), and the
 * translations list leading to the form of the item it names.
 */

async function searchFrom(page: Page, path: string, query: string) {
  await page.goto(path);
  const box = page.locator('#page-search');
  await box.fill(query);
  await box.press('Enter');
}

test('searching in English marks the words found and links to each item\'s own page', async ({ page }) => {
  await searchFrom(page, '/search', 'plastic ban');
  await expect(page).toHaveURL(/\/search\?q=plastic\+ban/);
  const hit = page.locator('.hit-title', { hasText: 'Formation of flying squad for enforcement of the plastic ban' });
  await expect(hit).toHaveAttribute('href', /^\/officeorder\/\d+$/);
  await expect(hit.locator('mark')).toHaveText(['plastic', 'ban']);
  await expect(page.getByRole('heading', { name: /Press Releases/ })).toBeVisible();
});

test('searching in Hindi on the Hindi page finds Hindi text and stays in Hindi', async ({ page }) => {
  await searchFrom(page, '/hi/search', 'प्लास्टिक');
  await expect(page).toHaveURL(/\/hi\/search\?q=/);
  const hit = page.locator('.hit-title', { hasText: 'बाज़ार क्षेत्रों में एकल-उपयोग प्लास्टिक थैलों पर प्रतिबंध' });
  await expect(hit).toHaveAttribute('lang', 'hi');
  await expect(hit).toHaveAttribute('href', /^\/hi\/notice\/\d+$/);
  await expect(hit.locator('mark')).toHaveText('प्लास्टिक');
  // An English word on the Hindi page finds English text, marked as English.
  await searchFrom(page, '/hi/search', 'mandi');
  await expect(page.locator('.hit-title[lang="en"]', { hasText: 'vegetable mandi' }).first()).toBeVisible();
  // A record found by its English text shows its English snippet, marked as English.
  await expect(page.locator('.hit-snippet[lang="en"] mark', { hasText: 'mandi' }).first()).toBeVisible();
  await expect(page.locator('.hit-snippet[lang="hi"] mark', { hasText: 'mandi' })).toHaveCount(0);
  await hit.page().screenshot({ path: test.info().outputPath('hindi-search.png'), fullPage: false });
});

test('a Hindi page shows Hindi text, and English marked as English where no Hindi exists', async ({ page }) => {
  await page.goto('/hi/notice');
  await expect(page.getByRole('cell', { name: 'बाज़ार क्षेत्रों में एकल-उपयोग प्लास्टिक थैलों पर प्रतिबंध', exact: true })).toBeVisible();
  await expect(page.locator('td span[lang="en"]', { hasText: 'Document verification of street vendors under PM SVANidhi' })).toBeVisible();
});

test('the admin form puts English and Hindi side by side, stacked on phones, and the Hindi reaches the Hindi page', async ({ page }) => {
  await openSession(page);
  await page.goto('/editlatestnews');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByRole('button', { name: 'Create New Latest News' }).click();
  const english = page.getByLabel('Title', { exact: true });
  const hindi = page.getByLabel('Title (हिन्दी)');
  await expect(hindi).toHaveAttribute('lang', 'hi');
  const [e, h] = [await english.boundingBox(), await hindi.boundingBox()];
  expect(Math.abs(e!.y - h!.y)).toBeLessThan(4);
  expect(h!.x).toBeGreaterThan(e!.x + e!.width);

  await page.setViewportSize({ width: 375, height: 800 });
  const [e2, h2] = [await english.boundingBox(), await hindi.boundingBox()];
  expect(h2!.y).toBeGreaterThan(e2!.y + e2!.height);
  await page.screenshot({ path: test.info().outputPath('bilingual-form-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const title = `Night shelter opens ${Date.now()}`;
  await english.fill(title);
  await hindi.fill('रैन बसेरा खुला');
  await page.getByLabel('Description', { exact: true }).fill('Open from 8 PM at the town hall.');
  await page.getByRole('button', { name: 'Create Latest News' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'News item saved.' })).toBeVisible();

  await page.goto('/hi/latestnews');
  await expect(page.getByRole('cell', { name: 'रैन बसेरा खुला', exact: true })).toBeVisible();
  await expect(page.locator('td span[lang="en"]', { hasText: 'Open from 8 PM at the town hall.' })).toBeVisible();
});

test('the translations list counts what needs work and opens the item to edit', async ({ page }) => {
  await openSession(page);
  await page.goto('/translations');
  await page.getByRole('main').getByRole('link', { name: 'Notice', exact: true }).click();
  const item = page.locator('.items li', { hasText: 'Document verification of street vendors under PM SVANidhi' });
  await expect(item.locator('.badge')).toHaveText('Missing');
  await item.getByRole('link', { name: /Edit/ }).click();
  await expect(page).toHaveURL(/\/editnotice\?edit=\d+/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Document verification of street vendors under PM SVANidhi');
  await expect(page.getByLabel('Title (हिन्दी)')).toHaveValue('');
});
