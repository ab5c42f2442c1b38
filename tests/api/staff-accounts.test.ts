import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, baseUrl, login } from '../support/api';
import { startServer, type TestServer } from '../support/server';

/**
 * Admins keep staff accounts at /staff: add one with a role (a one-time password that must be changed at
 * first sign-in), change its role (after a question), disable it (it signs in no more, its sessions end),
 * force a password reset; each audited, and no page or audit entry shows a password hash. A change that
 * succeeds answers with a redirect (post/redirect/get), so that a reload sends nothing again.
 */

const url = (p: string, base = baseUrl()) => `${base}${p}`;
const cookie = (token: string) => ({ cookie: `session=${token}` });
const HASH = /\$(argon2|scrypt|2[aby])\$|scrypt:|[0-9a-f]{64}:[0-9a-f]{32,}/i;

interface Answer {
  status: number;
  html: string;
  location: string | null;
  /** The one-time password's cookie as the post set it, to send with the page the post redirects to. */
  handover: string | null;
}

async function post(token: string, fields: Record<string, string>, base = baseUrl()): Promise<Answer> {
  const res = await fetch(url('/staff', base), { method: 'POST', headers: { ...cookie(token), origin: base }, body: new URLSearchParams(fields), redirect: 'manual' });
  const handover = res.headers.getSetCookie().find((line) => line.startsWith('staff_handover='))?.split(';')[0] ?? null;
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), handover };
}

/** The page a successful post redirects to, as the browser opens it: with the cookies the post set. */
async function follow(token: string, answer: Answer, base = baseUrl()): Promise<{ status: number; html: string; setCookies: string[] }> {
  expect(answer.status, answer.html.slice(0, 300)).toBe(303);
  const res = await fetch(url(answer.location!, base), { headers: { cookie: [`session=${token}`, answer.handover].filter(Boolean).join('; ') }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), setCookies: res.headers.getSetCookie() };
}

/** A post that succeeds, and the page it leads to. */
async function change(token: string, fields: Record<string, string>, base = baseUrl()): Promise<{ status: number; html: string; setCookies: string[] }> {
  return follow(token, await post(token, fields, base), base);
}

const oneTimePassword = (html: string) => /<code data-one-time-password[^>]*>([a-z0-9]{12})<\/code>/.exec(html)?.[1];
/** An account's id, from its row's name form (every row has one, the admin's own too). */
function accountId(html: string, email: string): string | undefined {
  const at = html.indexOf(`aria-label="Name of ${email}"`);
  return at < 0 ? undefined : [...html.slice(0, at).matchAll(/name="id" value="(\d+)"/g)].pop()?.[1];
}

async function idOf(admin: string, email: string, base = baseUrl()): Promise<string> {
  const id = accountId(await (await fetch(url(`/staff?q=${encodeURIComponent(email)}`, base), { headers: cookie(admin) })).text(), email);
  expect(id, email).toBeDefined();
  return id!;
}

async function changePassword(token: string, current: string, next: string, base = baseUrl()): Promise<string> {
  const changed = await fetch(url('/api/Account/change-password', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: current, newPassword: next, confirmPassword: next }),
  });
  expect(changed.status, await changed.clone().text()).toBe(200);
  return ((await changed.json()) as { token: string }).token;
}

