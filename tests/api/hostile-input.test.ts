import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { galleryType } from '../../src/features/gallery/gallery.schema';
import { noticeType } from '../../src/features/notice/notice.schema';
import { sliderType } from '../../src/features/slider/slider.schema';
import type { Db } from '../../src/server/db';
import { ADMIN, USER, bearer, login } from '../support/api';
import { contentForm, sampleFile, sampleJpeg, samplePdf, sampleValues } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { storedState } from '../support/stored-state';

/**
 * Hostile and careless input: uploads over the size limits or of the wrong kind, bodies that do not parse,
 * fields of the wrong type or length, ids that do not exist, and markup in stored text. Every refusal answers
 * the JSON error shape with a 4xx status and stores nothing. The server runs with small upload limits
 * (1 MB per picture and per document) so that the limits are cheap to reach.
 */

const MB = 1024 * 1024;
let server: TestServer;
let database: Db;
let adminToken: string;
let userToken: string;
let jpeg: Uint8Array<ArrayBuffer>;
let stateBefore: Record<string, string>;

const url = (path: string) => `${server.url}${path}`;

async function send(path: string, init: RequestInit & { token?: string } = {}) {
  const { token = adminToken, ...rest } = init;
  const res = await fetch(url(path), { ...rest, headers: { ...(token ? bearer(token) : {}), ...(rest.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) as { message: string; errors?: Record<string, string> } };
}

const postJson = (path: string, body: string, token?: string) => send(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body });
const postForm = (path: string, form: FormData, token?: string) => send(path, { method: 'POST', token, body: form });

/** A refusal: this status, the JSON error shape, and nothing stored or changed. */
async function expectRefused(answer: { status: number; contentType: string; json: () => { message: string; errors?: Record<string, string> } }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(typeof answer.json().message).toBe('string');
  expect(await storedState(database)).toEqual(stateBefore);
}

function complaintForm(files: Record<string, Blob> = {}): FormData {
  const form = new FormData();
  const values = { Grivance: '1', Your_Suggestion: 'Clear it.', District: '1', Ward: '3', Ulb: '1', Landmark: 'Near the tank', Additional_Information: 'Since Monday.' };
  for (const [name, value] of Object.entries(values)) form.append(`Complaint.${name}`, value);
  for (const [name, blob] of Object.entries(files)) form.append(name, blob, 'photo.jpg');
  return form;
}

beforeAll(async () => {
  server = await startServer({ MAX_IMAGE_MB: '1', MAX_DOCUMENT_MB: '1', SESSION_MINUTES: '30' });
  database = openServerDatabase(server.dataDir);
  [adminToken, userToken, jpeg] = await Promise.all([login(ADMIN.email, ADMIN.password, server.url), login(USER.email, USER.password, server.url), sampleJpeg()]);
});

afterAll(async () => {
  await database?.destroy();
  await server?.stop();
});

beforeEach(async () => {
  stateBefore = await storedState(database);
});

describe('upload size limits (MAX_IMAGE_MB, MAX_DOCUMENT_MB)', () => {
  // A notice carries one document: 1 MB, a third more as base64, plus 1 MB for its text fields.
  const NOTICE_LIMIT = '2.3 MB';

  it('refuses a body whose declared length is over the limit before it is sent', async () => {
    // Only the headers and a few bytes go out: the answer must come without the rest of the body.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url('/api/Admin/notice'), {
        method: 'POST',
        headers: { ...bearer(adminToken), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * MB) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(`The request is larger than the ${NOTICE_LIMIT} allowed here (each document up to 1 MB).`);
    expect(await storedState(database)).toEqual(stateBefore);
  });

  it('counts a body sent without a length and stops at the limit, though the client never finishes', async () => {
    let sent = 0;
    // Sends 256 kB at a time and, after 4 MB, goes quiet without ending the body.
    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 4 * MB) return new Promise<void>(() => undefined);
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024).fill(0x41));
      },
    });
    const client = new AbortController();
    const res = await fetch(url('/api/Admin/notice'), {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'multipart/form-data; boundary=x' },
      body: endless,
      duplex: 'half',
      signal: client.signal,
    } as RequestInit);
    const text = await res.text();
    client.abort();
    await expectRefused({ status: res.status, contentType: res.headers.get('content-type') ?? '', json: () => JSON.parse(text) }, 413);
    expect(JSON.parse(text).message).toBe(`The request is larger than the ${NOTICE_LIMIT} allowed here (each document up to 1 MB).`);
  });

  it('answers a client that sends a whole oversized body with the 413, not a broken connection', async () => {
    const form = contentForm(noticeType, sampleValues(noticeType), { filePath: new File([new Uint8Array(3 * MB)], 'big.pdf') });
    await expectRefused(await postForm('/api/Admin/notice', form), 413);
  });

  it('refuses each file over its own limit, naming the slot and the limit', async () => {
    const bigPdf = new Uint8Array(1.5 * MB).fill(0x20);
    bigPdf.set(samplePdf('big'));
    const notice = await postForm('/api/Admin/notice', contentForm(noticeType, sampleValues(noticeType), { filePath: new File([bigPdf], 'big.pdf') }));
    await expectRefused(notice, 413);
    expect(notice.json()).toEqual({ message: 'Document is larger than 1 MB.', errors: { filePath: 'Document is larger than 1 MB.' } });

    const bigPicture = new Uint8Array(1.5 * MB);
    bigPicture.set(jpeg);
    const complaint = await postForm('/api/User/add-complaint', complaintForm({ PubImage1: new Blob([jpeg]), PubImage2: new Blob([bigPicture]) }), userToken);
    await expectRefused(complaint, 413);
    expect(complaint.json().errors).toEqual({ pub_Image_2: 'Public Image 2 is larger than 1 MB.' });
  });

  it('applies the same limit to a file sent as base64 text', async () => {
    const bigPdf = new Uint8Array(1.2 * MB).fill(0x20);
    bigPdf.set(samplePdf('base64'));
    const body = JSON.stringify({ ...sampleValues(noticeType), filePath: Buffer.from(bigPdf).toString('base64') });
    await expectRefused(await postJson('/api/Admin/notice', body), 413);
  });
});

