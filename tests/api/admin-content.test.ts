import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../src/features/content-types';
import type { ContentTypeDef, FieldDef, FileSlotDef } from '../../src/lib/content-type';
import { noticeType } from '../../src/features/notice/notice.schema';
import { tenderType } from '../../src/features/tender/tender.schema';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';
import { sampleFile, sampleJpeg, samplePdf } from '../support/content-samples';

/**
 * The Admin content API for every declared type, driven by the declarations themselves: create with files,
 * list, update keeping the stored file, every required field's message, missing and wrong files, delete,
 * and who may call it.
 */

let adminToken: string;
let userToken: string;
let jpeg: Uint8Array<ArrayBuffer>;
let run = 0;

const fileFor = (slot: FileSlotDef, label: string) => sampleFile(slot, jpeg, label);

type Values = Record<string, string>;

/** A valid value for each field, made from its input kind, unique per call so rows can be told apart. */
function sampleValues(def: ContentTypeDef): Values {
  run += 1;
  const values: Values = {};
  const sample: Record<FieldDef['input'], (f: FieldDef) => string> = {
    text: (f) => `Test ${f.label} ${Date.now()}-${run}`,
    textarea: (f) => `A ${f.label.toLowerCase()} written by the API test, run ${run}.`,
    date: () => '2026-11-20',
    time: () => '15:30',
    email: () => `test${run}@example.org`,
    tel: () => '9876543210',
    number: () => String(run),
    checkbox: () => 'true',
    select: (f) => f.options?.[0] ?? '',
  };
  for (const field of def.fields) values[field.key] = field.example ?? sample[field.input](field);
  return values;
}

function isRequired(def: ContentTypeDef, key: string): boolean {
  const description = def.schema.describe().fields[key] as { optional?: boolean } | undefined;
  return description?.optional === false;
}

