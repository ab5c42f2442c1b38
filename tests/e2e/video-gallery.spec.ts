import { expect, test } from '@playwright/test';
import { videoGalleryType as def } from '../../src/features/videogallery/videogallery.schema';
import { jpegFile, openSession } from './admin-support';

/**
 * An admin adds a YouTube link with a poster of our own; a visitor sees that poster and, only when pressing
 * play, the privacy-enhanced player: before the press, the page asks nothing of any other site.
 */
test('a linked video shows our poster and loads youtube-nocookie only on play', async ({ page, baseURL }) => {
  const title = `E2E linked video ${Date.now().toString(36)}`;
  await openSession(page);
  await page.goto(def.adminRoute);
  await page.getByRole('button', { name: def.createButton, exact: true }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('YouTube link', { exact: true }).fill('https://youtu.be/aqz-KE-bpKQ');
  await form.getByLabel('Poster picture', { exact: true }).setInputFiles(await jpegFile('#0b4f6c', 'poster.jpg'));
  const answer = page.waitForResponse((res) => res.url().includes(`/api/Admin/${def.path}`) && res.request().method() === 'POST');
  await page.getByRole('button', { name: def.submitLabel.create, exact: true }).click();
  const saved = await (await answer).json();
  expect(saved.youtubeUrl).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
  await expect(page.getByRole('status').filter({ hasText: / saved\.$/ })).toBeVisible();

  // A visitor (no session) on the public page: every request stays on our own host until play is pressed.
  const visitor = await page.context().browser()!.newPage();
  const ownHost = new URL(baseURL!).host;
  const elsewhere: string[] = [];
  visitor.on('request', (request) => {
    if (new URL(request.url()).host !== ownHost) elsewhere.push(request.url());
  });
  // The player itself is not fetched in the test: the frame's address is what the press must produce.
  await visitor.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }));
  await visitor.goto('/videogallery');
  const card = visitor.locator(`#video-${saved.id}`);
  await expect(card.locator('img')).toHaveAttribute('src', saved.posterPath);
  await expect(card.locator('img')).toBeVisible();
  expect(elsewhere).toEqual([]);

  await card.getByRole('link', { name: `Play the video: ${title}` }).click();
  const frame = card.locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
  await expect.poll(() => elsewhere).toEqual(['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1']);
  await expect(visitor).toHaveURL(/\/videogallery$/);
  await visitor.close();
});
