import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { countGrievances, grievanceRow } from '../support/grievance-row';

/**
 * What one stranger can cost everyone else, on a server of our own: a visitor who gives up while waiting for
 * a shared render or never reads an answer must not hold that address for others; a flood of spellings must
 * not empty the page cache; a big or hostile form is refused in the cheapest order; an anonymous list stays
 * within its budget of inline bytes.
 */

let server: TestServer;
let database: Db;
let token: string;
const url = (p: string) => `${server.url}${p}`;

/** A PDF of about `megabytes` MB: a real header and trailer around padding. */
const bigPdf = (megabytes: number, label: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`), Buffer.alloc(Math.round(megabytes * 1024 * 1024), 0x20), Buffer.from('\n%%EOF\n')]);

async function addNotice(title: string, pdf: Buffer): Promise<{ id: number; document: string }> {
  const form = new FormData();
  form.set('Notice.title', title);
  form.set('Notice.description', 'Added by the availability test.');
  form.set('DocumentFile', new File([new Uint8Array(pdf)], 'notice.pdf', { type: 'application/pdf' }));
  const res = await fetch(`${url('/api/Admin/notice')}?media=url`, { method: 'POST', headers: bearer(token), body: form });
  expect(res.status).toBe(201);
  const saved = (await res.json()) as Record<string, unknown>;
  const document = Object.values(saved).find((v): v is string => typeof v === 'string' && v.startsWith('/media/'))!;
  return { id: saved.id as number, document };
}

/** An ordinary visitor's GET, given at most `ms` to be answered in full. */
async function timedGet(path: string, ms = 1000): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url(path), { signal: AbortSignal.timeout(ms) });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** A visitor who sends a GET and never reads the answer: the socket is paused until released. */
function neverReading(path: string): Promise<{ release: () => void }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      socket.once('data', () => {
        socket.pause();
        resolve({ release: () => socket.destroy() });
      });
    });
  });
}

/** A visitor who asks and gives up after `ms`, whether or not an answer has begun. */
async function givingUp(path: string, ms: number): Promise<void> {
  await fetch(url(path), { signal: AbortSignal.timeout(ms) })
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
}

/** A multipart POST sent with a raw client, answering the status as soon as the server answers. */
function postRaw(path: string, headers: Record<string, string>, body: Buffer | null, options: { keepSending?: boolean } = {}): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: 'POST', path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text });
        // A client that meant to keep sending is done with once answered.
        if (options.keepSending) req.destroy();
      });
    });
    req.on('error', (err) => (options.keepSending ? undefined : reject(err)));
    if (body) req.write(body);
    // Headers go out at once, body or not: the server is to answer from them alone.
    if (options.keepSending) req.flushHeaders();
    else req.end();
  });
}

async function lodgeForm(fields: Record<string, string>, photos: Uint8Array<ArrayBuffer>[] = []): Promise<Response> {
  const form = new FormData();
  const values = { category: '1', ward: '3', address: 'House 12, Lane 4, Ramnagar', landmark: '', description: 'Garbage not lifted for a week.', name: 'Asha Kumari', email: '', mobile: '9812345678', ...fields };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const photo of photos) form.append('photos', new File([photo], 'photo.jpg', { type: 'image/jpeg' }));
  return fetch(url('/postgrievance'), { method: 'POST', body: form });
}

/** A 10000×10000 picture of one colour: under a megabyte as a JPEG, 300 MB once decoded. */
const hugeJpeg = async () => new Uint8Array(await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#777777' } }).jpeg({ quality: 10 }).toBuffer());

async function setSetting(name: string, value: number) {
  await database.insertInto('grievance_setting').values({ name, value: String(value) }).onConflict((oc) => oc.column('name').doUpdateSet({ value: String(value) })).execute();
}

const countAttempts = async () =>
  Number((await database.selectFrom('grievance_attempt').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'lodge-address').executeTakeFirstOrThrow()).n);
const countComplaints = () => countGrievances(database);

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  token = await login(ADMIN.email, ADMIN.password, server.url);
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('no waiter without an end', () => {
  it('answers an ordinary visitor within a second after another gave up waiting on the same uncached address', async () => {
    const { document } = await addNotice('A large notice', bigPdf(15, 'waiter'));
    for (const path of [document, '/api/Public/notice']) {
      const slow = await neverReading(path);
      await givingUp(path, 300);
      const third = await timedGet(path);
      expect(third.status, path).toBe(200);
      slow.release();
      // And once more after the slow visitor has gone, as the stuck address used to stay stuck until a restart.
      await givingUp(path, 50);
      expect((await timedGet(path)).status, path).toBe(200);
    }
  });

  it('answers within a second while a visitor who never reads holds the same address open', async () => {
    const { document } = await addNotice('Another large notice', bigPdf(12, 'never reads'));
    const held = await Promise.all([neverReading(document), neverReading('/api/Public/notice')]);
    try {
      for (const path of [document, '/api/Public/notice', '/']) expect((await timedGet(path)).status, path).toBe(200);
    } finally {
      for (const visitor of held) visitor.release();
    }
  });
});

describe('the page cache cannot be flushed by strangers', () => {
  it('keeps /, /about and /notice cached through 2,000 spellings and variants', async () => {
    for (const path of ['/', '/about', '/notice']) {
      await timedGet(path, 10_000);
      const res = await fetch(url(path));
      expect(res.headers.get('x-page-cache'), path).toBe('hit');
    }
    const variants = Array.from({ length: 2000 }, (_, i) =>
      i % 4 === 0 ? `/notice?${'page=1&'.repeat(1 + (i % 97))}x=${i}`
        : i % 4 === 1 ? `/notice?page=${'0'.repeat(i % 9)}1&utm=${i}`
          : i % 4 === 2 ? `/api/Public/notice?page=${i}&pageSize=1&media=url`
            : `/api/Public/minister-officer-employee-by-designations?designations=Clerk${i}&media=url`,
    );
    for (let i = 0; i < variants.length; i += 16) {
      await Promise.all(variants.slice(i, i + 16).map((path) => fetch(url(path)).then((res) => res.arrayBuffer())));
    }
    for (const path of ['/', '/about', '/notice']) {
      const res = await fetch(url(path));
      expect(res.headers.get('x-page-cache'), `${path} after the flood`).toBe('hit');
    }
    // Every spelling of /notice's first page is that one cached page.
    expect((await fetch(url('/notice?page=1&page=1&page=2'))).headers.get('x-page-cache')).toBe('hit');
  });
});

describe('cheap refusals first', () => {
  it('refuses a declared length over the form\'s need before reading it, and a body that grows past it as it does', async () => {
    const declared = await postRaw('/postgrievance', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) }, null, { keepSending: true });
    expect(declared.status).toBe(413);
    const boundary = 'chunked-boundary';
    const part = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n`), Buffer.alloc(200 * 1024, 0x61), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const text = await postRaw('/postgrievance', { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' }, part);
    expect(text.status).toBe(413);
  });

  it('checks the words before the photos: a wrong category with huge photos is a 400 about the category, nothing decoded or counted', async () => {
    const huge = await hugeJpeg();
    const attempts = await countAttempts();
    const res = await lodgeForm({ category: '999' }, [huge, huge, huge, huge]);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('That category does not exist');
    expect(await countAttempts()).toBe(attempts);

    const valid = await lodgeForm({ mobile: '9812300001' }, [huge]);
    expect(valid.status).toBe(413);
    expect(await valid.text()).toContain('Photo 1 is larger than 50 megapixels.');
    expect(await countAttempts()).toBe(attempts);
  });

  it('refuses an address at its limit before reading the body, and the flood of its uploads in parallel', async () => {
    const huge = await hugeJpeg();
    await setSetting('lodgesPerAddressPerHour', await countAttempts());
    try {
      const complaints = await countComplaints();
      const refused = await Promise.all(Array.from({ length: 4 }, () => lodgeForm({}, [huge, huge, huge, huge])));
      expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429]);
      expect(refused[0].headers.get('retry-after')).toBe('3600');
      // Declared 40 MB and never sent: the answer comes without the body being read.
      const unread = await postRaw('/postgrievance', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(40 * 1024 * 1024) }, null, { keepSending: true });
      expect(unread.status).toBe(429);
      expect(await countComplaints()).toBe(complaints);
    } finally {
      await setSetting('lodgesPerAddressPerHour', 1000);
    }
  });

  it('still lodges an honest grievance with its photo, stored re-encoded', async () => {
    const photo = await sampleJpeg('#15803d', 40, 30);
    const res = await lodgeForm({ mobile: '9812300002' }, [photo]);
    expect(res.status).toBe(200);
    const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(await res.text())?.[1];
    const stored = await grievanceRow(database, number!);
    expect(stored.pub_image_1_media_id).not.toBeNull();
  });
});