describe('upload types, told from the bytes', () => {
  it('refuses a document that is not a PDF, whatever its name and declared type', async () => {
    for (const bytes of ['<html><script>alert(1)</script></html>', 'MZ\u0090\u0000 an executable', 'GIF89a']) {
      const file = new File([bytes], 'order.pdf', { type: 'application/pdf' });
      const res = await postForm('/api/Admin/notice', contentForm(noticeType, sampleValues(noticeType), { filePath: file }));
      await expectRefused(res, 415);
      expect(res.json().errors).toEqual({ filePath: 'Upload a PDF document.' });
    }
  });

  it('refuses pictures that are PDFs, GIFs or SVGs, and bytes that only start like a JPEG', async () => {
    const gif = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } }).gif().toBuffer());
    const fakes = [samplePdf('not a picture'), gif, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5])];
    for (const bytes of fakes) {
      const res = await postForm('/api/Admin/gallery', contentForm(galleryType, sampleValues(galleryType), { photoPath: new File([bytes], 'photo.jpg', { type: 'image/jpeg' }) }));
      await expectRefused(res, 415);
      expect(res.json().message).toBe('Upload a JPEG, PNG or WebP image.');
    }
  });

  it('stores a PNG sent under a JPEG name as a PNG', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 6, height: 4, channels: 3, background: '#0b4f8a' } }).png().toBuffer());
    const res = await postForm('/api/Admin/slider?media=url', contentForm(sliderType, {}, { sliderPath: new File([png], 'photo.jpg', { type: 'image/jpeg' }) }));
    expect(res.status).toBe(201);
    const stored = await fetch(url((JSON.parse(res.text) as { sliderPath: string }).sliderPath));
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).format).toBe('png');
  });

  it('stores pictures without their metadata, turned upright, in the format they came in', async () => {
    // 40 × 20 pixels, with an orientation tag saying "turn 90° clockwise", a name and a GPS position.
    const tagged = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#166534' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Hidden Photographer', Copyright: 'Hidden Copyright' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 36/1 0/1' } })
      .toBuffer();
    const rotated = new Uint8Array(await sharp(tagged).withMetadata({ orientation: 6 }).toBuffer());
    expect((await sharp(rotated).metadata()).exif).toBeDefined();

    const res = await postForm('/api/Admin/gallery?media=url', contentForm(galleryType, sampleValues(galleryType), { photoPath: new File([rotated], 'photo.jpg') }));
    expect(res.status).toBe(201);
    const bytes = Buffer.from(await (await fetch(url((JSON.parse(res.text) as { photoPath: string }).photoPath))).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes('Hidden')).toBe(false);

    const webp = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c2410c' } }).webp().withExif({ IFD0: { Artist: 'Hidden Photographer' } }).toBuffer());
    const asWebp = await postForm('/api/Admin/gallery?media=url', contentForm(galleryType, sampleValues(galleryType, 2), { photoPath: new File([webp], 'photo.webp') }));
    const webpBytes = Buffer.from(await (await fetch(url((JSON.parse(asWebp.text) as { photoPath: string }).photoPath))).arrayBuffer());
    expect((await sharp(webpBytes).metadata()).format).toBe('webp');
    expect(webpBytes.includes('Hidden')).toBe(false);
  });

  it('refuses a new complaint whose second picture is not a picture, keeping neither the complaint nor the first', async () => {
    const res = await postForm('/api/User/add-complaint', complaintForm({ PubImage1: new Blob([jpeg]), ActionImage1: new Blob(['%PDF-1.4 no']) }), userToken);
    await expectRefused(res, 415);
    expect(res.json().errors).toEqual({ action_Image_1: 'Upload a JPEG, PNG or WebP image.' });
  });

  it('asks for a slider picture when creating a slide', async () => {
    const res = await postForm('/api/Admin/slider', contentForm(sliderType, {}));
    await expectRefused(res, 400);
    expect(res.json().errors).toEqual({ sliderPath: 'Slider image is required!' });
  });
});

