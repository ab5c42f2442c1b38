import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, bearer, login } from '../support/api';
import { countInServerDatabase, queryServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The complaint calls of docs/legacy-contract.md §4 against a server of our own with the demo content: 30 complaints,
 * 9 Open, 8 Pending, 9 Resolved, 4 Rejected, listed newest (highest number) first. Read-only checks run
 * first; the ones that add complaints after.
 */
const DEMO_COUNTS = { Open: 9, Pending: 8, Resolved: 9, Rejected: 4 } as const;
const DEMO_TOTAL = 30;

const READ_KEYS = [
  'id', 'ward', 'grivance', 'grievanceName', 'GrievanceName', 'district', 'ulb', 'additional_Information', 'landmark',
  'your_Suggestion', 'status', 'entry_Date', 'action_By', 'action_Date', 'reminders',
  'pub_Image_1', 'pub_Image_2', 'action_Image_1', 'action_Image_2',
].sort();

const REQUIRED = {
  'Complaint.Grivance': ['grievance', 'Grievance is required.'],
  'Complaint.Your_Suggestion': ['your_Suggestion', 'Your Suggestion is required.'],
  'Complaint.District': ['district', 'District is required.'],
  'Complaint.Ward': ['ward', 'Ward is required.'],
  'Complaint.Ulb': ['ulb', 'ULB is required.'],
  'Complaint.Landmark': ['landmark', 'Landmark is required.'],
  'Complaint.Additional_Information': ['additional_Information', 'Additional Information is required.'],
} as const;

type Wire = Record<string, unknown> & { id: number; status: string };

let server: TestServer;
let userToken: string;
let adminToken: string;
let redJpeg: Buffer;
let blueJpeg: Buffer;

const url = (p: string) => `${server.url}${p}`;
const get = (p: string, token?: string) => fetch(url(p), { headers: token ? bearer(token) : {} });
async function getJson<T = Wire[]>(p: string, token?: string): Promise<T> {
  const res = await get(p, token);
  expect(res.status, `${p} answered ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

const sqlCount = (query: string) => countInServerDatabase(server.dataDir, query);
const storedCounts = async () => ({ complaints: await sqlCount("SELECT count(*) AS n FROM service_case WHERE service = 'grievance'"), media: await sqlCount('SELECT count(*) AS n FROM media') });

function complaintForm(overrides: Record<string, string | null> = {}, files: Record<string, Blob> = {}): FormData {
  const form = new FormData();
  const values: Record<string, string | null> = {
    'Complaint.Grivance': '1',
    'Complaint.Your_Suggestion': 'Please send the tractor twice a week.',
    'Complaint.District': '1',
    'Complaint.Ward': '12',
    'Complaint.Ulb': '1',
    'Complaint.Status': 'Open',
    'Complaint.Landmark': 'Behind the weekly haat, test lane',
    'Complaint.Additional_Information': 'Waste has been lying here for a week.',
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) if (value !== null) form.append(name, value);
  for (const [name, blob] of Object.entries(files)) form.append(name, blob, 'photo.jpg');
  return form;
}

const addComplaint = (form: FormData, token = userToken) =>
  fetch(url('/api/User/add-complaint'), { method: 'POST', headers: bearer(token), body: form });

const tally = (entries: { status: string }[]) =>
  entries.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e.status]: (acc[e.status] ?? 0) + 1 }), {});

/** The text of a page without its tags, for finding the home page's 'Open: 9'. */
const pageText = async (p: string) => (await (await fetch(url(p))).text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  server = await startServer();
  [userToken, adminToken] = await Promise.all([login(USER.email, USER.password, server.url), login(ADMIN.email, ADMIN.password, server.url)]);
  const jpeg = (background: string) => sharp({ create: { width: 64, height: 48, channels: 3, background } }).jpeg().toBuffer();
  [redJpeg, blueJpeg] = await Promise.all([jpeg('#cc3333'), jpeg('#3344cc')]);
});
afterAll(async () => server?.stop());

describe('GET /api/Public/complaint and /api/User/complaint', () => {
  it('answers every demo complaint without a token, highest number first, with the old wire names', async () => {
    const list = await getJson('/api/Public/complaint?statusFilter=All');
    expect(list).toHaveLength(DEMO_TOTAL);
    for (const complaint of list) expect(Object.keys(complaint).sort()).toEqual(READ_KEYS);
    const ids = list.map((c) => c.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const drain = list.find((c) => c.landmark === 'Fish market lane, next to the mosque')!;
    expect(drain).toMatchObject({
      ward: '3', grivance: 'Drainage blocked', grievanceName: 'Drainage blocked', GrievanceName: 'Drainage blocked',
      district: 'Gandakpur', ulb: 'Nagar Parishad Kamalpur', status: 'Open', action_By: null, action_Date: null,
      reminders: [{ message: 'Water has now entered two houses. Please send the cleaning team today.' }],
    });
  });

  it('gives pictures in lists as /media/ URLs that serve the image, never inline bytes', async () => {
    const list = await getJson('/api/Public/complaint');
    const pictures = list.flatMap((c) => [c.pub_Image_1, c.pub_Image_2, c.action_Image_1, c.action_Image_2]).filter((v) => v !== null);
    expect(pictures.length).toBeGreaterThan(10);
    for (const picture of pictures) expect(picture).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    const res = await get(String(pictures[0]));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('narrows to each status, case-insensitively, on the public and the user path', async () => {
    for (const [status, count] of Object.entries(DEMO_COUNTS)) {
      const publicList = await getJson(`/api/Public/complaint?statusFilter=${status}`);
      expect(publicList).toHaveLength(count);
      expect(new Set(publicList.map((c) => c.status))).toEqual(new Set([status]));
      const userList = await getJson(`/api/User/complaint?statusFilter=${status.toLowerCase()}`, userToken);
      expect(userList.map((c) => c.id)).toEqual(publicList.map((c) => c.id));
    }
  });

  it('answers 400 naming statusFilter for a value that is not a status', async () => {
    for (const p of ['/api/Public/complaint?statusFilter=Closed', '/api/Public/complaint-count?statusFilter=x']) {
      const res = await get(p);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.message).toBe('statusFilter must be one of All, Open, Pending, Resolved, Rejected.');
      expect(body.errors).toHaveProperty('statusFilter');
    }
    expect((await get('/api/User/complaint?statusFilter=closed', userToken)).status).toBe(400);
  });

  it('pages with ?page=&pageSize= and says the total in x-total-count', async () => {
    const all = await getJson('/api/User/complaint', userToken);
    const res = await get('/api/User/complaint?statusFilter=All&page=2&pageSize=10', userToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(DEMO_TOTAL));
    expect(((await res.json()) as Wire[]).map((c) => c.id)).toEqual(all.slice(10, 20).map((c) => c.id));
    const resolved = await get('/api/Public/complaint?statusFilter=Resolved&page=1&pageSize=5');
    expect(resolved.headers.get('x-total-count')).toBe(String(DEMO_COUNTS.Resolved));
    expect(await resolved.json()).toHaveLength(5);
    expect((await get('/api/Public/complaint?page=0')).status).toBe(400);
  });
});

describe('the three complaint-count calls', () => {
  it('answer one { id, status } per complaint, the same on every path, tallying to the demo counts', async () => {
    const publicEntries = await getJson<{ id: number; status: string }[]>('/api/Public/complaint-count?statusFilter=All');
    const adminEntries = await getJson<{ id: number; status: string }[]>('/api/Admin/complaint-count?statusFilter=All', adminToken);
    const userEntries = await getJson<{ id: number; status: string }[]>('/api/User/complaint-count?statusFilter=All', userToken);
    expect(publicEntries).toHaveLength(DEMO_TOTAL);
    for (const entry of publicEntries) expect(Object.keys(entry).sort()).toEqual(['id', 'status']);
    expect(adminEntries).toEqual(publicEntries);
    expect(userEntries).toEqual(publicEntries);
    expect(tally(publicEntries)).toEqual(DEMO_COUNTS);
  });

  it('narrow by statusFilter like the list does', async () => {
    for (const [status, count] of Object.entries(DEMO_COUNTS)) {
      const entries = await getJson<{ status: string }[]>(`/api/User/complaint-count?statusFilter=${status}`, userToken);
      expect(tally(entries)).toEqual({ [status]: count });
    }
  });
});

describe('lookups', () => {
  it('answer grievance types, the district, the ULB and the wards in numeric order', async () => {
    const grievances = await getJson<Record<string, unknown>[]>('/api/User/grievance', userToken);
    expect(grievances).toHaveLength(8);
    for (const g of grievances) expect(Object.keys(g).sort()).toEqual(['grievanceTitle', 'id']);
    expect(grievances.map((g) => g.grievanceTitle)).toContain('Street light not working');

    expect(await getJson('/api/User/district', userToken)).toEqual([{ id: 1, districtNameEnglish: 'Gandakpur' }]);
    expect(await getJson('/api/User/ulb', userToken)).toEqual([{ id: 1, ulbName: 'Nagar Parishad Kamalpur' }]);

    const wards = await getJson<{ id: number; wardNumber: string }[]>('/api/User/ward', userToken);
    expect(wards.map((w) => w.wardNumber)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
  });
});

describe('GET /api/User/complaint/{id}', () => {
  it('answers one complaint with its reminders and its pictures as base64 of the stored bytes', async () => {
    const list = await getJson('/api/Public/complaint');
    const listed = list.find((c) => c.landmark === 'Link road from the hospital to the highway')!;
    const complaint = await getJson<Wire>(`/api/User/complaint/${listed.id}`, userToken);
    expect(Object.keys(complaint).sort()).toEqual(READ_KEYS);
    expect(complaint.reminders).toEqual([{ message: 'Only soil was put and it washed away again.' }]);
    expect(complaint.status).toBe('Pending');
    const base64 = String(complaint.pub_Image_1);
    expect(base64).not.toMatch(/^data:/);
    const bytes = Buffer.from(base64, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const served = Buffer.from(await (await get(String(listed.pub_Image_1))).arrayBuffer());
    expect(bytes.equals(served)).toBe(true);
  });

  it("answers 404 'Complaint not found.' for an id that does not exist or is not a number", async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await get(`/api/User/complaint/${id}`, userToken);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Complaint not found.' });
    }
  });
});

describe('guards', () => {
  it('answer 401 without a token on every /api/User/* complaint call', async () => {
    for (const p of ['grievance', 'district', 'ulb', 'ward', 'complaint', 'complaint/1', 'complaint-count']) {
      expect((await get(`/api/User/${p}`)).status, p).toBe(401);
    }
    const res = await fetch(url('/api/User/add-complaint'), { method: 'POST', body: complaintForm() });
    expect(res.status).toBe(401);
  });

  it('let an admin use /api/User/*, and refuse a user on /api/Admin/complaint-count with 403', async () => {
    expect(await getJson('/api/User/complaint?statusFilter=Rejected', adminToken)).toHaveLength(DEMO_COUNTS.Rejected);
    expect((await get('/api/Admin/complaint-count', userToken)).status).toBe(403);
    expect((await get('/api/Admin/complaint-count')).status).toBe(401);
  });
});

describe('POST /api/User/add-complaint: refusals store nothing', () => {
  it('answers 400 with the message of each required field that is missing or blank', async () => {
    const before = await storedCounts();
    for (const [part, [key, message]] of Object.entries(REQUIRED)) {
      for (const value of [null, '   ']) {
        const res = await addComplaint(complaintForm({ [part]: value }));
        expect(res.status, part).toBe(400);
        const body = await res.json();
        expect(body.message).toBe(message);
        expect(body.errors).toEqual({ [key]: message });
      }
    }
    expect(await storedCounts()).toEqual(before);
  });

  it('answers 400 naming the field for a lookup that does not exist', async () => {
    const before = await storedCounts();
    const ward = await addComplaint(complaintForm({ 'Complaint.Ward': '999' }));
    expect(ward.status).toBe(400);
    expect((await ward.json()).errors).toEqual({ ward: 'That ward does not exist; choose one from the list.' });
    const grievance = await addComplaint(complaintForm({ 'Complaint.Grivance': 'Noise from a temple loudspeaker' }));
    expect(grievance.status).toBe(400);
    expect(Object.keys((await grievance.json()).errors)).toEqual(['grievance']);
    expect(await storedCounts()).toEqual(before);
  });

  it('answers 415 for a file that is not an image, storing neither the complaint nor the good picture beside it', async () => {
    const before = await storedCounts();
    const res = await addComplaint(
      complaintForm({}, { PubImage1: new Blob(['%PDF-1.4 not a picture']), PubImage2: new Blob([new Uint8Array(redJpeg)]) }),
    );
    expect(res.status).toBe(415);
    expect((await res.json()).errors).toHaveProperty('pub_Image_1');
    expect(await storedCounts()).toEqual(before);
  });

  it('answers 415 for a body that is not a form', async () => {
    const res = await fetch(url('/api/User/add-complaint'), {
      method: 'POST',
      headers: { ...bearer(userToken), 'content-type': 'application/json' },
      body: JSON.stringify({ grievance: '1' }),
    });
    expect(res.status).toBe(415);
  });
});

describe('POST /api/User/add-complaint: a new complaint', () => {
  it('is stored as Open whatever status was sent, by the signed-in user, with its pictures, and shows at once', async () => {
    const openBefore = tally(await getJson<{ status: string }[]>('/api/Public/complaint-count')).Open;
    const homeBefore = await pageText('/');
    const before = await storedCounts();

    const res = await addComplaint(
      complaintForm({ 'Complaint.Status': 'Resolved' }, { PubImage1: new Blob([new Uint8Array(redJpeg)]), ActionImage2: new Blob([new Uint8Array(blueJpeg)]) }),
    );
    expect(res.status).toBe(201);
    const saved = (await res.json()) as Wire;
    expect(saved).toMatchObject({
      status: 'Open', ward: '12', grivance: 'Garbage not collected', landmark: 'Behind the weekly haat, test lane',
      action_By: null, action_Date: null, reminders: [], pub_Image_2: null, action_Image_1: null,
    });
    expect(Date.now() - Date.parse(String(saved.entry_Date))).toBeLessThan(60_000);
    expect(await storedCounts()).toEqual({ complaints: before.complaints + 1, media: before.media + 2 });
    expect(await sqlCount(`SELECT count(*) AS n FROM service_case WHERE id = ${saved.id} AND data LIKE '%"entryBy":"${USER.email}"%'`)).toBe(1);

    const read = await getJson<Wire>(`/api/User/complaint/${saved.id}`, userToken);
    // Pictures are stored re-encoded without their metadata, so they are compared by what they show.
    const colourOf = async (picture: Buffer) => (await sharp(picture).stats()).dominant;
    expect(await colourOf(Buffer.from(String(read.pub_Image_1), 'base64'))).toEqual(await colourOf(redJpeg));
    expect(await colourOf(Buffer.from(String(read.action_Image_2), 'base64'))).toEqual(await colourOf(blueJpeg));

    expect(tally(await getJson<{ status: string }[]>('/api/Public/complaint-count')).Open).toBe(openBefore + 1);
    const firstPage = await (await fetch(url('/viewgrievance'))).text();
    expect(firstPage).toContain(`popovertarget="complaint-${saved.id}"`);
    expect(firstPage).toContain('Behind the weekly haat, test lane');

    // The home page's 'Complaint Status' panel says 'Open: n'.
    expect(homeBefore).toMatch(new RegExp(`\\bOpen: ${openBefore}\\b`));
    expect(await pageText('/')).toMatch(new RegExp(`\\bOpen: ${openBefore + 1}\\b`));
  });

  it('accepts lookups sent as their exact names, in any case, and parts without the Complaint. prefix', async () => {
    const form = new FormData();
    form.append('grivance', 'STREET LIGHT NOT WORKING');
    form.append('Your_Suggestion', 'Replace the choke.');
    form.append('district', 'gandakpur');
    form.append('ward', '7');
    form.append('ulb', 'nagar parishad kamalpur');
    form.append('landmark', 'Near the post office');
    form.append('additional_information', 'Light flickers all night.');
    const res = await addComplaint(form, adminToken);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ grivance: 'Street light not working', ward: '7', district: 'Gandakpur', status: 'Open' });
  });

  it('leaves complaints without a status out of the counts but not out of the list', async () => {
    const [row] = await queryServerDatabase<{ id: number }>(
      server.dataDir,
      sql`INSERT INTO service_case (service, number, state, ward_id, category_id, lodged_at, state_since, updated_at, data)
        VALUES ('grievance', 'NPK-PGR-2000-01-01-999999', 'Lodged', 1, 1, ${new Date().toISOString()}, ${new Date().toISOString()}, ${new Date().toISOString()},
        '{"districtId":1,"ulbId":1,"legacyStatus":""}') RETURNING id`,
    );
    await queryServerDatabase(server.dataDir, sql`INSERT INTO case_contact (case_id) VALUES (${row.id})`);
    const counted = await getJson<{ id: number }[]>('/api/Public/complaint-count');
    expect(counted.map((e) => e.id)).not.toContain(row.id);
    const listed = await getJson('/api/Public/complaint');
    expect(listed.map((c) => c.id)).toContain(row.id);
    expect(listed.length).toBe(counted.length + 1);
  });
});
