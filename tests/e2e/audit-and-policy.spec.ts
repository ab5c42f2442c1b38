import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, pdfFile } from './admin-support';

/** The audit screen as an admin uses it, and pages that keep working under the Content-Security-Policy. */

function policyViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('the audit log shows who created and edited a notice, and narrows to one kind of record', async ({ page }) => {
  await openSession(page);
  const title = `Audit screen notice ${Date.now()}`;
  const form = { 'Notice.Id': '0', 'Notice.title': title, 'Notice.IssueDate': '2026-11-20', DocumentFile: pdfFile('audit-screen') };
  const created = await page.request.post('/api/Admin/notice', { multipart: form });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const edited = await page.request.put('/api/Admin/notice', { multipart: { 'Notice.Id': String(id), 'Notice.title': `${title} v2` } });
  expect(edited.status()).toBe(200);

  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page.locator('#admin-sidebar a[aria-current="page"]')).toHaveAttribute('href', '/audit');
  // Each entry names the notice by its title as written then, not by its row id.
  const rows = page.getByRole('row').filter({ has: page.locator('td[data-label="Record"]', { hasText: `notice: ${title}` }) });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('td[data-label="Record"]')).toHaveText(`notice: ${title} v2`);
  await expect(rows.nth(1).locator('td[data-label="Record"]')).toHaveText(`notice: ${title}`);
  await expect(page.getByRole('row').filter({ hasText: `notice #${id}` })).toHaveCount(0);
  await expect(rows.nth(0)).toContainText('Edited');
  await expect(rows.nth(0)).toContainText(ADMIN.email);
  await expect(rows.nth(1)).toContainText('Created');
  await rows.nth(0).getByText(/\d+ fields?/).click();
  await expect(rows.nth(0).locator('del', { hasText: title })).toBeVisible();
  await expect(rows.nth(0).locator('ins', { hasText: `${title} v2` })).toBeVisible();

  await page.getByLabel('Kind of record').selectOption('notice');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/entity=notice/);
  const records = await page.locator('td[data-label="Record"]').allTextContents();
  expect(records.length).toBeGreaterThan(0);
  for (const text of records) expect(text).toMatch(/^notice/);
});

test('the home page carousel and an admin screen run under the policy without a single refusal', async ({ page }) => {
  const violations = policyViolations(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Pause|Play/ }).first()).toBeVisible();
  await page.getByRole('button', { name: /Next/ }).first().click();
  await openSession(page);
  await page.goto('/editnotice');
  await page.getByRole('button', { name: 'Create New Notice' }).click();
  await page.locator('form.crud-form').getByLabel('Document', { exact: true }).setInputFiles(pdfFile('preview'));
  await expect(page.locator('form.crud-form').getByText('preview.pdf', { exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});