describe('bodies that do not parse, or carry the wrong things', () => {
  it('answers 400 for malformed JSON, JSON that is not an object, and JSON that is not UTF-8', async () => {
    for (const body of ['{"title": "Water cut",', '[1, 2]', '"text"', 'null', '', '\u0000']) {
      const res = await postJson('/api/Admin/latest-news', body);
      await expectRefused(res, 400);
    }
    const latin1 = await send('/api/Admin/latest-news', { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]) });
    await expectRefused(latin1, 400);
    await expectRefused(await postJson('/api/Account/login', '{"email":'), 400);
  });

  it('answers 400 for multipart bodies that are cut short or have no boundary', async () => {
    const cut = '--b\r\nContent-Disposition: form-data; name="Notice.title"\r\n\r\nWater';
    for (const [type, body] of [['multipart/form-data; boundary=b', cut], ['multipart/form-data', '--b--'], ['multipart/form-data; boundary=b', 'not multipart at all']]) {
      await expectRefused(await send('/api/Admin/notice', { method: 'POST', headers: { 'content-type': type }, body }), 400);
    }
  });

  it('answers 415 for a body of a type the address does not take', async () => {
    for (const type of ['text/plain', 'application/xml', 'image/jpeg']) {
      await expectRefused(await send('/api/Admin/notice', { method: 'POST', headers: { 'content-type': type }, body: '<notice/>' }), 415);
    }
    await expectRefused(await send('/api/Account/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }), 415);
  });

  it('answers 400 with field messages for fields of the wrong type', async () => {
    const res = await postJson('/api/Admin/latest-news', JSON.stringify({ title: { $gt: '' }, description: ['a', 'b'] }));
    await expectRefused(res, 400);
    expect(res.json().errors).toEqual({ title: 'Send this as text.', description: 'Send this as text.' });

    const login = await postJson('/api/Account/login', JSON.stringify({ email: { $ne: null }, password: ['x'] }), '');
    await expectRefused(login, 400);
    expect(Object.keys(login.json().errors ?? {}).sort()).toEqual(['email', 'password']);

    const badId = await send('/api/Admin/latest-news', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: { id: 1 }, title: 'T', description: 'D' }) });
    await expectRefused(badId, 400);
    expect(badId.json().errors).toEqual({ id: 'The record id must be a whole number.' });
  });

  it('answers 400 for a missing required field and for text over its length limit', async () => {
    const missing = await postJson('/api/Admin/latest-news', JSON.stringify({ description: 'No title' }));
    await expectRefused(missing, 400);
    expect(missing.json().errors).toEqual({ title: 'Title is required.' });

    const long = await postJson('/api/Admin/latest-news', JSON.stringify({ title: 'x'.repeat(301), description: 'y'.repeat(5001) }));
    await expectRefused(long, 400);
    expect(long.json().errors).toEqual({ title: 'Keep this under 300 characters.', description: 'Keep this under 5000 characters.' });

    const hugeLogin = await postJson('/api/Account/login', JSON.stringify({ email: `${'a'.repeat(300)}@example.org`, password: 'p'.repeat(201) }), '');
    await expectRefused(hugeLogin, 400);
  });

  it('answers 404 for ids that do not exist, and for ids that are not ids', async () => {
    const update = await send('/api/Admin/latest-news', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 987654321, title: 'T', description: 'D' }) });
    await expectRefused(update, 404);
    for (const id of ['987654321', 'abc', '-1', '1.5', '1e3', '0']) {
      await expectRefused(await send(`/api/Admin/notice/${id}`, { method: 'DELETE' }), 404);
      await expectRefused(await send(`/api/Admin/notice/${id}`), 404);
      await expectRefused(await send(`/api/User/complaint/${id}`, { token: userToken }), 404);
    }
    // An encoded '../' never reaches a route: the site's own not-found page answers.
    expect((await send('/api/Admin/notice/%2e%2e%2fapp_user', { method: 'DELETE' })).status).toBe(404);
    expect(await storedState(database)).toEqual(stateBefore);
    await expectRefused(await send('/api/Admin/no-such-type'), 404);
    await expectRefused(await send('/api/Public/no/such/address', { token: '' }), 404);
  });

  it('answers 400 for paging far beyond any list', async () => {
    for (const query of ['page=1e300', 'page=-1', 'pageSize=100000', 'page=abc']) {
      await expectRefused(await send(`/api/Public/notice?${query}`, { token: '' }), 400);
      await expectRefused(await send(`/api/Public/complaint?${query}`, { token: '' }), 400);
    }
  });
});

