import { beforeAll, describe, expect, it } from 'vitest';
import { noticeType } from '../../src/features/notice/notice.schema';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';
import { contentForm, sampleFile, sampleJpeg, sampleValues } from '../support/content-samples';

/**
 * Hindi beside English: the admin API takes and answers `<field>_hi`, the public API keeps its keys, Hindi
 * pages show the Hindi (or the English marked lang="en"), and the translations list follows every edit.
 */
let token: string;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl()}${path}`, { headers });
  return { status: res.status, text: await res.text() };
};

async function saveNews(method: 'POST' | 'PUT', body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl()}/api/Admin/latest-news?media=url`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: number; errors?: Record<string, string> } };
}

beforeAll(async () => {
  token = await login(ADMIN.email, ADMIN.password);
});

describe('Hindi content on the public pages', () => {
  it('shows the demo Hindi on /hi pages and the English, marked as English, where there is none', async () => {
    const hindi = await get('/hi/notice');
    expect(hindi.status).toBe(200);
    expect(hindi.text).toContain('बाज़ार क्षेत्रों में एकल-उपयोग प्लास्टिक थैलों पर प्रतिबंध');
    // An untranslated demo notice reads in English, inside an element that says so.
    expect(hindi.text).toMatch(/<span lang="en">Document verification of street vendors under PM SVANidhi<\/span>/);
    const english = await get('/notice');
    expect(english.text).toContain('Ban on single-use plastic carry bags in market areas');
    expect(english.text).not.toContain('प्लास्टिक थैलों');
    expect(english.text).not.toContain('<span lang="en">');
  });

  it('translates tenders, press releases, gallery titles and designations', async () => {
    expect((await get('/hi/currenttender')).text + (await get('/hi/pasttender')).text).toContain('सभी वार्डों में मुख्य नालों की मानसून-पूर्व उड़ाही');
    expect((await get('/hi/pressrelease')).text).toContain('नगर परिषद ने टैक्स काउंटर का समय बढ़ाया');
    expect((await get('/hi/photogallery')).text).toContain('गणतंत्र दिवस ध्वजारोहण');
    expect((await get('/hi/wardparsad')).text).toContain('वार्ड पार्षद');
  });

  it('shows a new Hindi text at once, on a page that was cached before the save', async () => {
    const before = await get('/hi/latestnews');
    expect(before.status).toBe(200);
    const saved = await saveNews('POST', { title: 'Ward office moves to the new building', description: 'From Monday.', title_hi: 'वार्ड कार्यालय नए भवन में' });
    expect(saved.status).toBe(201);
    const after = await get('/hi/latestnews');
    expect(after.text).toContain('वार्ड कार्यालय नए भवन में');
    expect(after.text).toContain('<span lang="en">From Monday.</span>');
  });
});

