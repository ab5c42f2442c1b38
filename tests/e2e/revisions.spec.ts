import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { openSession } from './admin-support';

/**
 * An item's history as an editor meets it: from the content screen's History button to the list of
 * revisions, the difference between two of them with changed words marked and unchanged fields folded away,
 * and a one-click restore (with a confirmation) that brings the old text back as a new revision.
 */
const stamp = Date.now().toString(36);
const FIRST = { title: `Road repair in ward 7 ${stamp}`, description: 'The road near the market will be closed on Monday for repairs.' };
const SECOND = { title: `Road repair in ward 7 ${stamp}`, description: 'The road near the bus stand will be closed on Thursday for repairs.' };

async function latestNews(page: Page): Promise<{ id: number; title: string; description: string }[]> {
  return (await (await page.request.get('/api/Admin/latest-news')).json()) as { id: number; title: string; description: string }[];
}

test('the history screen shows what changed between revisions, and restores one in a click', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSession(page);
  const created = await page.request.post('/api/Admin/latest-news', { data: FIRST });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.put('/api/Admin/latest-news', { data: { id, ...SECOND } })).status()).toBe(200);

  await page.goto('/editlatestnews');
  await page.getByRole('link', { name: `History of ${FIRST.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/history/latest-news/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`History of “${FIRST.title}”`);
  const rows = page.getByRole('region', { name: 'Revisions' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('2 (current)');
  await expect(rows.first()).toContainText('admin@');

  const changes = page.getByRole('region', { name: 'Changes from revision 1 to revision 2' });
  const description = changes.locator('.change[data-field="description"]');
  await expect(description.locator('dt')).toHaveText('Description');
  await expect(description.locator('del')).toHaveText(['[removed: market]', '[removed: Monday]']);
  await expect(description.locator('ins')).toHaveText(['[added: bus stand]', '[added: Thursday]']);
  // The title did not change: it is folded away with the other unchanged fields.
  await expect(changes.locator('.change[data-field="title"]')).toHaveCount(0);
  const unchanged = changes.locator('details.unchanged');
  await expect(unchanged.locator('summary')).toHaveText('1 unchanged field');
  await expect(unchanged.getByText(FIRST.title)).toBeHidden();
  await unchanged.locator('summary').click();
  await expect(unchanged.getByText(FIRST.title)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'history screen');

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Restore revision 1: one click, confirmed in the back office's dialog.
  await rows.nth(1).getByRole('button', { name: 'Restore this revision (1)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore revision 1?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/history/latest-news/${id}\\?to=3$`));
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Restored from revision 1');
  const restored = page.getByRole('region', { name: 'Changes from revision 2 to revision 3' });
  await expect(restored.locator('.change[data-field="description"] ins')).toHaveText(['[added: market]', '[added: Monday]']);

  const record = (await latestNews(page)).find((item) => item.id === id);
  expect(record?.description).toBe(FIRST.description);
  // And the public list shows it at once.
  await page.context().clearCookies();
  await page.goto('/latestnews');
  await expect(page.getByText(FIRST.description).first()).toBeVisible();
});

test('compare any two revisions, and cancel a restore without changing anything', async ({ page }) => {
  await openSession(page);
  const created = await page.request.post('/api/Admin/latest-news', { data: { title: `Compare ${stamp}`, description: 'one' } });
  const { id } = (await created.json()) as { id: number };
  for (const description of ['one two', 'one two three']) await page.request.put('/api/Admin/latest-news', { data: { id, title: `Compare ${stamp}`, description } });
  await page.goto(`/history/latest-news/${id}`);
  await page.getByLabel('Compare revision').selectOption('1');
  await page.getByLabel('with').selectOption('3');
  await page.getByRole('button', { name: 'Compare' }).click();
  const changes = page.getByRole('region', { name: 'Changes from revision 1 to revision 3' });
  await expect(changes.locator('ins')).toHaveText(['[added: two three]']);

  await page.getByRole('button', { name: 'Restore this revision (1)' }).click();
  await page.getByRole('dialog', { name: 'Restore revision 1?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await latestNews(page)).find((item) => item.id === id)?.description).toBe('one two three');
  await expect(page.getByRole('region', { name: 'Revisions' }).locator('tbody tr')).toHaveCount(3);
});
