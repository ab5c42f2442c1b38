import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { ADMIN, e2eDatabasePath, openSession } from './admin-support';

/**
 * Nothing typed into a back office form is lost when the session ends on the server underneath it: the
 * save answered 401 sends the clerk to sign in again, and the screen then offers the typing back, which
 * saves like any other. Also after a closed tab.
 */

/** Ends every session on the server at once, as an administrator's forced sign-out or a purge would. */
function deleteAllSessions(): void {
  const file = new Database(e2eDatabasePath());
  try {
    file.prepare('DELETE FROM user_session').run();
  } finally {
    file.close();
  }
}

test('a save refused because the session was ended on the server keeps the typing, offered back after signing in', async ({ page }) => {
  const title = `Kept across a forced sign-out ${Date.now().toString(36)}`;
  await openSession(page);
  await page.goto('/editlatestnews');
  await page.getByRole('button', { name: 'Create New Latest News' }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Typed before the session was ended on the server.');

  deleteAllSessions();
  const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Admin/latest-news' && res.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create Latest News' }).click();
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/login\?expired=1&next=%2Feditlatestnews$/);

  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/editlatestnews$/);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes to a new latest news' })).toBeVisible();
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(form.getByLabel('Description', { exact: true })).toHaveValue('Typed before the session was ended on the server.');
  await form.getByRole('button', { name: 'Create Latest News' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'News item saved.' })).toBeVisible();

  const saved = (await (await page.request.get('/api/Admin/latest-news')).json()) as { title: string; description: string }[];
  expect(saved.find((item) => item.title === title)?.description).toBe('Typed before the session was ended on the server.');
  // Saved, the draft is gone.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Restore draft' })).toHaveCount(0);
});

test('an edit typed into a tab that was then closed is offered back in a new tab', async ({ page, context }) => {
  await openSession(page);
  await page.goto('/editlatestnews');
  const first = page.locator('.crud-table tbody tr').first();
  await first.getByRole('button', { name: /^Edit / }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Description', { exact: true }).fill('Typed, then the tab was closed.');
  await page.close();

  const again = await context.newPage();
  await again.goto('/editlatestnews');
  await expect(again.getByRole('status').filter({ hasText: 'Unsaved changes to "' })).toBeVisible();
  await again.getByRole('button', { name: 'Restore draft' }).click();
  await expect(again.getByRole('heading', { name: 'Edit Latest News' })).toBeVisible();
  await expect(again.locator('form.crud-form').getByLabel('Description', { exact: true })).toHaveValue('Typed, then the tab was closed.');
  await again.getByRole('button', { name: 'Cancel' }).click();
});

test('the alert form keeps its typing across a forced sign-out the same way', async ({ page }) => {
  const text = `Alert kept across a sign-out ${Date.now().toString(36)}`;
  await openSession(page);
  await page.goto('/alerts');
  await page.getByRole('button', { name: 'Create New Alert' }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Text in English').fill(text);
  await form.getByLabel('Shows from (Indian time)').fill('2099-01-01T09:00');
  await form.getByLabel('Shows until (Indian time)').fill('2099-01-01T18:00');

  deleteAllSessions();
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page).toHaveURL(/\/login\?expired=1&next=%2Falerts$/);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await expect(form.getByLabel('Text in English')).toHaveValue(text);
  await expect(form.getByLabel('Shows until (Indian time)')).toHaveValue('2099-01-01T18:00');
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();

  const alerts = (await (await page.request.get('/api/Admin/alerts')).json()) as { id: number; textEn: string; endsAt: string }[];
  const saved = alerts.find((alert) => alert.textEn === text);
  expect(saved?.endsAt).toBe('2099-01-01T18:00');
  await page.request.delete(`/api/Admin/alerts/${saved!.id}`);
});
