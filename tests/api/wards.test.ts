import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';
import { DEMO_WARD_BOUNDARIES } from '../../db/seed/ward-boundaries';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { combBoundaries } from '../support/ward-combs';

/**
 * Ward boundaries: the open data, the ward of a point, and the admin's upload with its check. The only file
 * this accepts is the demo's own, so the shared server's boundaries end as they began.
 */
let admin: Record<string, string>;
const url = (p: string) => `${baseUrl()}${p}`;
const upload = (body: string, headers: Record<string, string> = admin, type = 'application/geo+json') =>
  fetch(url('/api/Admin/ward-boundaries'), { method: 'PUT', headers: { ...headers, 'content-type': type }, body });
const openData = async () => (await fetch(url('/api/Public/wards.geojson'))).text();

beforeAll(async () => {
  admin = bearer(await login(ADMIN.email, ADMIN.password));
});

describe('the open data and the look-up', () => {
  it('gives every ward\'s boundary as GeoJSON', async () => {
    const res = await fetch(url('/api/Public/wards.geojson'));
    expect(res.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    const body = (await res.json()) as { type: string; features: { properties: { ward: number }; geometry: { type: string; coordinates: number[][][] } }[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f) => f.properties.ward)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(body.features[12].geometry).toEqual(DEMO_WARD_BOUNDARIES.features[12].geometry);
  });

  it('finds the ward of a point, none outside the town, and refuses what is not a coordinate', async () => {
    const at = async (query: string) => {
      const res = await fetch(url(`/api/Public/wards/at${query}`));
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    expect((await at('?lat=26.15&long=85.9')).body.ward).toBe(13);
    expect((await at('?lat=26.174&long=85.876')).body.ward).toBe(1);
    expect((await at('?lat=26.126&long=85.924')).body.ward).toBe(25);
    expect((await at('?lat=28.6&long=77.2')).body).toEqual({ ward: null, wardId: null });
    const refused: [string, string[]][] = [['', ['lat', 'long']], ['?lat=26.15', ['long']], ['?lat=north&long=85.9', ['lat']], ['?lat=91&long=85.9', ['lat']], ['?lat=26.15&long=1e3', ['long']]];
    for (const [query, fields] of refused) {
      const answer = await at(query);
      expect([answer.status, Object.keys(answer.body.errors)], query).toEqual([400, fields]);
    }
  });
});

describe('the admin\'s upload', () => {
  it('is the admin\'s alone', async () => {
    expect((await upload(JSON.stringify(DEMO_WARD_BOUNDARIES), {})).status).toBe(401);
    expect((await upload(JSON.stringify(DEMO_WARD_BOUNDARIES), bearer(await login(USER.email, USER.password)))).status).toBe(403);
  });

  it('refuses bad files with every problem named, changing nothing', async () => {
    const before = await openData();
    const overlapping = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
    overlapping.features[6].geometry.coordinates = [[[85.88, 26.155], [85.9, 26.155], [85.9, 26.17], [85.88, 26.17], [85.88, 26.155]]];
    const overlap = await upload(JSON.stringify(overlapping));
    expect(overlap.status).toBe(400);
    const problems = Object.values(((await overlap.json()) as { errors: Record<string, string> }).errors);
    // Ward 7 drawn over the corners of its neighbours to the north and the sides: not over ward 12 below, which it only touches.
    const overlapsWith7 = ['1 and 7', '2 and 7', '3 and 7', '6 and 7', '7 and 8'];
    expect(problems).toEqual(overlapsWith7.map((pair) => `Wards ${pair} overlap; wards may share an edge but not area.`));

    const noWard = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
    delete noWard.features[3].properties.ward;
    expect(((await (await upload(JSON.stringify(noWard))).json()) as { message: string }).message).toBe('Feature 4 has no ward number: give it a "ward" property (1, 2, …).');
    // Ward 13 left out of the middle (and so unknown to no one): the gap is named by the wards round it.
    const holed = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
    holed.features[12].geometry.coordinates.push([[85.8995, 26.1495], [85.8995, 26.1505], [85.9005, 26.1505], [85.9005, 26.1495], [85.8995, 26.1495]]);
    const gap = await upload(JSON.stringify(holed));
    expect([gap.status, ((await gap.json()) as { message: string }).message]).toEqual([400, "There is a gap in no ward, bordered by ward 13, near 26.15, 85.9: draw the wards' shared edges through the same points."]);
    const notJson = await upload('{"type": "FeatureCollection", ');
    expect([notJson.status, ((await notJson.json()) as { message: string }).message]).toEqual([400, 'The file is not GeoJSON: it is not valid JSON in UTF-8.']);
    expect((await upload('{"type":"Topology"}')).status).toBe(400);
    expect((await upload(JSON.stringify(DEMO_WARD_BOUNDARIES), admin, 'text/plain')).status).toBe(415);
    // Over 2 MB: refused from its declared length before a byte of it is parsed.
    const big = await upload(`{"type":"FeatureCollection","features":[],"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    expect([big.status, ((await big.json()) as { message: string }).message]).toEqual([413, 'The boundary file is larger than the 2 MB allowed.']);
    expect(await openData()).toBe(before);
  });

  it('refuses a narrow strip in no ward between two wards at the town\'s edge, so no point falls between them', async () => {
    const before = await openData();
    // Ward 5 drawn about 50 m east of ward 4: a strip open to the north that would answer no ward.
    const stripped = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
    for (const p of stripped.features[4].geometry.coordinates[0]) if (p[0] === 85.915) p[0] = 85.9155;
    const res = await upload(JSON.stringify(stripped));
    const body = (await res.json()) as { message: string };
    expect([res.status, body.message]).toEqual([400, expect.stringMatching(/^Wards 4 and 5 leave a strip about 50 m wide in no ward between them, near [\d.]+, 85\.91525: a strip narrower than 100 m between wards is a gap too\./)]);
    expect(await openData()).toBe(before);
    expect(((await (await fetch(url('/api/Public/wards/at?lat=26.17&long=85.9152'))).json()) as { ward: number }).ward).toBe(5);
  });

});

/**
 * On a server of its own: rings stored turned, the look-up's kept index, and the check of a costly file in
 * slices (the shared server's other files upload boundaries too and count the uploads' audit entries; they
 * would change the index or wait in the check's line), and the one upload that passes.
 */
describe('the look-up\'s index and a costly check, on a server of their own', () => {
  let server: TestServer;
  let own: Record<string, string>;
  const at = (p: string) => `${server.url}${p}`;
  const put = (body: string) => fetch(at('/api/Admin/ward-boundaries'), { method: 'PUT', headers: { ...own, 'content-type': 'application/geo+json' }, body });
  beforeAll(async () => {
    server = await startServer();
    own = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Here rather than on the shared server: ward-boundaries-page.test.ts counts the shared server's upload audits.
  it('replaces every boundary with a file that passes', async () => {
    const res = await put(JSON.stringify(DEMO_WARD_BOUNDARIES));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Boundaries saved for 25 wards.', wards: 25 });
    const audit = (await (await fetch(at('/api/Admin/audit?entity=ward-boundaries&page=1&pageSize=1'), { headers: own })).json()) as any;
    expect(JSON.stringify(audit)).toContain('"wards":25');
  });

  it('stores rings drawn clockwise turned to the right-hand rule, and gives them out so', async () => {
    const clockwise = JSON.parse(JSON.stringify(DEMO_WARD_BOUNDARIES));
    for (const f of clockwise.features) f.geometry.coordinates[0].reverse();
    expect((await put(JSON.stringify(clockwise))).status).toBe(200);
    const body = (await (await fetch(at('/api/Public/wards.geojson'))).json()) as { features: { geometry: unknown }[] };
    expect(body.features.map((f) => f.geometry)).toEqual(DEMO_WARD_BOUNDARIES.features.map((f) => f.geometry));
  });

  it('keeps the parsed boundaries between look-ups, and reads them again once they change', async () => {
    const index = async () => {
      const res = await fetch(at('/api/Public/wards/at?lat=26.15&long=85.9'));
      expect(((await res.json()) as { ward: number }).ward).toBe(13);
      return /^ward-index;dur=[\d.]+;desc="(built|kept)"$/.exec(res.headers.get('server-timing') ?? '')?.[1];
    };
    await index();
    expect([await index(), await index()]).toEqual(['kept', 'kept']);
    expect((await put(JSON.stringify(DEMO_WARD_BOUNDARIES))).status).toBe(200);
    expect([await index(), await index()]).toEqual(['built', 'kept']);
  });

  it('answers the home page while a costly file is checked, and holds at most three files in line', async () => {
    const comb = JSON.stringify(combBoundaries());
    const inLine = async () => Number(/data-checking="(\d+)"/.exec(await (await fetch(at('/ward-boundaries'), { headers: own })).text())?.[1] ?? 0);
    // The check of one file runs in turn: the first is checked while the others wait, so this proves that the
    // home page was answered while the comb's check was under way: its check had begun before, and after, two
    // more files were in line behind it. Should the comb's check end before the proof is made (a fast
    // machine), it is tried again.
    let proved = false;
    for (let attempt = 0; attempt < 3 && !proved; attempt++) {
      let answered = false;
      const combAnswer = put(comb).then((res) => ((answered = true), res));
      const started = await until(async () => (answered ? false : (await inLine()) >= 1 ? true : undefined), 'the comb\'s check begins', { tries: 3000, everyMs: 10 });
      if (!started) continue;
      const home = await fetch(at('/'));
      expect(home.status).toBe(200);
      const waiting = [1, 2].map((n) => put(`{"type": "FeatureCollection", "features": []${' '.repeat(n + attempt * 2)}}`));
      const full = await until(async () => (answered ? false : (await inLine()) === 3 ? true : undefined), 'three files in line', { tries: 3000, everyMs: 10 });
      if (full) {
        // A fourth file is refused while three are in line, on the Hindi page in Hindi.
        const form = new FormData();
        form.set('file', new File(['{"type": "FeatureCollection"}'], 'wards.geojson', { type: 'application/geo+json' }));
        const refused = await fetch(at('/hi/ward-boundaries'), { method: 'POST', headers: own, body: form, redirect: 'manual' });
        expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '5']);
        expect(await refused.text()).toContain('अभी एक और सीमा फ़ाइल की जाँच चल रही है।');
        proved = !answered;
      }
      const combRes = await combAnswer;
      expect([combRes.status, ((await combRes.json()) as { message: string }).message]).toEqual([400, expect.stringMatching(/^No boundary is given for wards 3, 4, .*, 25: every ward needs one\.$/)]);
      for (const res of await Promise.all(waiting)) expect(((await res.json()) as { message: string }).message).toBe('The FeatureCollection has no features.');
    }
    expect(proved).toBe(true);
  });
});
