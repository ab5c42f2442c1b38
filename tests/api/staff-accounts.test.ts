import { describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, baseUrl, login } from '../support/api';

/**
 * Admins keep staff accounts at /staff: add one with a role (a one-time password that must be changed at
 * first sign-in), disable it (it signs in no more, its sessions end), force a password reset; each audited,
 * and no page or audit entry shows a password hash.
 */

const url = (p: string) => `${baseUrl()}${p}`;
const cookie = (token: string) => ({ cookie: `session=${token}` });
const HASH = /\$(argon2|scrypt|2[aby])\$|scrypt:|[0-9a-f]{64}:[0-9a-f]{32,}/i;

async function post(token: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const res = await fetch(url('/staff'), { method: 'POST', headers: { ...cookie(token), origin: baseUrl() }, body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

const oneTimePassword = (html: string) => /<code data-one-time-password[^>]*>([a-z0-9]{12})<\/code>/.exec(html)?.[1];
const accountId = (html: string, email: string) => new RegExp(`<td[^>]*>${email.replace(/[.]/g, '\\.')}</td>[\\s\\S]*?name="id" value="(\\d+)"`).exec(html)?.[1];

async function signIn(email: string, password: string): Promise<number> {
  const res = await fetch(url('/api/Account/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return res.status;
}

describe('staff accounts', () => {
  it('is for admins only', async () => {
    const editor = await login(EDITOR.email, EDITOR.password);
    const answer = await fetch(url('/staff'), { headers: cookie(editor), redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect((await post(editor, { action: 'add', email: 'x@example.org', role: 'admin' })).status).not.toBe(200);
    expect((await fetch(url('/staff'), { redirect: 'manual' })).headers.get('location')).toMatch(/^\/login/);
  });

  it('adds a member of staff with a role and a one-time password that must be changed before anything else', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const email = `clerk-${Date.now()}@nagarparishad.example`;
    const added = await post(admin, { action: 'add', email, role: 'editor', name: 'Asha Clerk' });
    expect(added.status).toBe(200);
    const password = oneTimePassword(added.html);
    expect(password).toBeDefined();
    expect(added.html).toContain(`Added Asha Clerk (${email}) as Editor.`);
    expect(added.html).not.toMatch(HASH);
    // The same email again is refused, saying why, and keeps what was typed.
    const twice = await post(admin, { action: 'add', email, role: 'editor', name: 'Asha Clerk' });
    expect(twice.status).toBe(409);
    expect(twice.html).toContain(`An account for ${email} exists already.`);
    const bad = await post(admin, { action: 'add', email: 'not-an-email', role: 'chief', name: 'Asha Clerk' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('value="not-an-email"');
    expect(bad.html).toContain('value="Asha Clerk"');

    const token = await login(email, password!);
    const home = await fetch(url('/editnotice'), { headers: cookie(token), redirect: 'manual' });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/account?reset=1');
    const api = await fetch(url('/api/Admin/notice'), { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(403);
    const changed = await fetch(url('/api/Account/change-password'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: password, newPassword: 'a-new-password-2026', confirmPassword: 'a-new-password-2026' }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const fresh = ((await changed.json()) as { token: string }).token;
    expect((await fetch(url('/editnotice'), { headers: cookie(fresh), redirect: 'manual' })).status).toBe(200);
  });

  it('disables an account (no sign-in, sessions end), enables it, and forces a password reset; each audited without a hash', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const email = `officer-${Date.now()}@nagarparishad.example`;
    const added = await post(admin, { action: 'add', email, role: 'officer', name: 'Field Officer' });
    const first = oneTimePassword(added.html)!;
    const id = accountId(added.html, email) ?? accountId(await (await fetch(url(`/staff?q=${encodeURIComponent(email)}`), { headers: cookie(admin) })).text(), email);
    expect(id).toBeDefined();
    const session = await login(email, first);

    const disabled = await post(admin, { action: 'disable', id: id! });
    expect(disabled.status).toBe(200);
    expect(disabled.html).toContain(`${email} is disabled`);
    expect(await signIn(email, first)).toBe(401);
    expect((await fetch(url('/account'), { headers: cookie(session), redirect: 'manual' })).status).toBe(302);

    expect((await post(admin, { action: 'enable', id: id! })).status).toBe(200);
    expect(await signIn(email, first)).toBe(200);

    const reset = await post(admin, { action: 'reset', id: id! });
    const second = oneTimePassword(reset.html)!;
    expect(second).not.toBe(first);
    expect(await signIn(email, first)).toBe(401);
    expect(await signIn(email, second)).toBe(200);

    const audit = await (await fetch(url('/api/Admin/audit?entity=account'), { headers: { authorization: `Bearer ${admin}` } })).text();
    expect(audit).toContain(email);
    expect(audit).not.toMatch(HASH);
    expect(audit).not.toContain('password_hash');
    // An admin cannot lock themself out.
    const self = await fetch(url(`/staff?q=${encodeURIComponent(ADMIN.email)}`), { headers: cookie(admin) });
    expect(await self.text()).not.toContain(`aria-label="Disable ${ADMIN.email}"`);
  });

  it('finds accounts by email or role, in pages', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const html = await (await fetch(url('/staff?q=officer'), { headers: cookie(admin) })).text();
    expect(html).toContain('officer@nagarparishad.example');
    expect(html).not.toContain('<th scope="row">editor@nagarparishad.example</th>');
  });
});
