import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONTENT_TYPES } from '../../src/features/content-types';
import { deleteQuestion, savedMessage, type ContentTypeDef, type FieldDef } from '../../src/lib/content-type';
import { indianDate } from '../../src/lib/india-time';
import { jpegFile, openSession, pdfFile, webmFile } from './admin-support';

/**
 * Every content screen, through the browser as an admin: create a record with its files, edit it, delete
 * it, and see each step on the public page the citizens read, straight after the save.
 */

type Values = Record<string, string>;
let run = 0;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Values a member of staff might type. Dates are today (a tender closes in a month, so it is active). */
function sampleValues(def: ContentTypeDef): Values {
  run += 1;
  const stamp = `${Date.now().toString(36)}${run}`;
  const today = indianDate(Date.now());
  const values: Values = {};
  const sample: Record<FieldDef['input'], (f: FieldDef) => string> = {
    text: (f) => `E2E ${f.label} ${stamp}`,
    textarea: (f) => `${f.label} typed by the browser test ${stamp}.`,
    date: (f) => (f.key === 'last_date_of_submission' ? addDays(today, 30) : today),
    time: () => '15:30',
    email: () => `e2e${stamp}@example.org`,
    tel: () => '9876543210',
    number: () => String(run),
    checkbox: () => 'true',
    // The last designation is 'Employees', whom the public employee list shows.
    select: (f) => f.options?.[f.options.length - 1] ?? '',
  };
  for (const field of def.fields) values[field.key] = field.example ?? sample[field.input](field);
  return values;
}

/** The text the public page shows for a record (tenders are listed by title, not number). */
function publicText(def: ContentTypeDef, values: Values): string | null {
  const key = ['title', 'name', 'tender_title'].find((k) => def.fields.some((f) => f.key === k));
  return key ? values[key] : null;
}

/** The name the admin table gives a row's buttons: its first text field, else the type and id. */
function rowName(def: ContentTypeDef, values: Values, id: number): string {
  const first = def.fields.find((f) => f.input === 'text');
  return first ? values[first.key] : `${def.heading} ${id}`;
}

async function fillForm(page: Page, def: ContentTypeDef, values: Values, onlyText = false): Promise<void> {
  const form = page.locator('form.crud-form');
  for (const field of def.fields) {
    if (onlyText && field.input !== 'text') continue;
    const input = form.getByLabel(field.label, { exact: true });
    if (field.input === 'checkbox') await input.check();
    else if (field.input === 'select') await input.selectOption(values[field.key]);
    // Date fields are typed day first (dd/mm/yyyy); the API answers YYYY-MM-DD.
    else if (field.input === 'date') await input.fill(values[field.key].split('-').reverse().join('/'));
    else await input.fill(values[field.key]);
  }
}

async function pickFiles(page: Page, def: ContentTypeDef, colour: string): Promise<void> {
  const form = page.locator('form.crud-form');
  for (const [i, slot] of def.files.entries()) {
    const file = slot.kind === 'image' ? await jpegFile(colour) : slot.kind === 'video' ? webmFile() : pdfFile(`${def.path}-${colour.slice(1)}-${i + 1}`);
    await form.getByLabel(slot.label, { exact: true }).setInputFiles(file);
    if (slot.kind === 'image') await expect(form.getByAltText(`Preview of ${file.name}`)).toBeVisible();
    else await expect(form.getByText(file.name, { exact: true })).toBeVisible();
  }
}

