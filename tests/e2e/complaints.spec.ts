import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectOnlyTheMenuScript } from '../support/page-scripts';
import { wardChoice } from '../support/ward-choice';

/**
 * The public complaint list and the complaint desk in Chromium, on the demo content: 30 complaints, 9 of
 * them Resolved, listed newest (highest number) first. The public checks run before the desk adds one.
 */
test.describe.configure({ mode: 'serial' });

async function expectPicturesLoaded(page: Page, scope: string, count: number) {
  const images = page.locator(`${scope} img`);
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('alt', /of complaint NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
}

for (const width of [1280, 375]) {
  test(`/viewgrievance at ${width}px lists complaints with badges and opens their details without any script but the menu's`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/viewgrievance');

    await expect(page.getByRole('heading', { level: 1, name: 'All Complaints' })).toBeVisible();
    const rows = page.locator('table.complaint-table tbody tr');
    await expect(rows).toHaveCount(25);
    // Complaint numbers end in the serial: newest (highest) first.
    const ids = (await rows.locator('td:first-child').allInnerTexts()).map((n) => Number(n.slice(-6)));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // Complaint 'Garbage not collected' in ward 2 was resolved, with two photos from the citizen and two from staff.
    const resolved = rows.filter({ hasText: 'Garbage not collected' }).filter({ has: page.locator('td[data-label="Ward"]', { hasText: /^2$/ }) });
    await expect(resolved).toHaveCount(1);
    const badge = resolved.locator('.badge');
    await expect(badge).toHaveText('Resolved');
    await expect(badge).toHaveClass(/badge-resolved/);
    await expect(rows.locator('.badge-open').first()).toHaveText(/^(Lodged|Reopened)$/);
    await expect(rows.locator('.badge-overdue').first()).toHaveText('Overdue');

    const id = (await resolved.getByRole('button', { name: /View More/i }).getAttribute('popovertarget'))!.replace('complaint-', '');
    const details = page.locator(`#complaint-${id}`);
    await expect(details).toBeHidden();
    await resolved.getByRole('button', { name: /View More/i }).click();
    await expect(details).toBeVisible();
    await expect(details.getByRole('heading', { name: 'Complaint Details' })).toBeVisible();
    await expect(details).toContainText('Gandhi Maidan, east gate');
    await expect(details).toContainText('Keep two dustbins at the gate.');
    // Lodged, due by and decided.
    await expect(details.locator('dd').filter({ hasText: /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M$/ })).toHaveCount(3);
    await expectPicturesLoaded(page, `#complaint-${id}`, 4);
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(details).toBeHidden();

    await expectOnlyTheMenuScript(page, scripts);
    await expectNoSeriousA11yViolations(page, `/viewgrievance at ${width}px`);
    await resolved.getByRole('button', { name: /View More/i }).click();
    await expectNoSeriousA11yViolations(page, `/viewgrievance details at ${width}px`);
  });
}

test('/viewgrievance filters by state and pages on', async ({ page }) => {
  await page.goto('/viewgrievance');
  await page.getByRole('link', { name: 'Resolved', exact: true }).click();
  await expect(page).toHaveURL(/\?status=Resolved$/);
  // The demo's two recent resolutions; older ones have closed by themselves.
  const badges = page.locator('table.complaint-table tbody .badge');
  await expect(badges).toHaveCount(2);
  for (const badge of await badges.all()) {
    await expect(badge).toHaveText('Resolved');
    await expect(badge).toHaveClass(/badge-resolved/);
  }

  await page.getByRole('link', { name: 'All', exact: true }).click();
  const firstPageIds = await page.locator('table.complaint-table tbody tr td:first-child').allInnerTexts();
  await page.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  const secondPageIds = await page.locator('table.complaint-table tbody tr td:first-child').allInnerTexts();
  // The demo's 25 and any a browser test lodged before this one: the rest after the first twenty.
  expect(secondPageIds.length).toBeGreaterThanOrEqual(5);
  expect(secondPageIds.length).toBeLessThanOrEqual(20);
  expect(secondPageIds.filter((id) => firstPageIds.includes(id))).toEqual([]);
  await page.getByRole('link', { name: /Previous/ }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
});

test('the complaint desk lodges a grievance for a citizen at the counter, with a photo, and lists it with the inbox', async ({ page }) => {
  await page.goto('/login?next=/inquiry');
  await page.getByLabel('Email').fill('staff@nagarparishad.example');
  await page.getByLabel('Password').fill('staff-demo-2026');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await page.waitForURL((address) => address.pathname === '/inquiry');
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints Management' })).toBeVisible();
  // The list is the inbox's: cards linking to each grievance's page, and a way to the whole inbox.
  await expect(page.locator('.inbox-list .inbox-item')).toHaveCount(20);
  await expect(page.getByRole('link', { name: 'Open the grievance inbox' })).toHaveAttribute('href', '/grievances');
  await expectNoSeriousA11yViolations(page, '/inquiry');

  // The citizen's name and mobile are asked for: without them nothing is lodged, and what was typed stays.
  await page.getByLabel('Category').selectOption({ label: 'Water supply' });
  await page.getByLabel('Ward').selectOption({ label: wardChoice('en', 9) });
  await page.getByLabel('Where is it (address)?').fill('Pump house lane, end-to-end check');
  await page.getByLabel('Additional information: what is wrong').fill('Water has been leaking since Monday morning.');
  await page.getByLabel('Your suggestion (what the citizen suggests)').fill('Replace the leaking valve at the tank.');
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  await expect(page.getByRole('alert')).toContainText('Give your name.');
  await expect(page.getByLabel('Your suggestion (what the citizen suggests)')).toHaveValue('Replace the leaking valve at the tank.');
  // The refused page opens on its summary, says so in its title, and asks for any photo again (none is kept).
  await expect(page.locator('#form-error')).toBeFocused();
  expect(await page.title()).toMatch(/^Error: Complaints Management \|/);
  await expect(page.locator('#photos-again')).toHaveText('The form was not sent, so no file was kept: choose the file again.');
  await expectNoSeriousA11yViolations(page, '/inquiry with errors');

  const leak = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#b45309' } }).jpeg().toBuffer();
  await page.getByLabel("Citizen's name").fill('Suresh Mahto');
  await page.getByLabel('Mobile number').fill('9876001234');
  await page.getByLabel(/^Photos/).setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: leak });
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  await expect(page).toHaveURL(/\/inquiry\?lodged=NPK-PGR-/);
  const number = (await page.locator('[data-complaint-number]').innerText()).trim();
  expect(number).toMatch(/^NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}$/);
  // A refresh shows the same number and lodges nothing again.
  await page.reload();
  await expect(page.locator('[data-complaint-number]')).toHaveText(number);
  await expect(page.locator('.inbox-list').getByRole('link', { name: number })).toHaveCount(1);

  // The officer's view of it: the suggestion, the citizen's contact and the photo.
  await page.getByRole('link', { name: 'Open the grievance', exact: true }).click();
  await expect(page).toHaveURL(`/cases/${number}`);
  await expect(page.locator('[data-facts]')).toContainText('Replace the leaking valve at the tank.');
  await expect(page.locator('[data-contact]')).toContainText('9876001234');
  const photo = page.locator('.case-photos img');
  await expect(photo).toHaveCount(1);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
