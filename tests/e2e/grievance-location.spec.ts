import { expect, test } from '@playwright/test';
import { wardChoice } from '../support/ward-choice';

/**
 * "Use my location" on the grievance form at a phone's width: the browser's position (given to the page
 * here) chooses the ward it lies in, which stays a choice the citizen can change, and the point is kept with
 * the grievance (Open311 answers it rounded). Screenshots of the step go to SHOTS_DIR when it is set.
 */
const SHOTS = process.env.SHOTS_DIR;

test('the location fills the point and chooses the ward, in English and in Hindi', async ({ browser }) => {
  // 26.1512 N, 85.9031 E: the demo grid's middle square, ward 13.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, geolocation: { latitude: 26.1512, longitude: 85.9031 }, permissions: ['geolocation'] });
  const page = await context.newPage();
  await page.goto('/postgrievance');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ward 13 is chosen' })).toBeVisible();
  await expect(page.getByLabel('Ward')).toHaveValue(await page.getByLabel('Ward').locator('option', { hasText: wardChoice('en', 13) }).getAttribute('value') as string);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/location-en-375.png`, fullPage: true });
  // The citizen knows better: the ward stays theirs to change.
  await page.getByLabel('Ward').selectOption({ label: wardChoice('en', 12) });
  await page.getByLabel('Category').selectOption({ label: 'Drainage blocked' });
  await page.getByLabel('Where is it (address)?').fill('Lane behind the middle school');
  await page.getByLabel('Describe the problem').fill('The drain has overflowed onto the lane.');
  await page.getByLabel('Your name').fill('Sita Kumari');
  await page.getByLabel('Mobile number').fill('9876501313');
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  const number = (await page.locator('[data-complaint-number]').innerText()).trim();
  const [request] = await (await page.request.get(`/open311/v2/requests/${number}.json`)).json();
  expect(request).toMatchObject({ lat: 26.151, long: 85.903, address: 'Ward 12' });

  await page.goto('/hi/postgrievance');
  await page.getByRole('button', { name: 'मेरी लोकेशन लें' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'वार्ड 13 चुना गया है' })).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/location-hi-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/location-hi-1280.png` });
    await page.goto('/postgrievance');
    await page.screenshot({ path: `${SHOTS}/location-en-1280.png` });
  }
  await context.close();
});

test('without script the form has no location button and lodges in Hindi, the ward chosen from the list', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/hi/postgrievance');
  await expect(page.getByRole('button', { name: 'मेरी लोकेशन लें' })).toBeHidden();
  // The ward is chosen from the list, as before: the form lodges in full without the location.
  await page.locator('#ward').selectOption({ label: wardChoice('hi', 5) });
  await page.locator('#category').selectOption({ index: 1 });
  await page.locator('#address').fill('Lane behind the middle school');
  await page.locator('#description').fill('The street light has been off for a week.');
  await page.locator('#name').fill('Sita Kumari');
  await page.locator('#mobile').fill('9876501314');
  await page.getByRole('button', { name: 'शिकायत दर्ज करें' }).click();
  const number = (await page.locator('[data-complaint-number]').innerText()).trim();
  const [request] = await (await page.request.get(`/open311/v2/requests/${number}.json`)).json();
  expect(request).toMatchObject({ lat: null, long: null, address: 'Ward 5' });
  await context.close();
});