/** The schema's own message for a field left empty: what the server must answer. */
function requiredMessage(def: ContentTypeDef, key: string, values: Values): string {
  try {
    def.schema.validateSyncAt(key, { ...values, [key]: '' });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${def.path}.${key} accepted an empty value`);
}

function body(def: ContentTypeDef, values: Values, id: number, files: Record<string, File | null>): { body: FormData | string; headers: Record<string, string> } {
  if (def.body === 'json') return { body: JSON.stringify({ id, ...values }), headers: { 'content-type': 'application/json' } };
  const form = new FormData();
  form.append(`${def.partPrefix}.Id`, String(id));
  for (const field of def.fields) form.append(`${def.partPrefix}.${field.part}`, values[field.key] ?? '');
  for (const slot of def.files) {
    const file = files[slot.key];
    if (file) form.append(slot.parts[0], file, file.name);
  }
  return { body: form, headers: {} };
}

async function send(def: ContentTypeDef, method: 'POST' | 'PUT', values: Values, id = 0, files: Record<string, File | null> = {}, token = adminToken) {
  const request = body(def, values, id, files);
  const res = await fetch(`${baseUrl()}/api/Admin/${def.path}?media=url`, { method, headers: { ...bearer(token), ...request.headers }, body: request.body });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

const allFiles = (def: ContentTypeDef): Record<string, File | null> => Object.fromEntries(def.files.map((slot, i) => [slot.key, fileFor(slot, `${def.path}-${i + 1}`)]));

async function list(def: ContentTypeDef, query = '?media=url'): Promise<Record<string, any>[]> {
  const res = await fetch(`${baseUrl()}/api/Admin/${def.path}${query}`, { headers: bearer(adminToken) });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  adminToken = await login(ADMIN.email, ADMIN.password);
  userToken = await login(USER.email, USER.password);
  jpeg = await sampleJpeg();
});

describe.each(CONTENT_TYPES.map((def) => [def.path, def] as const))('/api/Admin/%s', (_path, def) => {
  it('creates a record with its files, lists it, updates it keeping the stored files, and deletes it once', async () => {
    const values = sampleValues(def);
    const created = await send(def, 'POST', values, 0, allFiles(def));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as number;
    expect(id).toBeGreaterThan(0);
    for (const field of def.fields.filter((f) => f.input === 'text')) expect(created.json[field.key]).toBe(values[field.key]);
    for (const slot of def.files) expect(created.json[slot.key]).toMatch(/^\/media\/[0-9a-f]{64}\.(jpg|pdf|webm)$/);

    const listed = (await list(def)).find((row) => row.id === id);
    expect(listed).toBeDefined();
    for (const field of def.fields.filter((f) => f.input === 'text' || f.input === 'textarea')) expect(listed![field.key]).toBe(values[field.key]);
    const base64Before = (await list(def, '')).find((row) => row.id === id)!;

    // The edit changes every text field and sends no file part: every stored file must stay.
    const changed = sampleValues(def);
    const updated = await send(def, 'PUT', changed, id);
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json.id).toBe(id);
    for (const field of def.fields.filter((f) => f.input === 'text')) expect(updated.json[field.key]).toBe(changed[field.key]);
    for (const slot of def.files) expect(updated.json[slot.key]).toBe(created.json[slot.key]);
    const base64After = (await list(def, '')).find((row) => row.id === id)!;
    for (const slot of def.files) {
      expect(base64After[slot.key]).toBeTruthy();
      expect(base64After[slot.key]).toBe(base64Before[slot.key]);
    }

    const removed = await fetch(`${baseUrl()}/api/Admin/${def.path}/${id}`, { method: 'DELETE', headers: bearer(adminToken) });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: def.messages.deleted });
    expect((await list(def)).some((row) => row.id === id)).toBe(false);
    const again = await fetch(`${baseUrl()}/api/Admin/${def.path}/${id}`, { method: 'DELETE', headers: bearer(adminToken) });
    expect(again.status).toBe(404);
  });

  const requiredKeys = def.fields.map((f) => f.key).filter((key) => isRequired(def, key));
  if (requiredKeys.length > 0) it('answers the declared message for each required field left empty, and stores nothing', async () => {
    const before = (await list(def)).length;
    for (const key of requiredKeys) {
      const values = sampleValues(def);
      const res = await send(def, 'POST', { ...values, [key]: '' }, 0, allFiles(def));
      expect(res.status, key).toBe(400);
      expect(res.json.errors?.[key], key).toBe(requiredMessage(def, key, values));
    }
    expect((await list(def)).length).toBe(before);
  });

  const requiredSlots = def.files.filter((slot) => slot.required === 'create');
  if (requiredSlots.length > 0) it('refuses a create without its required document', async () => {
    for (const slot of requiredSlots) {
      const files = allFiles(def);
      files[slot.key] = null;
      const res = await send(def, 'POST', sampleValues(def), 0, files);
      expect(res.status).toBe(400);
      expect(res.json.errors?.[slot.key]).toBe(slot.requiredMessage);
    }
  });

  if (def.files.length > 0) it('answers 415 for a text file dressed up as the right type', async () => {
    const slot = def.files[0];
    const files = allFiles(def);
    files[slot.key] = new File(['just some text, not a real file'], slot.kind === 'image' ? 'photo.jpg' : 'order.pdf', {
      type: slot.kind === 'image' ? 'image/jpeg' : 'application/pdf',
    });
    const before = (await list(def)).length;
    const res = await send(def, 'POST', sampleValues(def), 0, files);
    expect(res.status).toBe(415);
    expect((await list(def)).length).toBe(before);
  });

  it('answers 401 without a token and 403 for the user role', async () => {
    const url = `${baseUrl()}/api/Admin/${def.path}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: bearer(userToken) })).status).toBe(403);
    expect((await send(def, 'POST', sampleValues(def), 0, allFiles(def), userToken)).status).toBe(403);
    expect((await fetch(`${url}/1`, { method: 'DELETE', headers: bearer(userToken) })).status).toBe(403);
  });
});

