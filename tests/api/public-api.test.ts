import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, bearer, login } from '../support/api';

/**
 * The public calls of docs/legacy-contract.md §4.2, read the way the old browser client and the mobile app
 * read them: no credentials, the field names of its §5, stored files as base64 (or as /media/ URLs on request).
 */

type Item = Record<string, unknown>;

const slots = (base: string) => [base, `${base}_2`, `${base}_3`, `${base}_4`, `${base}_5`];

/** Each list's exact field names. Besides those of docs/legacy-contract.md §5, every answer carries its creation time. */
const LISTS: Record<string, string[]> = {
  // caption and pictureDescription are additions (docs/deviations.md): a slide's words as text, not pixels.
  slider: ['id', 'sliderPath', 'createdDate', 'caption', 'pictureDescription'],
  about: ['id', 'name', 'description', 'photoPath', 'createdDate'],
  tender: [
    'id', 'tender_no', 'tender_title', 'tender_discreption', 'publish_date', 'last_date_of_submission', 'last_date_of_submission_time',
    ...slots('tender_title').slice(1), 'status', ...slots('tender_document'), 'created_date',
  ],
  notice: ['id', 'title', 'description', 'issueDate', 'filePath', 'createdDate'],
  circular: ['id', 'title', 'description', 'department', 'issueDate', 'filePath', 'createdDate'],
  officeorder: ['id', 'title', 'description', 'department', 'issueDate', 'filePath', 'createdDate'],
  'latest-news': ['id', 'title', 'description', 'createdDate'],
  gallery: ['id', 'title', 'description', 'photoPath', 'createdDate'],
  'press-release': ['id', 'title', 'description', 'releaseNewsPaperName', 'releasesPageNo', 'releaseDate', 'photoPath', 'createdDate'],
};

const EMPLOYEE_FIELDS = [
  'id', 'serialNo', 'name', 'designation', 'emailAddres', 'status', 'postRemarks', 'fromDate', 'toDate',
  'landLineNumber', 'mobileNumber', 'showHomePage', 'photoPath', 'createdDate',
];

/** Which field of each list holds a stored file, and what kind of file it is. */
const FILES: Record<string, { key: string; type: 'image/jpeg' | 'application/pdf' }> = {
  slider: { key: 'sliderPath', type: 'image/jpeg' },
  about: { key: 'photoPath', type: 'image/jpeg' },
  tender: { key: 'tender_document', type: 'application/pdf' },
  notice: { key: 'filePath', type: 'application/pdf' },
  circular: { key: 'filePath', type: 'application/pdf' },
  officeorder: { key: 'filePath', type: 'application/pdf' },
  gallery: { key: 'photoPath', type: 'image/jpeg' },
  'press-release': { key: 'photoPath', type: 'image/jpeg' },
};

