import fs from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { noticeType } from '../../src/features/notice/notice.schema';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { ADMIN, openSession, pdfFile } from './admin-support';

/**
 * A file over its field's limit is refused in the browser before anything is sent, with the limit in MB in
 * the page's language, and nothing typed is lost: the citizen's grievance form (several photos, one too
 * large), the trade licence form in Hindi, an officer's photo of the work done, and the back office's content form. The oversized files are sparse
 * files on disk, handed to the browser by their path: nothing of their size crosses to the browser.
 */
function fileOfSize(testInfo: TestInfo, name: string, bytes: number): string {
  const file = testInfo.outputPath(name);
  fs.mkdirSync(testInfo.outputPath(), { recursive: true });
  fs.writeFileSync(file, '');
  fs.truncateSync(file, bytes);
  return file;
}

/** The POSTs the page sends to `path`, answered here and never reaching the server. */
async function catchPosts(page: Page, path: RegExp): Promise<string[]> {
  const posts: string[] = [];
  await page.route(path, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<main><p>sent</p></main>' });
  });
  return posts;
}

/** The limit a public file field states beside it ('up to 10 MB', 'अधिकतम 10 एमबी'), in bytes. */
async function statedLimit(page: Page, field: Locator): Promise<number> {
  const hint = await page.locator(`[id="${await field.getAttribute('id')}-hint"]`).textContent();
  const mb = /(?:up to|अधिकतम) (\d+(?:\.\d+)?) (?:MB|एमबी)/.exec(hint ?? '');
  expect(mb, `the limit stated in: ${hint}`).not.toBeNull();
  return Number(mb![1]) * 1048576;
}

test('the grievance form refuses a photo over the limit before sending, keeps what was typed, and sends once it fits', async ({ page }, testInfo) => {
  const posts = await catchPosts(page, /\/postgrievance$/);
  await page.goto('/postgrievance');
  const photos = page.getByLabel(/^Photos/);
  const limit = await statedLimit(page, photos);
  const description = page.getByLabel('Describe the problem', { exact: false });
  await description.fill('The street light outside the school has been off for a week.');
  const small = fileOfSize(testInfo, 'small.jpg', 20_000);
  await photos.setInputFiles([small, fileOfSize(testInfo, 'big-photo.jpg', limit + 1)]);
  const said = page.getByRole('alert').filter({ hasText: 'big-photo.jpg' });
  await expect(said).toHaveText(`big-photo.jpg is ${Math.ceil(((limit + 1) / 1048576) * 10) / 10} MB, more than the ${limit / 1048576} MB this field takes: choose a smaller file. Nothing has been sent yet.`);
  await expect(photos).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  await expect(photos).toBeFocused();
  await expect(said).toBeVisible();
  await expect(description).toHaveValue('The street light outside the school has been off for a week.');

  // A fitting choice takes the message back, and the form goes: its POST is the first the page sent.
  await photos.setInputFiles([small]);
  await expect(said).toHaveCount(0);
  await expect(photos).not.toHaveAttribute('aria-invalid', 'true');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/postgrievance'));
  await page.getByRole('button', { name: 'Lodge grievance' }).click();
  await sent;
  expect(posts).toHaveLength(1);
});

test('the Hindi trade licence form says so in Hindi, with the limit in MB, and does not send', async ({ page }, testInfo) => {
  const posts = await catchPosts(page, /\/hi\/tradelicense$/);
  await page.goto('/hi/tradelicense');
  const document = page.locator('form.trade-form input[type="file"]').first();
  const limit = await statedLimit(page, document);
  await document.setInputFiles(fileOfSize(testInfo, 'kiraya-anubandh.pdf', limit + 1));
  const said = page.getByRole('alert').filter({ hasText: 'kiraya-anubandh.pdf' });
  await expect(said).toContainText(`अधिकतम ${limit / 1048576} एमबी`);
  await expect(said).toHaveAttribute('id', /-too-large$/);
  await page.locator('form.trade-form').getByRole('button').last().click();
  await expect(document).toBeFocused();
  expect(posts).toEqual([]);
});

test('the back office\'s content form refuses a document over the limit and never sends it', async ({ page }, testInfo) => {
  await openSession(page, ADMIN);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes(`/api/Admin/${noticeType.path}`)) saves.push(request.postData() ?? '');
  });
  await page.goto(noticeType.adminRoute);
  await page.getByRole('button', { name: noticeType.createButton, exact: true }).click();
  const form = page.locator('form.crud-form');
  const title = `E2E oversized ${Date.now().toString(36)}`;
  await form.getByLabel('Title', { exact: true }).fill(title);
  const limit = Number(await page.locator('body').getAttribute('data-max-document-bytes'));
  const slot = form.getByLabel('Document', { exact: true });
  await slot.setInputFiles(fileOfSize(testInfo, 'scan.pdf', limit + 1));
  await expect(form.getByRole('alert')).toHaveText(`scan.pdf is ${Math.ceil(((limit + 1) / 1048576) * 10) / 10} MB, more than the ${limit / 1048576} MB this field takes: choose a smaller file. Nothing has been sent yet.`);
  await expect(slot).toHaveValue('');
  await page.getByRole('button', { name: noticeType.submitLabel.create, exact: true }).click();
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);

  // A fitting file goes, and its save is the first the page sent.
  await slot.setInputFiles(pdfFile('fits'));
  const answer = page.waitForResponse((res) => res.url().includes(`/api/Admin/${noticeType.path}`) && res.request().method() === 'POST');
  await page.getByRole('button', { name: noticeType.submitLabel.create, exact: true }).click();
  expect((await answer).status()).toBe(201);
  expect(saves).toHaveLength(1);
});

test('an officer\'s photo of the work done is refused before sending, beside its field and outside its label', async ({ page }, testInfo) => {
  await openSession(page, DEMO_ACCOUNTS[2]);
  const posts = await catchPosts(page, /\/cases\/[^/?]+(\?.*)?$/);
  await page.goto('/cases');
  // The check's script is held back until the photo is chosen, as on a slow phone: it must still see the photo.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/_astro\/file-limits\.[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.locator('.case-item').filter({ hasText: 'Assigned' }).first().locator('.case-number').click();
  const photo = page.getByLabel(/^Photo \(at least one/);
  const limit = Number(await photo.getAttribute('data-max-bytes'));
  await photo.setInputFiles(fileOfSize(testInfo, 'site-photo.jpg', limit + 1));
  expect(asked, 'the page asks for the check\'s script').toBe(true);
  release();
  const said = page.getByRole('alert').filter({ hasText: 'site-photo.jpg' });
  await expect(said).toContainText(`more than the ${limit / 1048576} MB this field takes`);
  // The label still names the field alone.
  await expect(page.getByLabel(/^Photo \(at least one/)).toHaveCount(1);
  await expect(photo).toHaveAccessibleName(/^Photo \(at least one[^)]*\)$/);
  await page.getByLabel('Note (optional)').first().fill('Drain cleared.');
  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(photo).toBeFocused();
  await expect(page.getByLabel('Note (optional)').first()).toHaveValue('Drain cleared.');
  expect(posts).toEqual([]);
});