/** Submits the form and returns the saved record the API answered; the screen says so in its status line. */
async function submit(page: Page, def: ContentTypeDef, label: string): Promise<Record<string, any>> {
  const answer = page.waitForResponse((res) => res.url().includes(`/api/Admin/${def.path}`) && ['POST', 'PUT'].includes(res.request().method()));
  await page.getByRole('button', { name: label, exact: true }).click();
  const saved = await (await answer).json();
  await expect(page.locator('.crud').getByRole('status').filter({ hasText: savedMessage(def, 'published') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return saved;
}

/** What an anonymous citizen gets from the public page right now. */
async function publicPage(request: APIRequestContext, def: ContentTypeDef): Promise<string> {
  const res = await request.get(def.publicRoute, { headers: { cookie: '' } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** The record's trace on its public page: its title or name, or for a slider picture its stored file. */
function trace(def: ContentTypeDef, values: Values, saved: Record<string, any>): string {
  const text = publicText(def, values);
  if (text) return text;
  const url = String(saved[def.files[0].key]);
  return url.match(/[0-9a-f]{64}/)![0];
}

for (const def of CONTENT_TYPES) {
  test(`${def.heading}: create with files, edit and delete on ${def.adminRoute}, seen on ${def.publicRoute}`, async ({ page, request }) => {
    await openSession(page);
    await page.goto(def.adminRoute);
    await expect(page.getByRole('heading', { level: 1, name: def.heading })).toBeVisible();
    await expect(page.locator('#admin-sidebar a[aria-current="page"]')).toHaveAttribute('href', def.adminRoute);

    // Create
    await page.getByRole('button', { name: def.createButton, exact: true }).click();
    await expect(page.getByRole('heading', { name: def.formTitle.create, exact: true })).toBeVisible();
    const values = sampleValues(def);
    await fillForm(page, def, values);
    await pickFiles(page, def, '#1d4ed8');
    const created = await submit(page, def, def.submitLabel.create);
    const name = rowName(def, values, created.id);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
    await expect(row).toHaveCount(1);
    // The row keeps to the columns that identify it, with its actions in sight; every
    // listed field and file is in its Details dialog.
    await expect(row.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeInViewport();
    const picture = def.files.find((s) => s.listed && s.kind === 'image');
    if (picture) await expect(row.getByRole('img', { name: `${picture.label}: ${name}` })).toBeVisible();
    await row.getByRole('button', { name: `Details of ${name}`, exact: true }).click();
    const details = page.getByRole('dialog', { name, exact: true });
    await expect(details).toBeVisible();
    for (const slot of def.files.filter((s) => s.listed)) {
      if (slot.kind === 'image') await expect(details.getByRole('img', { name: `${slot.label}: ${name}` })).toBeVisible();
      else await expect(details.getByRole('link', { name: 'Download Document' }).first()).toBeAttached();
    }
    for (const field of def.fields.filter((f) => f.listed)) await expect(details.locator('dt', { hasText: field.label }).first()).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    expect(await publicPage(request, def)).toContain(trace(def, values, created));

    // Edit: new text everywhere, or for a text-less slider a new picture; stored documents stay.
    await row.getByRole('button', { name: 'Edit', exact: false }).click();
    await expect(page.getByRole('heading', { name: def.formTitle.edit, exact: true })).toBeVisible();
    const changed = sampleValues(def);
    const hasText = def.fields.some((f) => f.input === 'text');
    if (hasText) await fillForm(page, def, changed, true);
    else await pickFiles(page, def, '#15803d');
    const updated = await submit(page, def, def.submitLabel.edit);
    expect(updated.id).toBe(created.id);
    if (hasText) for (const slot of def.files) expect(updated[slot.key]).toBe(created[slot.key]);
    const editedValues = hasText ? { ...values, ...Object.fromEntries(def.fields.filter((f) => f.input === 'text').map((f) => [f.key, changed[f.key]])) } : values;
    const newName = rowName(def, editedValues, created.id);
    const editedRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${newName}`, exact: true }) });
    await expect(editedRow).toHaveCount(1);
    if (hasText) await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toHaveCount(0);
    const afterEdit = await publicPage(request, def);
    expect(afterEdit).toContain(trace(def, editedValues, updated));
    if (publicText(def, values)) expect(afterEdit).not.toContain(trace(def, values, created));

    // Delete, after our own question naming the item: Escape keeps it, Delete removes it.
    let browserAsked = false;
    page.on('dialog', () => { browserAsked = true; });
    await editedRow.getByRole('button', { name: 'Delete', exact: false }).click();
    const question = page.getByRole('dialog', { name: deleteQuestion(def, newName), exact: true });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(editedRow).toHaveCount(1);
    await editedRow.getByRole('button', { name: 'Delete', exact: false }).click();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    const deleted = page.getByRole('dialog', { name: 'Deleted' });
    await expect(deleted).toContainText(def.messages.deleted);
    expect(browserAsked).toBe(false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: `Edit ${newName}`, exact: true })).toHaveCount(0);
    expect(await publicPage(request, def)).not.toContain(trace(def, editedValues, updated));
  });
}

test('a form shows the declared messages under its fields and sends nothing until they are met', async ({ page }) => {
  await openSession(page);
  await page.goto('/edittender');
  await page.getByRole('button', { name: 'Create New Tender' }).click();
  let sent = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/Admin/tender') && req.method() === 'POST') sent = true;
  });
  await page.getByRole('button', { name: 'Create Tender', exact: true }).click();
  const form = page.locator('form.crud-form');
  await expect(form.getByText('Tender number is required.')).toBeVisible();
  await expect(form.getByText('Tender title is required.')).toBeVisible();
  await expect(form.getByText('Tender document is required!')).toBeVisible();
  await expect(form.getByLabel('Tender number', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(false);

  await page.goto('/editnotice');
  await page.getByRole('button', { name: 'Create New Notice' }).click();
  await page.getByRole('button', { name: 'Create Notice', exact: true }).click();
  await expect(page.locator('form.crud-form').getByText('Title is a required field!')).toBeVisible();
  await expect(page.locator('form.crud-form').getByText('Document file is required!')).toBeVisible();
});

test('an upload shows its progress, and a refused file comes back as an error dialog and a message under its input', async ({ page }) => {
  await openSession(page);
  await page.goto('/editnotice');
  await page.getByRole('button', { name: 'Create New Notice' }).click();
  const form = page.locator('form.crud-form');
  await form.getByLabel('Title', { exact: true }).fill('A notice with a fake document');
  await form.getByLabel('Document', { exact: true }).setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  // The answer is held back until the upload's progress bar has been seen, then let through.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Admin/notice*', async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create Notice', exact: true }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/Uploading… \d+%/)).toBeVisible();
  release();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('Upload a PDF document.');
  await page.keyboard.press('Escape');
  await expect(form.getByText('Upload a PDF document.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit A notice with a fake document' })).toHaveCount(0);
});
