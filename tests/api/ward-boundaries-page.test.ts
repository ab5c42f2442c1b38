import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';
import { DEMO_WARD_BOUNDARIES } from '../../db/seed/ward-boundaries';
import { problemText } from '../../src/features/wards/boundary-words';
import type { BoundaryProblem } from '../../src/features/wards/ward-geometry';
import { messages } from '../../src/i18n/messages';
import { NARROW_STRIP_METRES } from '../../src/features/wards/ward-gaps';

/**
 * The admin's page of ward boundaries (/ward-boundaries): admins only; a plain multipart upload whose every
 * refusal is in the page's language and changes nothing; a passing file audited, said so, and not uploaded
 * twice by a second sending of the same form. The only file it lets through is the demo's own, so the shared
 * server's boundaries end as they began.
 */
let admin: Record<string, string>;
const url = (p: string) => `${baseUrl()}${p}`;
const demo = () => JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES)) as { type: string; features: { geometry: { coordinates: number[][][] } }[] };
const sendFile = (content: string | null, { headers = admin, path = '/ward-boundaries', token = '' } = {}) => {
  const form = new FormData();
  if (token) form.set('form_token', token);
  if (content !== null) form.set('file', new File([content], 'wards.geojson', { type: 'application/geo+json' }));
  return fetch(url(path), { method: 'POST', headers, body: form, redirect: 'manual' });
};
/** The page's text as a reader sees it: tags dropped, the few entities Astro writes turned back. */
const textOf = async (res: Response) => (await res.text()).replace(/<[^>]+>/g, ' ').replace(/&#39;|&#x27;/g, "'").replace(/&quot;|&#34;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const openData = async () => (await fetch(url('/api/Public/wards.geojson'))).text();
const auditCount = async () => Number((await fetch(url('/api/Admin/audit?entity=ward-boundaries&page=1&pageSize=1'), { headers: admin })).headers.get('x-total-count'));

beforeAll(async () => {
  admin = bearer(await login(ADMIN.email, ADMIN.password));
});

describe('the ward boundaries page', () => {
  it('is the admins\' alone, in English and Hindi', async () => {
    const stranger = await fetch(url('/ward-boundaries'), { redirect: 'manual' });
    expect([stranger.status, stranger.headers.get('location')]).toEqual([302, '/login?next=%2Fward-boundaries']);
    const clerk = bearer(await login(USER.email, USER.password));
    const clerkPost = await sendFile(JSON.stringify(DEMO_WARD_BOUNDARIES), { headers: clerk });
    expect([clerkPost.status, clerkPost.headers.get('location')]).toEqual([302, '/dashboard']);
    const english = await fetch(url('/ward-boundaries'), { headers: admin });
    expect(english.status).toBe(200);
    const text = await textOf(english);
    expect(text).toContain('25 of 25 wards have a boundary.');
    expect(text).toContain(messages('en').wards.page.rules('2', NARROW_STRIP_METRES));
    expect(await textOf(await fetch(url('/hi/ward-boundaries'), { headers: admin }))).toContain('25 में से 25 वार्डों की सीमा है।');
  });

  it('refuses bad files with every problem in the page\'s language, changing nothing', async () => {
    const before = await openData();
    const audits = await auditCount();
    const overlapping = demo();
    overlapping.features[6].geometry.coordinates = [[[85.88, 26.155], [85.9, 26.155], [85.9, 26.17], [85.88, 26.17], [85.88, 26.155]]];
    const overlaps: BoundaryProblem[] = ['1', '2', '3', '6', '8'].map((w) => ({ code: 'overlap', wards: w < '7' ? [w, '7'] : ['7', w] }));
    const english = await sendFile(JSON.stringify(overlapping));
    expect(english.status).toBe(400);
    const englishText = await textOf(english);
    expect(englishText).toContain(messages('en').wards.page.refused);
    for (const problem of overlaps) expect(englishText).toContain(problemText(problem, 'en'));
    const hindi = await textOf(await sendFile(JSON.stringify(overlapping), { path: '/hi/ward-boundaries' }));
    for (const problem of overlaps) expect(hindi).toContain(problemText(problem, 'hi'));
    expect(hindi).toContain('वार्ड 1 और 7 एक-दूसरे पर चढ़े हैं');

    // A sliver between wards 13 and 14: the gap check names the wards round it, in either language.
    const sliver = demo();
    const ring = sliver.features[12].geometry.coordinates[0];
    const east = Math.max(...ring.map(([x]) => x));
    for (const p of ring) if (p[0] === east) p[0] = east - 0.0001;
    const gap = await sendFile(JSON.stringify(sliver), { path: '/hi/ward-boundaries' });
    expect(gap.status).toBe(400);
    expect(await textOf(gap)).toMatch(/वार्ड 8, 13, 14, 18 के बीच [\d.]+, [\d.]+ के पास एक खाली जगह है/);

    const notJson = await sendFile('{"type": "FeatureCollection", ');
    expect([notJson.status, await textOf(notJson)]).toEqual([400, expect.stringContaining('The file is not GeoJSON: it is not valid JSON in UTF-8.')]);
    expect(await textOf(await sendFile(null, { path: '/hi/ward-boundaries' }))).toContain(messages('hi').wards.page.noFile);
    // Just over 2 MB: the file itself is held to the PUT call's cap; far over, the body is refused from its declared length.
    const big = await sendFile(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    expect([big.status, await textOf(big)]).toEqual([413, expect.stringContaining('The file is larger than the 2 MB allowed.')]);
    const huge = await sendFile('x'.repeat(3 * 1024 * 1024), { path: '/hi/ward-boundaries' });
    expect([huge.status, await textOf(huge)]).toEqual([413, expect.stringContaining('फ़ाइल अनुमत 2 MB से बड़ी है।')]);
    expect(await openData()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('stores a passing file, audited and said so, and a second sending of the same form stores nothing more', async () => {
    const audits = await auditCount();
    const token = `wardmap-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const first = await sendFile(JSON.stringify(DEMO_WARD_BOUNDARIES), { token, path: '/hi/ward-boundaries' });
    expect([first.status, first.headers.get('location')]).toEqual([303, '/hi/ward-boundaries?saved=25']);
    const again = await sendFile(JSON.stringify(DEMO_WARD_BOUNDARIES), { token, path: '/hi/ward-boundaries' });
    expect([again.status, again.headers.get('location')]).toEqual([303, '/hi/ward-boundaries?saved=25']);
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = (await (await fetch(url('/api/Admin/audit?entity=ward-boundaries&page=1&pageSize=1'), { headers: admin })).json()) as { userEmail?: string; user_email?: string }[];
    expect(JSON.stringify(entry)).toContain(ADMIN.email);
    const page = await textOf(await fetch(url('/hi/ward-boundaries?saved=25'), { headers: admin }));
    expect(page).toContain(messages('hi').wards.page.saved(25));
    expect(page).toContain(`को ${ADMIN.email} द्वारा अपलोड की गई।`);
  });
});