describe('the admin API with Hindi fields', () => {
  it('takes Hindi as extra JSON fields, answers them, and keeps them when an update leaves them out', async () => {
    const created = await saveNews('POST', { title: 'Tax camp in Ward 3', description: 'Bring your last receipt.', title_hi: 'वार्ड 3 में कर शिविर', description_hi: 'पिछली रसीद साथ लाएँ।' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Tax camp in Ward 3', title_hi: 'वार्ड 3 में कर शिविर', description_hi: 'पिछली रसीद साथ लाएँ।' });
    const one = JSON.parse((await get(`/api/Admin/latest-news/${created.body.id}?media=url`, bearer(token))).text);
    expect(one.title_hi).toBe('वार्ड 3 में कर शिविर');
    const updated = await saveNews('PUT', { id: created.body.id, title: 'Tax camp in Ward 3 and 4' });
    expect(updated.body).toMatchObject({ title: 'Tax camp in Ward 3 and 4', title_hi: 'वार्ड 3 में कर शिविर' });
    const cleared = await saveNews('PUT', { id: created.body.id, description_hi: '' });
    expect(cleared.body.description_hi).toBe('');
  });

  it('keeps the public API exactly as it was: no Hindi keys', async () => {
    const list = JSON.parse((await get('/api/Public/latest-news?media=url')).text) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) expect(Object.keys(item).some((key) => key.endsWith('_hi'))).toBe(false);
  });

  it('takes Hindi as extra multipart parts (Notice.title_hi) from our own form', async () => {
    const values = sampleValues(noticeType, 901);
    const form = contentForm(noticeType, values, { filePath: sampleFile(noticeType.files[0], await sampleJpeg(), 'hi-notice') });
    form.append('Notice.title_hi', 'हिन्दी शीर्षक वाली सूचना');
    const res = await fetch(`${baseUrl()}/api/Admin/notice?media=url`, { method: 'POST', headers: bearer(token), body: form });
    expect(res.status).toBe(201);
    const saved = await res.json();
    expect(saved.title_hi).toBe('हिन्दी शीर्षक वाली सूचना');
    expect(saved.description_hi).toBe('');
  });

  it('refuses Hindi that is too long or not text, with the field named, and stores nothing', async () => {
    const title = `Refused ${Date.now()}`;
    const long = await saveNews('POST', { title, description: 'x', title_hi: 'क'.repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.errors?.title_hi).toMatch(/Title \(Hindi\).*300/);
    const wrong = await saveNews('POST', { title, description: 'x', description_hi: { text: 'नहीं' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.description_hi).toMatch(/must be sent as text/);
    const list = JSON.parse((await get('/api/Admin/latest-news?media=url', bearer(token))).text) as { title: string }[];
    expect(list.some((item) => item.title === title)).toBe(false);
  });

  it('records the Hindi in the audit log with the record', async () => {
    const created = await saveNews('POST', { title: 'Audited bilingual item', description: 'Body.', title_hi: 'लेखा-परीक्षित मद' });
    const entries = JSON.parse((await get('/api/Admin/audit?entity=latest-news', bearer(token))).text) as { recordId: number; after: { hi?: Record<string, string> } | null }[];
    const entry = entries.find((candidate) => candidate.recordId === created.body.id);
    expect(entry?.after?.hi).toEqual({ title: 'लेखा-परीक्षित मद' });
  });
});

describe('the translations list', () => {
  it('counts complete, outdated and missing per type, and marks an item outdated when its English changes', async () => {
    const title = `Bilingual status check ${Date.now()}`;
    const created = await saveNews('POST', { title, description: 'Same text.', title_hi: 'स्थिति जाँच', description_hi: 'वही पाठ।' });
    const page = async (query: string) => (await get(`/translations${query}`, bearer(token))).text;
    expect(await page('?type=latest-news&status=complete')).toContain(title);
    await saveNews('PUT', { id: created.body.id, description: 'Changed text.' });
    const outdated = await page('?type=latest-news&status=outdated');
    expect(outdated).toContain(title);
    expect(outdated).toContain('English changed: Description');
    expect(outdated).toContain(`/editlatestnews?edit=${created.body.id}`);
    // Writing the Hindi again, from the new English, makes it complete.
    await saveNews('PUT', { id: created.body.id, description_hi: 'बदला हुआ पाठ।' });
    expect(await page('?type=latest-news&status=complete')).toContain(title);
    const overview = await page('');
    const count = (type: string, status: string) => Number(new RegExp(`type=${type}&#38;status=${status}" class="count[^"]*"[^>]*>(\\d+)<`).exec(overview)?.[1]);
    // The demo leaves some notices untranslated and translates most news.
    expect(count('notice', 'missing')).toBeGreaterThan(0);
    expect(count('latest-news', 'complete')).toBeGreaterThan(0);
  });

  it('is for admins only', async () => {
    const staff = await login(USER.email, USER.password);
    const asStaff = await fetch(`${baseUrl()}/translations`, { headers: bearer(staff), redirect: 'manual' });
    expect(asStaff.status).toBe(302);
    expect(asStaff.headers.get('location')).not.toContain('translations');
    const anonymous = await fetch(`${baseUrl()}/translations`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?next=%2Ftranslations');
  });
});
