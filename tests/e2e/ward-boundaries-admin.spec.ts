import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openSession } from './admin-support';
import { startServer, type TestServer } from '../support/server';
import { DEMO_WARD_BOUNDARIES } from '../../db/seed/ward-boundaries';

/**
 * The admin's ward boundaries page at a desk's width: a file that fails the check is refused with its
 * problems, then the demo's own file is taken (so the shared server ends as it began). Then the map of a
 * point, on a server of its own with MAP_TILE_URL set: the tile host is answered here by the test with a
 * drawn tile, so nothing is fetched from outside. Screenshots go to SHOTS_DIR when it is set.
 */
const SHOTS = process.env.SHOTS_DIR;
const TILE_HOST = 'https://tiles.e2e.test';
const geojson = (body: object) => ({ name: 'wards.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(body)) });

test('an admin is told what is wrong with a file, then uploads a good one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSession(page);
  await page.goto('/ward-boundaries');
  await expect(page.getByRole('heading', { name: 'Ward boundaries', level: 1 })).toBeVisible();
  const overlapping = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
  overlapping.features[6].geometry.coordinates = [[[85.88, 26.155], [85.9, 26.155], [85.9, 26.17], [85.88, 26.17], [85.88, 26.155]]];
  await page.getByLabel('Boundary file').setInputFiles(geojson(overlapping));
  await page.getByRole('button', { name: 'Upload and replace' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('The file was not used, and nothing changed.');
  await expect(refusal).toContainText('Wards 1 and 7 overlap; wards may share an edge but not area.');
  await expect(page.getByLabel('Boundary file')).toHaveAttribute('aria-invalid', 'true');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ward-boundaries-refused-en-1280.png`, fullPage: true });

  // A strip about 50 m wide between wards 4 and 5, open to the town's edge: the page's rules name the 100 m.
  await expect(page.locator('#file-rules')).toContainText('not even a strip narrower than 100 m');
  const stripped = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
  for (const p of stripped.features[4].geometry.coordinates[0]) if (p[0] === 85.915) p[0] = 85.9155;
  await page.getByLabel('Boundary file').setInputFiles(geojson(stripped));
  await page.getByRole('button', { name: 'Upload and replace' }).click();
  await expect(page.getByRole('alert')).toContainText(/Wards 4 and 5 leave a strip about 50 m wide in no ward between them/);

  await page.getByLabel('Boundary file').setInputFiles(geojson(DEMO_WARD_BOUNDARIES));
  await page.getByRole('button', { name: 'Upload and replace' }).click();
  await expect(page).toHaveURL(/\/ward-boundaries\?saved=25$/);
  await expect(page.getByRole('status')).toContainText('Boundaries saved for 25 wards. The upload is recorded in the audit log.');
  await expect(page.locator('[data-boundary-summary]')).toContainText(/Uploaded .* by admin@/);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/ward-boundaries-saved-en-1280.png`, fullPage: true });
    await page.goto('/hi/ward-boundaries');
    await page.getByLabel('सीमा फ़ाइल').setInputFiles(geojson({ type: 'FeatureCollection', features: [] }));
    await page.getByRole('button', { name: 'अपलोड करें और बदलें' }).click();
    await page.screenshot({ path: `${SHOTS}/ward-boundaries-refused-hi-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS}/ward-boundaries-refused-hi-375.png`, fullPage: true });
    await page.goto('/ward-boundaries');
    await page.screenshot({ path: `${SHOTS}/ward-boundaries-en-375.png`, fullPage: true });
  }
});

test.describe('the map of a point, with a tile server set', () => {
  let server: TestServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({ MAP_TILE_URL: `${TILE_HOST}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: '© Test tile makers', CASE_TEST_SERVICE: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Answers the tile host with a drawn tile, and notes every other site a page asks for anything. */
  async function serveTiles(page: Page): Promise<string[]> {
    const tile = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eef0e6"/><path d="M0 90H256M0 200H256M70 0V256M180 0V256" stroke="#fff" stroke-width="10"/><rect x="90" y="110" width="70" height="70" fill="#cfe3c2"/></svg>')).png().toBuffer();
    await page.route(`${TILE_HOST}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const origin = new URL(request.url()).origin;
      if (origin !== server.url && origin !== TILE_HOST && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    return elsewhere;
  }
  const tilesLoaded = (page: Page, selector: string) =>
    expect.poll(() => page.locator(`${selector} img`).evaluateAll((imgs) => imgs.length > 0 && imgs.every((img) => (img as HTMLImageElement).naturalWidth === 256))).toBe(true);

  test('shows on the staff case page and after "use my location"', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, geolocation: { latitude: 26.1512, longitude: 85.9031 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    const elsewhere = await serveTiles(page);
    const lodged = await page.request.post('/open311/v2/requests.json', { form: { service_code: '2', lat: '26.151234', long: '85.903149', description: 'Pothole in front of the temple.' } });
    const [{ service_request_id: number }] = await lodged.json();
    await openSession(page);
    await page.goto(`/cases/${number}`);
    const map = page.getByRole('img', { name: 'Map of the point 26.151234, 85.903149' });
    await expect(map).toBeVisible();
    await tilesLoaded(page, '[data-point-map]');
    await expect(page.locator('[data-point-map] figcaption')).toHaveText('© Test tile makers');
    if (SHOTS) await map.locator('xpath=..').screenshot({ path: `${SHOTS}/map-case-1280.png` });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/postgrievance');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ward 13 is chosen' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Map of the point 26.151200, 85.903100' })).toBeVisible();
    await tilesLoaded(page, '[data-locate-map]');
    if (SHOTS) await page.locator('[data-locate]').screenshot({ path: `${SHOTS}/map-locate-375.png` });
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
