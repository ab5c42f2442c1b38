import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { noticeType } from '../../src/features/notice/notice.schema';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';
import { contentForm, samplePdf, sampleValues } from '../support/content-samples';
import { startServer, type TestServer } from '../support/server';

/** Sign-in throttling, the security headers of every page, and the audit log of admin writes. */

const loginFrom = (url: string, address: string, email: string, password: string) =>
  fetch(`${url}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.7, ${address}` },
    body: JSON.stringify({ email, password }),
  });

describe('sign-in throttling (TRUST_PROXY, so each test can speak from its own address)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => server.stop());

  it('lets the owner sign in after strangers\' failures, from an address it used before and from a new one alike', async () => {
    const ownersAddress = '192.0.2.10';
    expect((await loginFrom(server.url, ownersAddress, ADMIN.email, ADMIN.password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await loginFrom(server.url, `198.18.0.${i + 1}`, ADMIN.email, 'a-strangers-guess')).status).toBe(401);
    expect((await loginFrom(server.url, '198.18.1.1', ADMIN.email, ADMIN.password)).status).toBe(200);
    expect((await loginFrom(server.url, ownersAddress, ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('refuses an address with 429 and Retry-After after 3 failures on an account being guessed at from several addresses, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await loginFrom(server.url, `198.51.100.${i + 1}`, ADMIN.email, 'not-the-password')).status).toBe(401);
    const guesser = '198.51.100.150';
    for (let i = 0; i < 3; i++) expect((await loginFrom(server.url, guesser, ADMIN.email, 'not-the-password')).status).toBe(401);
    const refused = await loginFrom(server.url, guesser, ADMIN.email, ADMIN.password);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await refused.json()).message).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes?\.$/);
    // The guesser's address may still sign in to another account; other addresses to this one.
    expect((await loginFrom(server.url, guesser, USER.email, USER.password)).status).toBe(200);
    expect((await loginFrom(server.url, '198.51.100.200', ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('refuses an address with 429 after 10 failures on any accounts, known or not; other addresses still sign in', async () => {
    const address = '192.0.2.55';
    for (let i = 0; i < 10; i++) {
      const email = i % 2 === 0 ? `nobody${i}@example.org` : USER.email;
      expect((await loginFrom(server.url, address, email, 'wrong-password')).status).toBe(401);
    }
    expect((await loginFrom(server.url, address, USER.email, USER.password)).status).toBe(429);
    expect((await loginFrom(server.url, '192.0.2.56', USER.email, USER.password)).status).toBe(200);
  });

  it('forgets an address\'s failures on an account once it signs in there, and only those', async () => {
    const email = USER.email;
    // The account is being guessed at from elsewhere, so each address has 3 failures on it to spend.
    for (let i = 0; i < 10; i++) expect((await loginFrom(server.url, `10.9.0.${i}`, email, 'wrong-password')).status).toBe(401);
    const owners = '10.9.1.1';
    for (let i = 0; i < 2; i++) expect((await loginFrom(server.url, owners, email, 'wrong-password')).status).toBe(401);
    expect((await loginFrom(server.url, owners, email, USER.password)).status).toBe(200);
    // Had they been kept, the third of these would be refused.
    for (let i = 0; i < 2; i++) expect((await loginFrom(server.url, owners, email, 'wrong-password')).status).toBe(401);
    expect((await loginFrom(server.url, owners, email, USER.password)).status).toBe(200);
    // The strangers' failures stay: one of their addresses, after its next two, is refused.
    for (let i = 0; i < 2; i++) expect((await loginFrom(server.url, '10.9.0.0', email, 'wrong-password')).status).toBe(401);
    expect((await loginFrom(server.url, '10.9.0.0', email, USER.password)).status).toBe(429);
  });

  it('marks the session cookie Secure when the proxy says the browser used https', async () => {
    const res = await fetch(`${server.url}/api/Account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.20.0.1' },
      body: JSON.stringify({ email: USER.email, password: USER.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
  });
});

describe('security headers', () => {
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).filter((s) => s.trim() !== '');
  const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

  it('gives the home page a policy without unsafe-inline scripts that allows exactly its own inline scripts, from the cache too', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl()}/`);
      const html = await res.text();
      const policy = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(scriptSrc).toContain(hashOf(script));
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it("forbids framing the back office and the sign-in page (frame-ancestors 'none')", async () => {
    const token = await login(ADMIN.email, ADMIN.password);
    const dashboard = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie: `session=${token}` }, redirect: 'manual' });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(dashboard.headers.get('cache-control')).toBe('private, no-store');
    const signIn = await fetch(`${baseUrl()}/login`);
    expect(signIn.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves documents with Content-Disposition and nosniff', async () => {
    const notices = (await (await fetch(`${baseUrl()}/api/Public/notice?media=url`)).json()) as { filePath: string | null }[];
    const document = notices.find((n) => n.filePath)!.filePath!;
    const res = await fetch(`${baseUrl()}${document}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

interface AuditWire {
  at: string;
  userEmail: string;
  action: string;
  entity: string;
  recordId: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('the audit log', () => {
  let adminToken: string;
  const audit = async (query = '') => {
    const res = await fetch(`${baseUrl()}/api/Admin/audit${query}`, { headers: bearer(adminToken) });
    expect(res.status).toBe(200);
    return { total: Number(res.headers.get('x-total-count')), entries: (await res.json()) as AuditWire[] };
  };
  beforeAll(async () => {
    adminToken = await login(ADMIN.email, ADMIN.password);
  });

  it('records who created, edited and deleted a notice, when, with the record before and after', async () => {
    const title = `Audited notice ${Date.now()}`;
    const created = await fetch(`${baseUrl()}/api/Admin/notice`, {
      method: 'POST',
      headers: bearer(adminToken),
      body: contentForm(noticeType, { ...sampleValues(noticeType), title }, { filePath: new File([samplePdf('audit')], 'audit.pdf', { type: 'application/pdf' }) }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const edited = await fetch(`${baseUrl()}/api/Admin/notice`, {
      method: 'PUT',
      headers: bearer(adminToken),
      body: contentForm(noticeType, { title: `${title} (corrected)` }, {}, id),
    });
    expect(edited.status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/Admin/notice/${id}`, { method: 'DELETE', headers: bearer(adminToken) })).status).toBe(200);

    const { entries } = await audit('?entity=notice&page=1&pageSize=10');
    const mine = entries.filter((e) => e.recordId === id);
    expect(mine.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of mine) {
      expect(entry.userEmail).toBe(ADMIN.email);
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(5 * 60_000);
    }
    const [deleted, updated, inserted] = mine;
    expect(inserted.before).toBeNull();
    expect(inserted.after).toMatchObject({ id, title });
    expect((inserted.after!.filePath as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(updated.before).toMatchObject({ title });
    expect(updated.after).toMatchObject({ title: `${title} (corrected)` });
    // The edit kept the stored document, and the log says so.
    expect(updated.after!.filePath).toEqual(inserted.after!.filePath);
    expect(deleted.before).toMatchObject({ title: `${title} (corrected)` });
    expect(deleted.after).toBeNull();
  });

  it('records a complaint lodged at the desk under the member of staff who lodged it', async () => {
    const userToken = await login(USER.email, USER.password);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      'Complaint.Grivance': '1', 'Complaint.Your_Suggestion': 'Audit test', 'Complaint.District': '1', 'Complaint.Ward': '3',
      'Complaint.Ulb': '1', 'Complaint.Landmark': 'Audit lane', 'Complaint.Additional_Information': 'Lodged by the audit test.',
    })) form.append(name, value);
    const res = await fetch(`${baseUrl()}/api/User/add-complaint`, { method: 'POST', headers: bearer(userToken), body: form });
    expect(res.status).toBeLessThan(300);
    const { entries } = await audit('?entity=complaint&page=1&pageSize=5');
    expect(entries[0]).toMatchObject({ action: 'create', entity: 'complaint', userEmail: USER.email });
    expect(entries[0].after).toMatchObject({ landmark: 'Audit lane', status: 'Open' });
  });

  it('is for admins only', async () => {
    const userToken = await login(USER.email, USER.password);
    expect((await fetch(`${baseUrl()}/api/Admin/audit`, { headers: bearer(userToken) })).status).toBe(403);
    expect((await fetch(`${baseUrl()}/api/Admin/audit`)).status).toBe(401);
    expect((await fetch(`${baseUrl()}/audit`, { redirect: 'manual' })).status).toBe(302);
  });
});

describe('API addresses answer JSON, whatever is wrong', () => {
  it('answers 404 in the JSON error shape for a method an address does not take', async () => {
    const res = await fetch(`${baseUrl()}/api/Public/notice`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: 'There is no such API address, or it does not take that method.' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