async function signIn(email: string, password: string, base = baseUrl()): Promise<number> {
  const res = await fetch(url('/api/Account/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return res.status;
}

/** Adds an account and answers its id and one-time password, read from the page the post leads to. */
async function addAccount(admin: string, fields: { email: string; role: string; name: string }, base = baseUrl()): Promise<{ id: string; password: string }> {
  const page = await change(admin, { action: 'add', ...fields }, base);
  const password = oneTimePassword(page.html);
  expect(password, page.html.slice(0, 500)).toBeDefined();
  return { id: await idOf(admin, fields.email, base), password: password! };
}

/** The account page's own words, between its heading and the profile. */
async function accountNotice(token: string): Promise<string> {
  const html = await (await fetch(url('/account'), { headers: cookie(token) })).text();
  return /<h1[\s\S]*?(?=<section)/.exec(html)?.[0] ?? html;
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
    const added = await change(admin, { action: 'add', email, role: 'editor', name: 'Asha Clerk' });
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
    // A new account is told it is new, not that an admin reset its password.
    const welcome = await accountNotice(token);
    expect(welcome).toContain('this is a new account');
    expect(welcome).not.toContain('An admin reset your password');
    const fresh = await changePassword(token, password!, 'a-new-password-2026');
    expect((await fetch(url('/editnotice'), { headers: cookie(fresh), redirect: 'manual' })).status).toBe(200);
    expect(await accountNotice(fresh)).not.toContain('role="alert"');

    // Once they have chosen a password, a reset is a reset.
    const second = oneTimePassword((await change(admin, { action: 'reset', id: await idOf(admin, email) })).html)!;
    const notice = await accountNotice(await login(email, second));
    expect(notice).toContain('An admin reset your password');
    expect(notice).not.toContain('new account');
  });

  it('answers an add with a redirect: the password shows once, and a reload neither adds again nor says the account exists', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const email = `desk-${Date.now()}@nagarparishad.example`;
    const posted = await post(admin, { action: 'add', email, role: 'user', name: 'Ravi Desk' });
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/staff\?done=added&id=\d+$/);
    expect(posted.handover, 'the one-time password travels in a cookie, not the address').not.toBeNull();
    const shown = await follow(admin, posted);
    const password = oneTimePassword(shown.html);
    expect(password).toBeDefined();
    expect(`${posted.location} ${posted.handover}`).not.toContain(password);
    expect(shown.html).toContain(`Added Ravi Desk (${email}) as Complaint desk.`);
    // The page that showed it deletes the cookie: the browser's reload finds none, and shows no password.
    expect(shown.setCookies.some((line) => /^staff_handover=;.*Max-Age=0/i.test(line))).toBe(true);
    const reloaded = await fetch(url(posted.location!), { headers: cookie(admin) });
    const again = await reloaded.text();
    expect(reloaded.status).toBe(200);
    expect(oneTimePassword(again)).toBeUndefined();
    expect(again).toContain(`Added Ravi Desk (${email}) as Complaint desk.`);
    expect(again).not.toContain('exists already');
    // A cookie that was tampered with shows nothing.
    const tampered = await fetch(url(posted.location!), { headers: { cookie: `session=${admin}; ${posted.handover!.slice(0, -4)}AAAA` } });
    expect(oneTimePassword(await tampered.text())).toBeUndefined();
    expect(await signIn(email, password!)).toBe(200);
  });

  it('disables an account (no sign-in, sessions end), enables it, and forces a password reset; each audited without a hash', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const email = `officer-${Date.now()}@nagarparishad.example`;
    const { id, password: first } = await addAccount(admin, { email, role: 'officer', name: 'Field Officer' });
    const session = await login(email, first);

    const disabled = await change(admin, { action: 'disable', id });
    expect(disabled.status).toBe(200);
    expect(disabled.html).toContain(`${email} is disabled`);
    expect(await signIn(email, first)).toBe(401);
    expect((await fetch(url('/account'), { headers: cookie(session), redirect: 'manual' })).status).toBe(302);

    expect((await change(admin, { action: 'enable', id })).status).toBe(200);
    expect(await signIn(email, first)).toBe(200);

    const reset = await change(admin, { action: 'reset', id });
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

  it('changes a role after asking, ends the account\'s sessions and audits it; refuses its own role, an unknown role and strangers', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const email = `mover-${Date.now()}@nagarparishad.example`;
    const { id, password } = await addAccount(admin, { email, role: 'editor', name: 'Meena Mover' });
    const session = await changePassword(await login(email, password), password, 'meena-chosen-2026');

    // The first post asks and changes nothing.
    const asked = await post(admin, { action: 'role', id, role: 'cashier' });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('data-question="role"');
    expect(asked.html).toContain(`from Editor to Cashier?`);
    expect((await fetch(url('/review-queue'), { headers: cookie(session), redirect: 'manual' })).status).toBe(200);

    const done = await change(admin, { action: 'role-confirm', id, role: 'cashier' });
    expect(done.html).toContain(`Meena Mover (${email}) is now Cashier.`);
    // Its sessions ended: the next sign-in is a cashier's.
    expect((await fetch(url('/review-queue'), { headers: cookie(session), redirect: 'manual' })).headers.get('location')).toMatch(/^\/login/);
    const again = await fetch(url('/api/Account/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'meena-chosen-2026' }) });
    expect(((await again.json()) as { role: string }).role).toBe('cashier');
    const audit = (await (await fetch(url('/api/Admin/audit?entity=account'), { headers: { authorization: `Bearer ${admin}` } })).json()) as { recordId: number; before: { role?: string } | null; after: { role?: string } | null }[];
    expect(audit.find((entry) => entry.recordId === Number(id) && entry.before?.role === 'editor' && entry.after?.role === 'cashier')).toBeDefined();

    // Refusals, each saying why and changing nothing.
    const ownId = await idOf(admin, ADMIN.email);
    for (const action of ['role', 'role-confirm']) {
      const own = await post(admin, { action, id: ownId, role: 'editor' });
      expect(own.status, action).toBe(409);
      expect(own.html).toContain('You cannot change your own role');
      const unknown = await post(admin, { action, id, role: 'superuser' });
      expect(unknown.status, action).toBe(400);
      expect(unknown.html).toContain('Choose a role');
      expect((await post(admin, { action, id: '999999999', role: 'editor' })).status, action).toBe(404);
    }
    // A page the admin had open before shows no role form for their own account.
    expect(await (await fetch(url(`/staff?q=${encodeURIComponent(ADMIN.email)}`), { headers: cookie(admin) })).text()).not.toContain(`aria-label="Role of ${ADMIN.email}"`);
    const stranger = await fetch(url('/staff'), { method: 'POST', headers: { origin: baseUrl() }, body: new URLSearchParams({ action: 'role-confirm', id, role: 'admin' }), redirect: 'manual' });
    expect(stranger.headers.get('location')).toMatch(/^\/login/);
    const editor = await post(await login(EDITOR.email, EDITOR.password), { action: 'role-confirm', id, role: 'admin' });
    expect(editor.status).toBe(302);
    expect(editor.location).not.toMatch(/^\/staff/);
    const still = await fetch(url('/api/Account/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'meena-chosen-2026' }) });
    expect(((await still.json()) as { role: string }).role).toBe('cashier');
  });

  it('are explained on the help page: all eight roles with what each does, in English and in Hindi', async () => {
    const items = async (path: string) => {
      const html = await (await fetch(url(path))).text();
      const part = /<section id="staff-roles"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      return [...part.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => match[1].replace(/<[^>]+>/g, ''));
    };
    const english = await items('/help');
    expect(english.map((item) => item.split(':')[0])).toEqual(['Admin', 'Complaint desk', 'Officer', 'Editor', 'Cashier', 'Document verifier', 'Field inspector', 'Licence approver']);
    for (const item of english) expect(item.split(': ')[1]?.length ?? 0, item).toBeGreaterThan(30);
    const hindi = await items('/hi/help');
    expect(hindi.map((item) => item.split(':')[0])).toEqual(['एडमिन', 'शिकायत डेस्क', 'अधिकारी', 'संपादक', 'कैशियर', 'दस्तावेज़ सत्यापनकर्ता', 'क्षेत्र निरीक्षक', 'लाइसेंस अनुमोदक']);
    for (const item of hindi) expect(item, item).not.toMatch(/[A-Za-z]/);
  });

  it('finds accounts by email or role, in pages', async () => {
    const admin = await login(ADMIN.email, ADMIN.password);
    const html = await (await fetch(url('/staff?q=officer'), { headers: cookie(admin) })).text();
    expect(html).toContain('officer@nagarparishad.example');
    expect(html).not.toContain('<th scope="row">editor@nagarparishad.example</th>');
  });
});

// The council keeps at least one admin who can sign in. On the shared server other files add admins, so this
// runs on a server of its own, whose only admin is the demo's.
describe('the last admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stays an admin when two admins demote each other at once: one change is made, the other refused', async () => {
    const base = server.url;
    const first = await login(ADMIN.email, ADMIN.password, base);
    const email = `second-admin-${Date.now()}@nagarparishad.example`;
    const made = await addAccount(first, { email, role: 'admin', name: 'Second Admin' }, base);
    const second = await changePassword(await login(email, made.password, base), made.password, 'second-admin-2026', base);
    const firstId = await idOf(first, ADMIN.email, base);

    const answers = await Promise.all([
      post(first, { action: 'role-confirm', id: made.id, role: 'editor' }, base),
      post(second, { action: 'role-confirm', id: firstId, role: 'editor' }, base),
    ]);
    const made303 = answers.filter((answer) => answer.status === 303);
    expect(made303, answers.map((answer) => `${answer.status} ${answer.location}`).join(', ')).toHaveLength(1);
    // The other was refused: as the last admin's demotion, or (when the first change ended its session
    // before it was read) sent to sign in again.
    const refused = answers.find((answer) => answer.status !== 303)!;
    if (refused.status === 409) expect(refused.html).toContain('is the last admin');
    else expect(refused.location).toMatch(/^\/login/);
    const roles = await Promise.all([
      [ADMIN.email, ADMIN.password],
      [email, 'second-admin-2026'],
    ].map(async ([who, password]) => {
      const res = await fetch(url('/api/Account/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who, password }) });
      return ((await res.json()) as { role: string }).role;
    }));
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
  });
});