describe('unpaged public lists are light', () => {
  it('inlines files up to the budget and names the rest by URL, saying so in the headers', async () => {
    for (let i = 0; i < 3; i++) await addNotice(`Budget notice ${i}`, bigPdf(1.5, `budget ${i}`));
    const res = await fetch(url('/api/Public/notice'));
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(3.5 * 1024 * 1024);
    expect(Number(res.headers.get('x-media-as-url'))).toBeGreaterThanOrEqual(2);
    expect(res.headers.get('x-media-inline-budget')).toBe(String(2 * 1024 * 1024));
    const notices = JSON.parse(body.toString()) as Record<string, unknown>[];
    const documents = notices.map((n) => Object.values(n).filter((v): v is string => typeof v === 'string' && (v.startsWith('/media/') || v.startsWith('JVBER'))));
    expect(documents.flat().some((d) => d.startsWith('JVBER'))).toBe(true);
    const byUrl = documents.flat().filter((d) => d.startsWith('/media/'));
    expect(byUrl.length).toBeGreaterThanOrEqual(2);
    expect((await fetch(url(byUrl[0]))).status).toBe(200);
    // The same list paged asks nothing more of us.
    const paged = await fetch(url('/api/Public/notice?page=1&pageSize=500'));
    expect(Buffer.from(await paged.arrayBuffer()).length).toBeLessThan(3.5 * 1024 * 1024);
  });
});
