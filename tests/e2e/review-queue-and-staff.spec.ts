import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { sidewaysOverflow } from '../support/layout';
import { ADMIN, openSession } from './admin-support';

/**
 * The review queue and the staff accounts screen as staff use them: each queue entry opens its own record;
 * an editor follows their items waiting for review; a published item is republished, never approved again;
 * an admin adds an account and reloads the page without adding it twice, and changes a role after a question.
 * Screenshots at 375 and 1280 px go to SHOTS_DIR when it is set.
 */
const EDITOR = DEMO_ACCOUNTS[3];
const SHOTS = process.env.SHOTS_DIR;

async function as(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSession(page, account);
  return page;
}

async function hydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

/** The page at both widths, loaded once (no page script reads the window's size). */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `${name} at ${width}px scrolls sideways by`).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('the queue opens each item\'s own record, an editor follows their items in review, and a published item is republished, not approved', async ({ browser }) => {
  const title = `Ward 9 ration card camp ${Date.now().toString(36)}`;
  const editor = await as(browser, EDITOR);
  const created = await editor.request.post('/api/Admin/latest-news', { data: { id: 0, title, description: 'At the ward office, 10 AM to 4 PM.' } });
  expect(created.status()).toBe(201);

  // The editor's draft: its Open link leads to its own form, not to the top of the list.
  await hydrated(editor, '/review-queue');
  const drafts = editor.locator('section', { has: editor.locator('#queue-items') });
  await drafts.getByRole('link', { name: `Open Latest News: ${title}` }).click();
  await expect(editor).toHaveURL(/\/editlatestnews\?edit=\d+$/);
  await expect(editor.locator('form.crud-form').getByLabel('Title', { exact: true })).toHaveValue(title);

  // Sent for review, it moves to the editor's list of items waiting: state shown, nothing to press but Open.
  await hydrated(editor, '/review-queue');
  const reloaded = editor.waitForEvent('load');
  await drafts.getByRole('button', { name: `Send ${title} for review` }).click();
  await reloaded;
  const sent = editor.getByRole('dialog', { name: 'Sent for review', exact: true });
  await expect(sent).toBeVisible();
  await editor.keyboard.press('Escape');
  await expect(sent).toBeHidden();
  const waiting = editor.locator('section', { has: editor.locator('#queue-waiting') });
  const mine = waiting.locator('.review-item').filter({ hasText: title });
  await expect(mine.locator('[data-state]')).toHaveText('In review');
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(drafts.locator('.review-item').filter({ hasText: title })).toHaveCount(0);
  await shots(editor, 'review-queue-editor');
  // Open shows it to read: the editor may no longer change it.
  await mine.getByRole('link', { name: `Open Latest News: ${title}` }).click();
  await editor.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await expect(editor.getByRole('dialog', { name: title })).toContainText('At the ward office, 10 AM to 4 PM.');
  await expect(editor.locator('form.crud-form')).toHaveCount(0);

  // The admin opens the same item from the queue, then approves it there.
  const admin = await as(browser, ADMIN);
  await hydrated(admin, '/review-queue');
  const entry = admin.locator('.review-item').filter({ hasText: title });
  await shots(admin, 'review-queue-admin');
  await entry.getByRole('link', { name: `Open Latest News: ${title}` }).click();
  await expect(admin.locator('form.crud-form').getByLabel('Title', { exact: true })).toHaveValue(title);
  await hydrated(admin, '/review-queue');
  const approved = admin.waitForEvent('load');
  await entry.getByRole('button', { name: `Approve ${title}` }).click();
  await approved;
  await expect(admin.getByRole('dialog', { name: 'Published', exact: true })).toContainText(`Published: ${title}.`);

  // Published, its workflow offers to republish it, never to approve it again.
  await hydrated(admin, `/editlatestnews`);
  await admin.getByRole('row').filter({ hasText: title }).getByRole('button', { name: `Workflow of ${title}` }).click();
  const workflow = admin.getByRole('dialog', { name: `Workflow: ${title}` });
  await expect(workflow.getByRole('button', { name: 'Republish now' })).toBeVisible();
  await expect(workflow.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);

  await editor.context().close();
  await admin.context().close();
});

test('an admin adds an account, reloads the page without adding it again, and changes a role after a question', async ({ page }) => {
  const email = `ward-clerk-${Date.now().toString(36)}@nagarparishad.example`;
  await openSession(page);
  await page.goto('/staff');
  await page.getByLabel('Name', { exact: true }).fill('Kavita Ward Clerk');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' });
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page).toHaveURL(/\/staff\?done=added&id=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Added Kavita Ward Clerk' })).toHaveText(`Added Kavita Ward Clerk (${email}) as Editor.`);
  await expect(page.locator('[data-one-time-password]')).toHaveText(/^[a-z0-9]{12}$/);

  // A reload asks for the page again, nothing more: no second account, no "exists already", no password.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[data-one-time-password]')).toHaveCount(0);
  await expect(page.locator('[data-password-gone]')).toBeVisible();

  // The role: asked first, changed only on the question's own button.
  await page.goto(`/staff?q=${encodeURIComponent(email)}`);
  await page.getByRole('combobox', { name: `Role of ${email}` }).selectOption({ label: 'Cashier' });
  await page.getByRole('button', { name: `Change the role of ${email}` }).click();
  const question = page.locator('[data-question="role"]');
  await expect(question).toContainText(`Change the role of Kavita Ward Clerk (${email}) from Editor to Cashier?`);
  await expect(page.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('editor');
  await shots(page, 'staff-role-question');
  await question.getByRole('button', { name: 'Yes, make them Cashier' }).click();
  await expect(page).toHaveURL(/\/staff\?q=[^&]+&done=role&id=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'is now Cashier' })).toContainText(`Kavita Ward Clerk (${email}) is now Cashier.`);
  await expect(page.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('cashier');
  // The admin's own row offers no role change.
  await page.goto(`/staff?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(page.getByRole('combobox', { name: `Role of ${ADMIN.email}` })).toHaveCount(0);
  await page.getByText('What each role does').click();
  await expect(page.locator('.role-list dt')).toHaveCount(8);
  await shots(page, 'staff-accounts');
});