describe('Admin content API: the messages the old screens name', () => {
  const cases: [string, string, string][] = [
    // One message per field, named as the form labels it (docs/deviations.md).
    ['tender', 'tender_no', 'Tender number is required.'],
    ['notice', 'title', 'Title is a required field!'],
    ['gallery', 'title', 'Title is required.'],
    ['latest-news', 'description', 'Description is required.'],
    ['minister-officer-employee', 'name', 'Name is required.'],
    ['minister-officer-employee', 'emailAddres', 'Email address is required.'],
  ];
  it.each(cases)('%s without %s says %s', async (path, key, message) => {
    const def = CONTENT_TYPES.find((t) => t.path === path)!;
    const res = await send(def, 'POST', { ...sampleValues(def), [key]: '' }, 0, allFiles(def));
    expect(res.status).toBe(400);
    expect(res.json.errors[key]).toBe(message);
  });

  it("says 'Document file is required!' for a notice sent without a document", async () => {
    const res = await send(noticeType, 'POST', sampleValues(noticeType));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Document file is required!');
  });

  it('answers 404 for an unknown content type', async () => {
    expect((await fetch(`${baseUrl()}/api/Admin/nonsense`, { headers: bearer(adminToken) })).status).toBe(404);
    expect((await fetch(`${baseUrl()}/api/Admin/nonsense/1`, { method: 'DELETE', headers: bearer(adminToken) })).status).toBe(404);
  });
});

describe('the old tender client', () => {
  it('fills slots from repeated file parts, by the file names Tender.tender_document* carry', async () => {
    const values = sampleValues(tenderType);
    const form = new FormData();
    form.append('Tender.Id', '0');
    for (const field of tenderType.fields) form.append(`Tender.${field.part}`, values[field.key]);
    // As the old client sends it (docs/legacy-contract.md §4.4): slot-less 'file' parts, names in
    // tender_document and _3; the second never sent.
    form.append('Tender.tender_document', 'first.pdf');
    form.append('Tender.tender_document_3', 'third.pdf');
    form.append('file', new File([samplePdf('first')], 'first.pdf', { type: 'application/pdf' }));
    form.append('file', new File([samplePdf('third')], 'third.pdf', { type: 'application/pdf' }));
    const res = await fetch(`${baseUrl()}/api/Admin/tender?media=url`, { method: 'POST', headers: bearer(adminToken), body: form });
    const saved = await res.json();
    expect(res.status, JSON.stringify(saved)).toBe(201);
    expect(saved.tender_document).toMatch(/^\/media\/[0-9a-f]{64}\.pdf$/);
    expect(saved.tender_document_3).toMatch(/^\/media\/[0-9a-f]{64}\.pdf$/);
    expect(saved.tender_document_3).not.toBe(saved.tender_document);
    expect(saved.tender_document_2).toBeNull();
    const first = await fetch(`${baseUrl()}${saved.tender_document}`);
    expect(new TextDecoder().decode(await first.arrayBuffer())).toContain('% first');
    await fetch(`${baseUrl()}/api/Admin/tender/${saved.id}`, { method: 'DELETE', headers: bearer(adminToken) });
  });
});

describe('the public site after a save', () => {
  it('shows a new notice on /notice at once, and not after its delete', async () => {
    // Rendered once before the save, so a stale cached copy would be what answers next.
    const before = await (await fetch(`${baseUrl()}/notice`)).text();
    const values = sampleValues(noticeType);
    expect(before).not.toContain(values.title);
    const created = await send(noticeType, 'POST', values, 0, allFiles(noticeType));
    expect(created.status).toBe(201);
    expect(await (await fetch(`${baseUrl()}/notice`)).text()).toContain(values.title);
    await fetch(`${baseUrl()}/api/Admin/notice/${created.json.id}`, { method: 'DELETE', headers: bearer(adminToken) });
    expect(await (await fetch(`${baseUrl()}/notice`)).text()).not.toContain(values.title);
  });
});

describe('/login', () => {
  it('is never kept by the page cache', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${baseUrl()}/login`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(await res.text()).toContain('Login');
    }
  });
});

describe('POST /api/Account/change-password', () => {
  const change = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}/api/Account/change-password`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('answers 401 without a session', async () => {
    expect((await change({ currentPassword: ADMIN.password, newPassword: 'something-long' })).status).toBe(401);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const token = await login(USER.email, USER.password);
    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'something-long' }, bearer(token));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: 'The current password is not right.' });
    const short = await change({ currentPassword: USER.password, newPassword: 'short' }, bearer(token));
    expect(short.status).toBe(400);
    expect((await short.json()).errors).toEqual({ newPassword: 'The new password needs at least 8 characters.' });
    // Still the same password, and the session still alive.
    expect(await login(USER.email, USER.password)).toBeTruthy();
    expect((await fetch(`${baseUrl()}/api/User/grievance`, { headers: bearer(token) })).status).not.toBe(401);
  });
});
