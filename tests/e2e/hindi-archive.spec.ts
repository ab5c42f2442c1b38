import { expect, test } from '@playwright/test';

/**
 * A person searching a Hindi archive page: the search stays in Hindi, the archived notice is shown with its
 * Hindi title and a Hindi date, and the links lead to Hindi pages.
 */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('searching the Hindi notice archive finds an archived notice in Hindi', async ({ page, request }) => {
  const login = await request.post('/api/Account/login', { data: { email: 'admin@nagarparishad.example', password: 'admin-demo-2026' } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const stamp = `arc${Date.now().toString(36)}`;
  const created = await request.post('/api/Admin/notice', {
    headers,
    multipart: {
      'Notice.title': `Old water supply notice ${stamp}`,
      'Notice.title_hi': `पुरानी जलापूर्ति सूचना ${stamp}`,
      'Notice.Description': 'Kept for reference.',
      'Notice.IssueDate': '2001-01-05',
      DocumentFile: { name: 'notice.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(created.status()).toBe(201);
  const id = Number((await created.json()).id);
  try {
    const archived = await request.post(`/api/Admin/notice/${id}/state`, { headers, data: { action: 'archive' } });
    expect(archived.status()).toBe(200);

    await page.goto('/hi/archive/notice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('सूचना अभिलेखागार');
    await page.getByLabel('अभिलेखागार में खोजें').fill(stamp);
    await page.getByRole('main').getByRole('button', { name: 'खोजें', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hi/archive/notice\\?q=${stamp}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    const rows = page.locator('table.archive-table tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.locator('td[data-label="शीर्षक"]')).toHaveText(`पुरानी जलापूर्ति सूचना ${stamp}`);
    // No Hindi description was written: the English is shown, marked as English.
    await expect(rows.locator('td[data-label="विवरण"] [lang="en"]')).toHaveText('Kept for reference.');
    await expect(rows.locator('td[data-label="जारी तिथि"]')).toContainText('जनवरी 2001');
    await expect(rows.getByRole('link', { name: /दस्तावेज़ डाउनलोड करें/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'सूचनाएँ', exact: true }).last()).toHaveAttribute('href', '/hi/notice');

    // A Hindi word of the Hindi title finds it too.
    await page.getByLabel('अभिलेखागार में खोजें').fill(`जलापूर्ति ${stamp}`);
    await page.getByRole('main').getByRole('button', { name: 'खोजें', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.locator('td[data-label="शीर्षक"]')).toHaveText(`पुरानी जलापूर्ति सूचना ${stamp}`);

    // A word that matches nothing says so in Hindi, and the search box keeps what was typed.
    await page.getByLabel('अभिलेखागार में खोजें').fill(`${stamp}zz`);
    await page.getByRole('main').getByRole('button', { name: 'खोजें', exact: true }).click();
    await expect(page.locator('main .empty-state')).toHaveText(`अभिलेखागार में "${stamp}zz" से मेल खाती कोई प्रविष्टि नहीं है।`);
    await expect(page.getByLabel('अभिलेखागार में खोजें')).toHaveValue(`${stamp}zz`);
  } finally {
    await request.delete(`/api/Admin/notice/${id}`, { headers });
  }
});
