import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeType } from '../../src/features/notice/notice.schema';
import { galleryType } from '../../src/features/gallery/gallery.schema';
import { addUser } from '../../src/server/auth/users';
import { MAX_FAILURES, MAX_FAILURES_WHILE_GUESSED } from '../../src/server/auth/login-throttle';
import { ADMIN, bearer, login } from '../support/api';
import { contentForm, sampleJpeg, samplePdf, sampleValues } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { rawRequest } from '../support/raw-request';
import { startServer, type TestServer } from '../support/server';

/**
 * What the site refuses, and that it refuses nothing more: sign-in throttling that no stranger can turn
 * against an account's owner, a password change for every role, methods the site does not use, SVGs that
 * run nothing, and stored files given to a slot of another kind. One server of its own, trusting one proxy,
 * so that each sign-in can come from an address of the test's choosing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
afterAll(async () => server?.stop());

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const loginFrom = (address: string, email: string, password: string) =>
  postJson(`${server.url}/api/Account/login`, { email, password }, { 'x-forwarded-for': address });

describe('sign-in throttling never keeps an account\'s owner out', () => {
  it('lets the admin sign in from a new address after strangers\' wrong passwords from several; the guessers stay refused', async () => {
    const strangers = ['198.18.7.1', '198.18.7.2', '198.18.7.3', '198.18.7.4'];
    // Three guesses from each of four addresses: twelve failures on the account, none of them over the
    // per-address limit, and the account's own count past the point where an account used to be locked.
    for (const address of strangers) {
      for (let i = 0; i < MAX_FAILURES_WHILE_GUESSED; i++) expect((await loginFrom(address, ADMIN.email, `a-strangers-guess-${i}`)).status).toBe(401);
    }
    expect(strangers.length * MAX_FAILURES_WHILE_GUESSED).toBeGreaterThan(MAX_FAILURES);

    const owner = await loginFrom('203.0.113.77', ADMIN.email, ADMIN.password);
    expect(owner.status).toBe(200);
    expect((await owner.json()).role).toBe('admin');

    // A guesser's address has spent its guesses on this account: refused even with the right password.
    for (const address of strangers) {
      const refused = await loginFrom(address, ADMIN.email, ADMIN.password);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await refused.json()).message).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes?\.$/);
    }
    // Guessing stays slow: a further address brings only a few guesses at an account being guessed at.
    for (let i = 0; i < MAX_FAILURES_WHILE_GUESSED; i++) expect((await loginFrom('198.18.7.5', ADMIN.email, `one-more-guess-${i}`)).status).toBe(401);
    expect((await loginFrom('198.18.7.5', ADMIN.email, 'and-another')).status).toBe(429);
    // And the owner still gets in, from yet another new address.
    expect((await loginFrom('203.0.113.78', ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('counts a burst of parallel guesses from one address before checking any, so no more than the limit are tried', async () => {
    const email = `nobody-${Date.now()}@council.example`;
    const burst = await Promise.all(Array.from({ length: MAX_FAILURES + 5 }, (_, i) => loginFrom('198.18.8.1', email, `parallel-guess-${i}`)));
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe('every role changes its own password', () => {
  it('lets an editor open /account, change their password and sign in with the new one only', async () => {
    const email = `fresh-editor-${Date.now()}@council.example`;
    const database = openServerDatabase(server.dataDir);
    try {
      expect(await addUser(email, 'first-password-9', 'editor', database)).toBe(true);
    } finally {
      await database.destroy();
    }
    const token = await login(email, 'first-password-9', server.url);

    const page = await fetch(`${server.url}/account`, { headers: { cookie: `session=${token}` }, redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Change password');

    const changed = await postJson(`${server.url}/api/Account/change-password`, { currentPassword: 'first-password-9', newPassword: 'second-password-9' }, bearer(token));
    expect(changed.status).toBe(200);
    expect((await loginFrom('192.0.2.90', email, 'first-password-9')).status).toBe(401);
    const signedIn = await loginFrom('192.0.2.91', email, 'second-password-9');
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).role).toBe('editor');
  });
});

describe('methods the site does not use', () => {
  const expectRefused = (answer: { status: number; headers: Record<string, string | string[] | undefined> }) => {
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, DELETE');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  };

  it('answers TRACE, PROPFIND, PATCH, OPTIONS and a made-up method with 405, Allow and the security headers', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PATCH', 'OPTIONS', 'BREW']) {
      for (const target of ['/notice', '/', '/favicon.svg', '/media/nothing', '/./notice']) {
        const answer = await rawRequest(server.url, method, target);
        expectRefused(answer);
        expect(answer.body, `${method} ${target}`).toBe('This address does not take that method.');
      }
      const api = await rawRequest(server.url, method, '/api/Public/notice');
      expectRefused(api);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(api.body)).toEqual({ message: 'This address does not take that method.' });
    }
  });

  it('answers CONNECT, which never reaches a request handler, with 405 too', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, HEAD, POST, PUT, DELETE\r\n/);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
  });

  it('still answers the methods it uses', async () => {
    expect((await rawRequest(server.url, 'GET', '/notice')).status).toBe(200);
    expect((await rawRequest(server.url, 'HEAD', '/notice')).status).toBe(200);
    expect((await rawRequest(server.url, 'DELETE', '/api/Public/notice')).status).toBe(404);
  });
});

describe('every SVG we serve carries Content-Security-Policy: sandbox', () => {
  it('the static pictures, the holiday calendar in both languages (fresh and revalidated) and a stored SVG', async () => {
    const client = path.join(process.env.BUILD_DIR || 'dist', 'client');
    const staticSvgs = fs.readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.svg')).map((file) => `/${file.split(path.sep).join('/')}`);
    expect(staticSvgs).toContain('/favicon.svg');

    const database = openServerDatabase(server.dataDir);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const sha = createHash('sha256').update(svg).digest('hex');
    try {
      await database.insertInto('media').values({ sha256: sha, content_type: 'image/svg+xml', size: svg.length, bytes: svg, width: null, height: null, created_at: new Date().toISOString() }).execute();
    } finally {
      await database.destroy();
    }

    const year = new Date().getFullYear();
    for (const target of [...staticSvgs, `/holiday-calendar/${year}.svg`, `/hi/holiday-calendar/${year}.svg`, `/media/${sha}.svg`]) {
      const res = await fetch(`${server.url}${target}`);
      expect(res.status, target).toBe(200);
      expect(res.headers.get('content-type'), target).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('content-security-policy'), target).toBe('sandbox');
      const etag = res.headers.get('etag');
      if (etag) {
        const again = await fetch(`${server.url}${target}`, { headers: { 'if-none-match': etag } });
        expect(again.status, target).toBe(304);
        expect(again.headers.get('content-security-policy'), target).toBe('sandbox');
      }
    }
  });
});

describe('a stored file named for a slot is checked against the slot\'s kind', () => {
  let token: string;
  let pdfUrl: string;
  let jpegUrl: string;
  beforeAll(async () => {
    token = await login(ADMIN.email, ADMIN.password, server.url);
    const notice = await fetch(`${server.url}/api/Admin/notice?media=url`, {
      method: 'POST',
      headers: bearer(token),
      body: contentForm(noticeType, sampleValues(noticeType), { filePath: new File([samplePdf('slot-kind')], 'slot-kind.pdf', { type: 'application/pdf' }) }),
    });
    expect(notice.status).toBe(201);
    pdfUrl = (await notice.json()).filePath;
    const photo = await fetch(`${server.url}/api/Admin/gallery?media=url`, {
      method: 'POST',
      headers: bearer(token),
      body: contentForm(galleryType, sampleValues(galleryType), { photoPath: new File([await sampleJpeg('#0b4f8a')], 'photo.jpg', { type: 'image/jpeg' }) }),
    });
    expect(photo.status).toBe(201);
    jpegUrl = (await photo.json()).photoPath;
    expect(pdfUrl).toMatch(/^\/media\/[0-9a-f]{64}\.pdf$/);
    expect(jpegUrl).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
  });

  const galleryCount = async () => Number((await fetch(`${server.url}/api/Admin/gallery?page=1&pageSize=1`, { headers: bearer(token) })).headers.get('x-total-count'));

  it('refuses a PDF for a gallery photo with 415 naming the field, as JSON and as a form, storing nothing', async () => {
    const before = await galleryCount();
    const message = 'Photo takes only a JPEG, PNG or WebP image, and the stored file given is not one.';

    const asJson = await postJson(`${server.url}/api/Admin/gallery`, { ...sampleValues(galleryType), photoPath: pdfUrl }, bearer(token));
    expect(asJson.status).toBe(415);
    expect(await asJson.json()).toEqual({ message, errors: { photoPath: message } });

    const form = contentForm(galleryType, sampleValues(galleryType));
    form.append('Gallery.PhotoPath', pdfUrl);
    const asForm = await fetch(`${server.url}/api/Admin/gallery`, { method: 'POST', headers: bearer(token), body: form });
    expect(asForm.status).toBe(415);
    expect((await asForm.json()).errors).toEqual({ photoPath: message });

    expect(await galleryCount()).toBe(before);
  });

  it('refuses a picture for a notice\'s document the same way', async () => {
    const res = await postJson(`${server.url}/api/Admin/notice`, { ...sampleValues(noticeType), filePath: jpegUrl }, bearer(token));
    expect(res.status).toBe(415);
    const message = 'Document takes only a PDF document, and the stored file given is not one.';
    expect(await res.json()).toEqual({ message, errors: { filePath: message } });
  });

  it('still takes a stored file of the slot\'s kind', async () => {
    const photo = await postJson(`${server.url}/api/Admin/gallery?media=url`, { ...sampleValues(galleryType), photoPath: jpegUrl }, bearer(token));
    expect(photo.status).toBe(201);
    expect((await photo.json()).photoPath).toBe(jpegUrl);
    const notice = await postJson(`${server.url}/api/Admin/notice?media=url`, { ...sampleValues(noticeType), filePath: pdfUrl }, bearer(token));
    expect(notice.status).toBe(201);
    expect((await notice.json()).filePath).toBe(pdfUrl);
  });
});
