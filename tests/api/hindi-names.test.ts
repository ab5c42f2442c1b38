import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, baseUrl, bearer, login } from '../support/api';
import { samplePdf } from '../support/content-samples';

/**
 * An admin gives the words staff type in English a Hindi name on /hindi-names: a department, a tender's
 * status, a ward. Hindi pages show it at once (their cached copies are dropped), English pages keep the
 * English, the change is audited, and a bad name or anyone but an admin is refused. Runs on the shared
 * server with a department of its own, and clears the names it gave words other files read.
 */
const url = (path: string) => `${baseUrl()}${path}`;
const page = async (path: string) => (await fetch(url(path))).text();
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
const run = Math.floor(Math.random() * 1e6);
const department = `Lake Works ${run}`;
let admin: string;
let circularId = 0;
const cleared: [string, string][] = [];

async function name(kind: string, english: string, nameHi: string, token = admin) {
  return fetch(url('/hindi-names'), { method: 'POST', headers: bearer(token), body: new URLSearchParams({ kind, english, nameHi }), redirect: 'manual' });
}

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password);
  const form = new FormData();
  form.set('Circular.Id', '0');
  form.set('Circular.title', `Boating rules ${run}`);
  form.set('Circular.Description', 'Boats keep to the east bank.');
  form.set('Circular.Department', department);
  form.set('DocumentFile', new Blob([samplePdf('boating')], { type: 'application/pdf' }), 'boating.pdf');
  const made = await fetch(url('/api/Admin/circular'), { method: 'POST', headers: bearer(admin), body: form });
  expect(made.status).toBe(201);
  const list = (await (await fetch(url('/api/Admin/circular'), { headers: bearer(admin) })).json()) as { id: number; title: string }[];
  circularId = list.find((c) => c.title === `Boating rules ${run}`)!.id;
});

afterAll(async () => {
  for (const [kind, english] of cleared) await name(kind, english, '');
});