const MAGIC = { 'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]), 'application/pdf': Buffer.from('%PDF') };

async function getJson(path: string): Promise<{ status: number; headers: Headers; body: unknown }> {
  // Deliberately no Authorization header and no cookie: these calls are public.
  const res = await fetch(`${baseUrl()}${path}`);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function list(path: string): Promise<Item[]> {
  const { status, body } = await getJson(path);
  expect(status, path).toBe(200);
  expect(Array.isArray(body), `${path} answers an array`).toBe(true);
  return body as Item[];
}

const OFFICIALS = '/api/Public/minister-officer-employee-by-designations';
const designationQuery = (designations: string[], home: string) =>
  `${OFFICIALS}?${designations.map((d) => `designations=${encodeURIComponent(d)}`).join('&')}&home=${home}`;

describe('GET /api/Public/{list}', () => {
  for (const [path, fields] of Object.entries(LISTS)) {
    it(`${path}: 200, an array of items with exactly the old field names`, async () => {
      const items = await list(`/api/Public/${path}`);
      expect(items.length, `the demo has ${path} items`).toBeGreaterThan(0);
      for (const item of items) expect(Object.keys(item).sort()).toEqual([...fields].sort());
    });
  }

  for (const [path, file] of Object.entries(FILES)) {
    it(`${path}: ${file.key} is base64 of a ${file.type === 'image/jpeg' ? 'JPEG' : 'PDF'}`, async () => {
      const items = await list(`/api/Public/${path}`);
      const encoded = items.map((i) => i[file.key]).filter((v): v is string => typeof v === 'string');
      expect(encoded.length).toBeGreaterThan(0);
      for (const text of encoded) {
        expect(text).not.toMatch(/^data:|^\/media\//);
        const bytes = Buffer.from(text, 'base64');
        expect(bytes.subarray(0, MAGIC[file.type].length).equals(MAGIC[file.type]), `${path} ${file.key} starts like a ${file.type}`).toBe(true);
      }
    });

    it(`${path}?media=url: ${file.key} is a /media/ URL served as ${file.type} with an immutable cache header`, async () => {
      const items = await list(`/api/Public/${path}?media=url`);
      const url = items.map((i) => i[file.key]).find((v): v is string => typeof v === 'string');
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.(jpg|pdf)$/);
      const res = await fetch(`${baseUrl()}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(file.type);
      expect(res.headers.get('cache-control')).toMatch(/immutable/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, MAGIC[file.type].length).equals(MAGIC[file.type])).toBe(true);
    });
  }

  it('every tender carries all five document slots, and the demo fills more than one of them', async () => {
    const tenders = await list('/api/Public/tender?media=url');
    const filled = tenders.map((t) => slots('tender_document').filter((key) => typeof t[key] === 'string').length);
    expect(Math.max(...filled)).toBeGreaterThan(1);
    for (const tender of tenders) expect(tender.last_date_of_submission_time).toMatch(/^(\d{2}:\d{2})?$/);
  });

  it('latest news carries createdDate as an ISO time', async () => {
    const news = await list('/api/Public/latest-news');
    for (const item of news) expect(Number.isNaN(Date.parse(String(item.createdDate)))).toBe(false);
  });

  it('pages with page and pageSize, and says the whole count in x-total-count', async () => {
    const all = await list('/api/Public/notice?media=url');
    const first = await getJson('/api/Public/notice?media=url&page=1&pageSize=3');
    const second = await getJson('/api/Public/notice?media=url&page=2&pageSize=3');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(all.length));
    expect((first.body as Item[]).map((n) => n.id)).toEqual(all.slice(0, 3).map((n) => n.id));
    expect((second.body as Item[]).map((n) => n.id)).toEqual(all.slice(3, 6).map((n) => n.id));
    expect((await getJson('/api/Public/notice?page=0')).status).toBe(400);
  });

  it('does not publish the whole employee table as a plain list', async () => {
    expect((await getJson('/api/Public/minister-officer-employee')).status).toBe(404);
  });
});

describe('GET /api/Public/minister-officer-employee-by-designations', () => {
  let token: string;
  let everyone: Item[];
  beforeAll(async () => {
    token = await login(ADMIN.email, ADMIN.password);
    const res = await fetch(`${baseUrl()}/api/Admin/minister-officer-employee?media=url`, { headers: bearer(token) });
    everyone = (await res.json()) as Item[];
  });

  const idsOf = (items: Item[]) => items.map((i) => i.id).sort((a, b) => Number(a) - Number(b));
  const expectedIds = (designations: string[], homeOnly: boolean) =>
    idsOf(everyone.filter((e) => designations.includes(String(e.designation)) && (!homeOnly || e.showHomePage === true)));

  it('answers the officials of one designation with the employee fields, photos as base64 JPEG', async () => {
    const chairmen = await list(designationQuery(['Chairman'], 'All'));
    expect(chairmen.length).toBeGreaterThan(0);
    expect(idsOf(chairmen)).toEqual(expectedIds(['Chairman'], false));
    for (const person of chairmen) {
      expect(Object.keys(person).sort()).toEqual([...EMPLOYEE_FIELDS].sort());
      expect(Buffer.from(String(person.photoPath), 'base64').subarray(0, 3).equals(MAGIC['image/jpeg'])).toBe(true);
    }
  });

  it('combines repeated designations and orders by designation as asked, then by serial number', async () => {
    const wanted = ['IT', 'Operators', 'Officers', 'Employees'];
    const staff = await list(designationQuery(wanted, 'All'));
    expect(idsOf(staff)).toEqual(expectedIds(wanted, false));
    expect(new Set(staff.map((s) => s.designation))).toEqual(new Set(wanted));
    const rank = (item: Item) => wanted.indexOf(String(item.designation));
    for (let i = 1; i < staff.length; i++) {
      const [a, b] = [staff[i - 1], staff[i]];
      expect(rank(a) < rank(b) || (rank(a) === rank(b) && Number(a.serialNo ?? Infinity) <= Number(b.serialNo ?? Infinity)), `${a.name} before ${b.name}`).toBe(true);
    }
  });

  it('matches designations whatever their case', async () => {
    const exact = await list(designationQuery(['Ward Parshad'], 'All'));
    const lower = await list(designationQuery(['ward parshad'], 'all'));
    expect(exact.length).toBeGreaterThan(0);
    expect(idsOf(lower)).toEqual(idsOf(exact));
  });

  it('with home=Yes leaves out everyone not marked for the home page', async () => {
    const created = await fetch(`${baseUrl()}/api/Admin/minister-officer-employee?media=url`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ id: 0, name: 'Test Hidden Chairman', designation: 'Chairman', emailAddres: 'hidden.chairman@example.org', showHomePage: false }),
    });
    expect(created.status).toBe(201);
    const hidden = (await created.json()) as Item;
    try {
      const all = await list(designationQuery(['Chairman', 'Ward Parshad'], 'All'));
      const home = await list(designationQuery(['Chairman', 'Ward Parshad'], 'Yes'));
      expect(all.map((p) => p.id)).toContain(hidden.id);
      expect(home.map((p) => p.id)).not.toContain(hidden.id);
      expect(home.length).toBeGreaterThan(0);
      expect(home.every((p) => p.showHomePage === true && p.designation === 'Chairman')).toBe(true);
    } finally {
      const removed = await fetch(`${baseUrl()}/api/Admin/minister-officer-employee/${hidden.id}`, { method: 'DELETE', headers: bearer(token) });
      expect(removed.status).toBe(200);
    }
  });

  it('home=Yes with the home designations gives the home page officials', async () => {
    const designations = ['Chief Minister', 'Minister', 'Principal Secretary', 'Chairman', 'Vice Chairman', 'Executive Officer'];
    const home = await list(designationQuery(designations, 'Yes'));
    expect(home.length).toBeGreaterThan(0);
    expect(idsOf(home)).toEqual(expectedIds(designations, true));
  });

  it('gives /media/ URLs with ?media=url, and pages with x-total-count', async () => {
    const all = await list(`${designationQuery(['Ward Parshad'], 'All')}&media=url`);
    expect(String(all[0].photoPath)).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    const page = await getJson(`${designationQuery(['Ward Parshad'], 'All')}&media=url&page=2&pageSize=5`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe(String(all.length));
    expect((page.body as Item[]).map((p) => p.id)).toEqual(all.slice(5, 10).map((p) => p.id));
  });

  it('answers 400 with the JSON error shape without designations or with a strange home value', async () => {
    const none = await getJson(`${OFFICIALS}?home=Yes`);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: expect.any(String), errors: { designations: expect.any(String) } });
    const blank = await getJson(`${OFFICIALS}?designations=&home=All`);
    expect(blank.status).toBe(400);
    const strange = await getJson(`${OFFICIALS}?designations=Chairman&home=Maybe`);
    expect(strange.status).toBe(400);
    expect(strange.body).toMatchObject({ errors: { home: expect.any(String) } });
  });
});
