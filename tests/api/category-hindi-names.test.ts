import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';

/**
 * An admin names a grievance category in Hindi on /grievance-settings: Hindi pages (the lodging form, the
 * public list) show that name, English pages keep the English title, and clearing it brings back the
 * catalogue's name. Runs on the shared server against a category the public list already shows, and puts
 * the name back as it found it.
 */
let admin: string;
let category: { id: string; title: string };
let hindiBefore = '';
const url = (path: string) => `${baseUrl()}${path}`;
const page = async (path: string) => (await fetch(url(path))).text();
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
/** The text of the lodging form's option for the category (tags inside removed). */
const optionText = (html: string, id: string) => decode(new RegExp(`<option value="${id}"[^>]*>([^<]*)</option>`).exec(html)?.[1] ?? '');

async function setHindiName(nameHi: string, token = admin) {
  return fetch(url('/grievance-settings'), { method: 'POST', headers: bearer(token), body: new URLSearchParams({ categoryHi: category.id, nameHi }), redirect: 'manual' });
}

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password);
  // A category the first page of the public list shows, and its id as Open311 lists it.
  const title = decode(/data-label="Category"[^>]*>([^<]+)<\/td>/.exec(await page('/viewgrievance'))?.[1] ?? '');
  expect(title).not.toBe('');
  const services = (await (await fetch(url('/open311/v2/services.json'))).json()) as { service_code: string; service_name: string }[];
  category = { id: services.find((s) => s.service_name === title)!.service_code, title };
  hindiBefore = /value="([^"]*)"/.exec(new RegExp(`<input id="name-hi-${category.id}"[^>]*>`).exec(await (await fetch(url('/grievance-settings'), { headers: bearer(admin) })).text())?.[0] ?? '')?.[1] ?? '';
});

afterAll(async () => {
  if (category) await setHindiName(hindiBefore);
});

describe('a category named in Hindi by an admin', () => {
  const nameHi = `परीक्षण श्रेणी ${Math.floor(Math.random() * 1e6)}`;

  it('shows on Hindi pages, not on English ones, and is audited', async () => {
    const saved = await setHindiName(`  ${nameHi} `);
    expect(saved.status).toBe(303);
    expect(optionText(await page('/hi/postgrievance'), category.id)).toBe(nameHi);
    const hindiList = await page('/hi/viewgrievance');
    expect(hindiList).toContain(nameHi);
    expect(hindiList).not.toContain(`<span lang="en">${category.title}</span>`);

    expect(optionText(await page('/postgrievance'), category.id)).toBe(category.title);
    const englishList = await page('/viewgrievance');
    expect(decode(englishList)).toContain(category.title);
    expect(englishList).not.toContain(nameHi);

    const settings = await (await fetch(url('/grievance-settings'), { headers: bearer(admin) })).text();
    expect(settings).toContain(`value="${nameHi}"`);
    const audit = (await (await fetch(url('/api/Admin/audit?entity=grievance-category&pageSize=20'), { headers: bearer(admin) })).json()) as { recordId: number; after: { name_hi?: string } | null }[];
    expect(audit.some((entry) => entry.recordId === Number(category.id) && entry.after?.name_hi === nameHi)).toBe(true);
  });

  it('refuses an over-long name, one without Devanagari, and anyone but an admin, keeping the stored name', async () => {
    const long = await setHindiName('क'.repeat(101));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('The Hindi name is at most 100 characters.');
    const latin = await setHindiName('Stray cattle');
    expect(latin.status).toBe(400);
    const refused = await latin.text();
    expect(refused).toContain('Write the Hindi name in Devanagari script.');
    // What was typed comes back in its field, marked, so nothing is lost.
    expect(refused).toMatch(/name="nameHi"[^>]*value="Stray cattle"[^>]*aria-invalid="true"/);
    const user = await login(USER.email, USER.password);
    expect((await setHindiName('अन्य नाम', user)).status).toBe(302);
    expect(optionText(await page('/hi/postgrievance'), category.id)).toBe(nameHi);
  });

  it('falls back to the catalogue\'s name (or the English title) once cleared', async () => {
    expect((await setHindiName('')).status).toBe(303);
    const option = optionText(await page('/hi/postgrievance'), category.id);
    expect(option).not.toBe(nameHi);
    expect(option).not.toBe('');
  });
});