/**
 * The start tags of a page as a browser's tokenizer reads them, each with the raw text that follows it up to
 * the next tag. Quoted attribute values are skipped, so markup inside one (a search box's value) is not a tag.
 */
function liveTags(html: string): { tag: string; after: string }[] {
  const tags: { tag: string; after: string }[] = [];
  let at = html.indexOf('<');
  while (at !== -1) {
    if (!/[a-z]/i.test(html[at + 1] ?? '')) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let end = at + 1;
    let quote: string | null = null;
    for (; end < html.length; end++) {
      const c = html[end];
      if (quote) quote = c === quote ? null : quote;
      else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    const next = html.indexOf('<', end + 1);
    tags.push({ tag: html.slice(at, end + 1), after: html.slice(end + 1, next === -1 ? undefined : next) });
    at = next;
  }
  return tags;
}

describe('markup in stored text', () => {
  const LIVE = '<script>alert(1)</script>';
  const ATTRIBUTE = '"><img src=x onerror=alert(2)>';
  const TITLE = `Quarantine ${LIVE} ${ATTRIBUTE}`;

  beforeAll(async () => {
    const notice = await postForm('/api/Admin/notice', contentForm(noticeType, { ...sampleValues(noticeType), title: TITLE, issueDate: '2099-01-01' }, { filePath: sampleFile(noticeType.files[0], jpeg) }));
    expect(notice.status).toBe(201);
    const news = await postJson('/api/Admin/latest-news', JSON.stringify({ title: TITLE, description: `Details ${LIVE}` }));
    expect(news.status).toBe(201);
  });

  it.each(['/notice', '/latestnews', '/', `/search?q=${encodeURIComponent('Quarantine')}`, `/search?q=${encodeURIComponent(LIVE)}`])(
    '%s shows it as text, never as a live tag',
    async (path) => {
      const html = await (await fetch(url(path))).text();
      expect(html).toContain('Quarantine &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
      const tags = liveTags(html);
      expect(tags.length).toBeGreaterThan(100);
      expect(tags.filter(({ tag, after }) => /^<script\b/i.test(tag) && after.includes('alert('))).toEqual([]);
      // An event handler attribute, not the words inside some attribute's quoted value (a download name).
      expect(tags.filter(({ tag }) => /\sonerror\s*=/i.test(tag.replace(/"[^"]*"|'[^']*'/g, '""')))).toEqual([]);
    },
  );
});
