import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { ADMIN, openSession, signIn } from './admin-support';

/**
 * The content lifecycle as people use it: an editor writes a draft and sends it for review; an admin finds it
 * in the review queue and sends it back with a comment; the editor reads the comment and resubmits; the admin
 * approves and citizens see it. An admin schedules an item for later.
 */
const EDITOR = DEMO_ACCOUNTS[3];

async function signedIn(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** The dialog that says what just happened, in words of the outcome ('Published'), not of the button. */
async function closeSuccess(page: Page, title: string, text: string) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await expect(dialog).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function publicNews(page: Page): Promise<string> {
  const res = await page.request.get('/latestnews', { headers: { cookie: '' } });
  const html = await res.text();
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
}

test('an editor\'s draft goes through review, is sent back, resubmitted, approved and published', async ({ browser }) => {
  const title = `Ward 7 water tanker timings ${Date.now().toString(36)}`;

  // The editor lands on the dashboard, which counts what waits in review, and writes a draft on the latest news screen.
  const editor = await signedIn(browser, EDITOR);
  await expect(editor).toHaveURL(/\/dashboard$/);
  await expect(editor.locator('.review-count')).toContainText('in review');
  await expect(editor.locator('#admin-sidebar')).not.toContainText('Case Inbox');
  await editor.goto('/editlatestnews');
  await editor.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await editor.getByRole('button', { name: 'Create New Latest News' }).click();
  const form = editor.locator('form.crud-form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Tankers reach Ward 7 at 7 AM and 5 PM.');
  await editor.getByRole('button', { name: 'Create Latest News', exact: true }).click();
  // An editor's save is a draft, and says so (in the status line, nothing to close): not 'saved', which reads as published.
  await expect(editor.getByRole('status').filter({ hasText: 'Draft saved' })).toHaveText('Draft saved: the news item is not on the site until an admin publishes it.');
  const row = editor.getByRole('row').filter({ hasText: title });
  await expect(row.locator('[data-state]')).toHaveText('Draft');
  await expect(row.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  expect(await publicNews(editor)).not.toContain(title);

  await row.getByRole('button', { name: `Workflow of ${title}` }).click();
  const workflow = editor.getByRole('dialog', { name: `Workflow: ${title}` });
  await expect(workflow.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);
  await workflow.getByRole('button', { name: 'Send for review' }).click();
  await closeSuccess(editor, 'Sent for review', `Sent for review: ${title}.`);
  await expect(row.locator('[data-state]')).toHaveText('In review');
  // Waiting for review: the editor can no longer change it.
  await expect(row.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);

  // The admin sees it in the queue and sends it back; a comment is required.
  const admin = await signedIn(browser, ADMIN);
  await expect(admin.locator('.review-count')).toContainText('for your review');
  await admin.goto('/review-queue');
  await admin.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const item = admin.locator('.review-item').filter({ hasText: title });
  await expect(item).toContainText('In review');
  await item.getByRole('button', { name: `Send back ${title}` }).click();
  await item.getByRole('button', { name: 'Send back with comment' }).click();
  await expect(item.getByRole('alert')).toContainText('comment is required');
  await item.getByLabel('What should change? (required)').fill('Add the tanker driver\'s phone number.');
  await item.getByRole('button', { name: 'Send back with comment' }).click();
  await expect(admin.locator('.review-item').filter({ hasText: title })).toHaveCount(0);

  // The editor reads the comment in their queue and resubmits from there.
  await editor.goto('/review-queue');
  await editor.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  const mine = editor.locator('.review-item').filter({ hasText: title });
  await expect(mine).toContainText('Sent back');
  await expect(mine).toContainText('Add the tanker driver\'s phone number.');
  await mine.getByRole('button', { name: `Send ${title} for review` }).click();
  // It waits for review now: listed for the editor to follow, with its state and no step to take.
  const waiting = editor.locator('section', { has: editor.locator('#queue-waiting') }).locator('.review-item').filter({ hasText: title });
  await expect(waiting.locator('[data-state]')).toHaveText('In review');
  await expect(waiting.getByRole('button')).toHaveCount(0);

  // The admin approves; citizens see it at once.
  await admin.reload();
  await admin.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  // The queue reloads after a step and carries its message across: close it once the reload is done.
  const reloaded = admin.waitForEvent('load');
  await admin.locator('.review-item').filter({ hasText: title }).getByRole('button', { name: `Approve ${title}` }).click();
  await reloaded;
  await closeSuccess(admin, 'Published', `Published: ${title}.`);
  await expect(admin.locator('.review-item').filter({ hasText: title })).toHaveCount(0);
  expect(await publicNews(admin)).toContain(title);

  await editor.context().close();
  await admin.context().close();
});

test('an admin schedules an item for later: it shows as scheduled and stays off the public page', async ({ page }) => {
  const title = `Property tax camp ${Date.now().toString(36)}`;
  await openSession(page);
  await page.goto('/editlatestnews');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByRole('button', { name: 'Create New Latest News' }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('A camp at the council office.');
  await page.getByRole('button', { name: 'Create Latest News', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'News item saved.' })).toBeVisible();
  // Every content table has the employee screen's search and pages: the new item is found by its words.
  const search = page.getByRole('searchbox', { name: 'Search news items' });
  await search.fill(title.split(' ').slice(-2).join(' ').toUpperCase());
  await expect(page.locator('.crud-table tbody tr')).toHaveCount(1);
  await expect(page.locator('.find-count')).toHaveText(/^Showing 1–1 of 1 found \(\d+ in all\)\.$/);
  await search.fill('');
  const row = page.getByRole('row').filter({ hasText: title });
  // An admin's new item is published at once, as before.
  await expect(row.locator('[data-state]')).toHaveText('Published');
  expect(await publicNews(page)).toContain(title);

  await row.getByRole('button', { name: `Workflow of ${title}` }).click();
  const workflow = page.getByRole('dialog', { name: `Workflow: ${title}` });
  const publishAt = workflow.getByRole('group', { name: /Publish at/ });
  // Dates are typed day first, whatever the browser's locale; an impossible one is refused in words.
  await publishAt.getByLabel('Date').fill('31/02/2099');
  await publishAt.getByLabel('Time').focus();
  await expect(publishAt.getByRole('alert')).toHaveText('Enter a real date as dd/mm/yyyy, for example 31/01/2027.');
  await publishAt.getByLabel('Date').fill('15/01/2099');
  await publishAt.getByLabel('Time').fill('09:30');
  await workflow.getByRole('button', { name: 'Schedule' }).click();
  await closeSuccess(page, 'Scheduled', `Scheduled: ${title}.`);
  await expect(row.locator('[data-state]')).toHaveText('Scheduled');
  await expect(row).toContainText('15 Jan 2099, 09:30 IST');
  expect(await publicNews(page)).not.toContain(title);
});