describe('Hindi names of the words staff type in English', () => {
  it('shows a department\'s Hindi name on Hindi pages once an admin gives it, not on English ones, and audits it', async () => {
    // Before: the Hindi page shows the English word, marked as English.
    expect(await page(`/hi/circulars/${circularId}`)).toContain(`<span lang="en">${department}</span>`);
    const screen = await (await fetch(url('/hindi-names'), { headers: bearer(admin) })).text();
    expect(decode(screen)).toContain(`value="${department}"`);

    const nameHi = `झील निर्माण ${run}`;
    expect((await name('department', department, ` ${nameHi}  `)).status).toBe(303);
    const hindi = await page(`/hi/circulars/${circularId}`);
    expect(hindi).toContain(nameHi);
    expect(hindi).not.toContain(`<span lang="en">${department}</span>`);
    expect(await page('/hi/circulars')).toContain(nameHi);
    const english = await page(`/circulars/${circularId}`);
    expect(english).toContain(department);
    expect(english).not.toContain(nameHi);

    const audit = (await (await fetch(url('/api/Admin/audit?entity=hindi-name&pageSize=50'), { headers: bearer(admin) })).json()) as { after: { name_hi?: string } | null }[];
    expect(audit.some((entry) => entry.after?.name_hi === nameHi)).toBe(true);
    const log = await (await fetch(url('/audit?entity=hindi-name'), { headers: bearer(admin) })).text();
    expect(log).toContain(`hindi-name: department ${department}`);
  });

  it('names a tender\'s status and a ward in Hindi, and an empty name brings back the usual words', async () => {
    const ids = [...(await page('/currenttender')).matchAll(/tender-details\?id=(\d+)/g)].map((m) => m[1]);
    const status = decode(/<dt[^>]*>Status<\/dt>\s*<dd[^>]*>([^<]+)<\/dd>/.exec(await page(`/tender-details?id=${ids[0]}`))?.[1] ?? '').trim();
    expect(status).not.toBe('');
    cleared.push(['tender-status', status]);
    expect((await name('tender-status', status, `परीक्षण स्थिति ${run}`)).status).toBe(303);
    expect(await page(`/hi/tender-details?id=${ids[0]}`)).toMatch(new RegExp(`<dd[^>]*>परीक्षण स्थिति ${run}</dd>`));

    const ward = /<option value="\d+"[^>]*>Ward (\d+)(?: — [^<]*)?<\/option>/.exec(await page('/postgrievance'))?.[1];
    expect(ward).toBeDefined();
    cleared.push(['ward', ward!]);
    expect((await name('ward', ward!, `वार्ड ${ward} (झील नगर)`)).status).toBe(303);
    // The Hindi name stands for the number; the ward's localities follow it.
    const named = new RegExp(`>वार्ड ${ward} \\(झील नगर\\)(?: — [^<]*)?</option>`);
    expect(await page('/hi/postgrievance')).toMatch(named);
    expect(await page('/hi/ward-alerts')).toMatch(named);
    expect(await page('/postgrievance')).not.toContain('झील नगर');

    expect((await name('ward', ward!, '')).status).toBe(303);
    expect(await page('/hi/postgrievance')).not.toContain('झील नगर');
  });

  it('keeps a ward\'s localities in both languages, which every ward picker shows beside its number', async () => {
    const localities = (en: string, hi: string, token = admin) =>
      fetch(url('/hindi-names'), { method: 'POST', headers: bearer(token), body: new URLSearchParams({ kind: 'ward-localities', english: '22', localitiesEn: en, localitiesHi: hi }), redirect: 'manual' });
    // What the ward has now, read from its own form on the screen, to put back afterwards.
    const screen = await (await fetch(url('/hindi-names'), { headers: bearer(admin) })).text();
    const section = screen.slice(screen.indexOf('id="ward-localities"'));
    const form = section.slice(section.indexOf('name="english" value="22"'));
    const before = {
      en: decode(/name="localitiesEn"[^>]*value="([^"]*)"/.exec(form)?.[1] ?? ''),
      hi: decode(/name="localitiesHi"[^>]*value="([^"]*)"/.exec(form)?.[1] ?? ''),
    };
    expect(before.en).not.toBe('');
    try {
      expect((await localities(` Lake Side ${run} ,,  Boat Club `, 'झील किनारा, नौका क्लब')).status).toBe(303);
      expect(await page('/postgrievance')).toContain(`>Ward 22 — Lake Side ${run}, Boat Club</option>`);
      expect(await page('/hi/postgrievance')).toContain('>वार्ड 22 — झील किनारा, नौका क्लब</option>');
      expect(await page('/hi/tradelicense')).toContain('>वार्ड 22 — झील किनारा, नौका क्लब</option>');
      const audit = (await (await fetch(url('/api/Admin/audit?entity=ward'), { headers: bearer(admin) })).text());
      expect(audit).toContain(`Lake Side ${run}, Boat Club`);
      // Too long, or not an admin: nothing changes.
      expect((await localities('x'.repeat(301), '')).status).toBe(400);
      const editor = await login(EDITOR.email, EDITOR.password);
      expect((await localities('Editor Lane', '', editor)).status).toBe(302);
      expect(await page('/postgrievance')).not.toContain('Editor Lane');
    } finally {
      await localities(before.en, before.hi);
    }
  });

  it('refuses a name without Devanagari, an over-long one, an unknown kind and anyone but an admin', async () => {
    const latin = await name('department', department, 'Lake Works');
    expect(latin.status).toBe(400);
    const refused = await latin.text();
    expect(refused).toContain('Write the Hindi name in Devanagari script.');
    // What was typed comes back in its field.
    expect(refused).toContain('value="Lake Works"');
    expect((await name('department', department, 'क'.repeat(101))).status).toBe(400);
    expect((await name('colour', department, 'नीला')).status).toBe(400);
    const editor = await login(EDITOR.email, EDITOR.password);
    // An editor is sent to their own landing, as on every admin-only screen; nothing is saved.
    const byEditor = await name('department', department, 'संपादक का नाम', editor);
    expect(byEditor.status).toBe(302);
    expect(byEditor.headers.get('location')).not.toContain('/hindi-names');
    const after = await page(`/hi/circulars/${circularId}`);
    expect(after).toContain(`झील निर्माण ${run}`);
    expect(after).not.toContain('संपादक का नाम');
  });
});
