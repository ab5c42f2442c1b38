import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, USER, baseUrl, bearer, login } from '../support/api';
import { CONTENT_TYPES } from '../../src/features/content-types';

/**
 * The content lifecycle over the API: every transition, every refusal, and what the public sees at each
 * step (the public API and the cached public page alike).
 */
let admin: Record<string, string>;
let editor: Record<string, string>;
let desk: Record<string, string>;

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const unique = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createNews(headers: Record<string, string>, title: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl()}/api/Admin/latest-news`, {
    method: 'POST',
    headers: json(headers),
    body: JSON.stringify({ id: 0, title, description: `${title} description` }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function step(headers: Record<string, string>, id: number, body: Record<string, unknown>, type = 'latest-news') {
  const res = await fetch(`${baseUrl()}/api/Admin/${type}/${id}/state`, { method: 'POST', headers: json(headers), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> & { errors?: Record<string, string> } };
}

async function publicTitles(): Promise<string[]> {
  const res = await fetch(`${baseUrl()}/api/Public/latest-news`);
  return ((await res.json()) as { title: string }[]).map((row) => row.title);
}

async function adminRow(id: number, headers = admin): Promise<Record<string, unknown> & { lifecycle: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl()}/api/Admin/latest-news?media=url`, { headers });
  const rows = (await res.json()) as (Record<string, unknown> & { lifecycle: Record<string, unknown> })[];
  return rows.find((row) => row.id === id)!;
}

async function page(path: string, cookie?: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: cookie ? { cookie: `session=${cookie}` } : {}, redirect: 'manual' });
  const html = await res.text();
  // The page's own content: the header's news strip lists live news on every page.
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  return { status: res.status, cache: res.headers.get('x-page-cache'), body: main };
}

async function warm(path: string) {
  await page(path);
  expect((await page(path)).cache).toBe('hit');
}

beforeAll(async () => {
  admin = bearer(await login(ADMIN.email, ADMIN.password));
  editor = bearer(await login(EDITOR.email, EDITOR.password));
  desk = bearer(await login(USER.email, USER.password));
});

describe('an editor\'s draft on its way to publication', () => {
  it('is created as a draft, reviewed, sent back with a comment, resubmitted, approved, and only then public', async () => {
    const title = unique('Lifecycle draft ');
    await warm('/latestnews');

    const created = await createNews(editor, title);
    expect(created.status).toBe(201);
    expect(created.body.state).toBe('draft');
    const id = Number(created.body.id);
    expect(await publicTitles()).not.toContain(title);
    expect((await page('/latestnews')).body).not.toContain(title);

    // Editors may not take an admin's steps.
    for (const action of ['publish', 'archive']) {
      const refused = await step(editor, id, { action });
      expect(refused.status, action).toBe(403);
      expect(String(refused.body.message)).toMatch(/admin/i);
    }
    expect((await step(editor, id, { action: 'schedule', publishAt: '2099-01-01T10:00' })).status).toBe(403);

    expect((await step(editor, id, { action: 'submit' })).body.state).toBe('in_review');
    // Waiting for review: the editor cannot change it meanwhile.
    const locked = await fetch(`${baseUrl()}/api/Admin/latest-news`, { method: 'PUT', headers: json(editor), body: JSON.stringify({ id, title: `${title} changed`, description: 'x' }) });
    expect(locked.status).toBe(403);
    expect(((await locked.json()) as { message: string }).message).toMatch(/waiting for review/);

    const noComment = await step(admin, id, { action: 'send_back', comment: '   ' });
    expect(noComment.status).toBe(400);
    expect(noComment.body.errors?.comment).toMatch(/comment is required/);
    const sentBack = await step(admin, id, { action: 'send_back', comment: 'Please add the ward number.' });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.state).toBe('sent_back');

    // The editor sees the comment and may change the item again.
    const seen = await adminRow(id, editor);
    expect(seen.state).toBe('sent_back');
    expect(seen.lifecycle.comment).toBe('Please add the ward number.');
    const edited = await fetch(`${baseUrl()}/api/Admin/latest-news`, { method: 'PUT', headers: json(editor), body: JSON.stringify({ id, title, description: 'Ward 4' }) });
    expect(edited.status).toBe(200);
    expect((await step(editor, id, { action: 'submit' })).body.state).toBe('in_review');
    expect(await publicTitles()).not.toContain(title);

    const approved = await step(admin, id, { action: 'publish' });
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('published');
    // Latest news stays valid for 30 days and comes up for review after 180 by default.
    expect(Date.parse(String(approved.body.validUntil)) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(Date.parse(String(approved.body.reviewAt)) - Date.now()).toBeGreaterThan(179 * 86_400_000);
    expect(await publicTitles()).toContain(title);
    const fresh = await page('/latestnews');
    expect(fresh.cache).toBeNull();
    expect(fresh.body).toContain(title);

    // Published: only an admin changes or deletes it.
    const change = await fetch(`${baseUrl()}/api/Admin/latest-news`, { method: 'PUT', headers: json(editor), body: JSON.stringify({ id, title: 'x', description: 'y' }) });
    expect(change.status).toBe(403);
    expect(((await change.json()) as { message: string }).message).toBe('Only an admin can change a published or scheduled item. Ask an admin, or send a new draft.');
    const remove = await fetch(`${baseUrl()}/api/Admin/latest-news/${id}`, { method: 'DELETE', headers: editor });
    expect(remove.status).toBe(403);
    expect(await publicTitles()).toContain(title);

    // Every step is in the audit log.
    const audit = await fetch(`${baseUrl()}/api/Admin/audit?entity=latest-news&page=1&pageSize=20`, { headers: admin });
    const entries = (await audit.json()) as { action: string; recordId: number; after: { action?: string; state?: string } | null }[];
    const steps = entries.filter((entry) => entry.recordId === id && entry.action === 'transition').map((entry) => entry.after?.action);
    expect(steps).toEqual(['publish', 'submit', 'send_back', 'submit']);
  });

  it('lists the editor\'s own sent-back item with its comment in their review queue, and items in review in the admin\'s', async () => {
    const title = unique('Queue item ');
    const id = Number((await createNews(editor, title)).body.id);
    const editorCookie = (await login(EDITOR.email, EDITOR.password));
    const adminCookie = (await login(ADMIN.email, ADMIN.password));
    expect((await page('/review-queue', editorCookie)).body).toContain(title);
    await step(editor, id, { action: 'submit' });
    const adminQueue = await page('/review-queue', adminCookie);
    expect(adminQueue.body).toContain(title);
    expect(adminQueue.body).toMatch(/Waiting for review \(\d+\)/);
    const dashboard = await page('/dashboard', adminCookie);
    expect(Number(/data-in-review="(\d+)"/.exec(dashboard.body)?.[1])).toBeGreaterThanOrEqual(1);
    await step(admin, id, { action: 'send_back', comment: 'Shorter title, please.' });
    const editorQueue = await page('/review-queue', editorCookie);
    expect(editorQueue.body).toContain(title);
    expect(editorQueue.body).toContain('Shorter title, please.');
    // Another editor's drafts are not in this editor's queue; the desk cannot open the queue at all.
    expect((await page('/review-queue', await login(USER.email, USER.password))).status).toBe(302);
  });
});

describe('the review queue', () => {
  /** A section of the queue page as rendered, by its heading's id; empty when the page has none. */
  const section = (body: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(body)?.[0] ?? '';
  /** One entry of a list, from its heading to the end of the item. */
  const entry = (html: string, title: string) => new RegExp(`<li[^>]*>\\s*<h3>${title}</h3>[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

  it('opens each item\'s own record from its entry, for the editor and the admin alike', async () => {
    const title = unique('Queue record ');
    const id = Number((await createNews(editor, title)).body.id);
    const own = entry(section((await page('/review-queue', await login(EDITOR.email, EDITOR.password))).body, 'queue-items'), title);
    expect(own).toContain(`href="/editlatestnews?edit=${id}"`);
    await step(editor, id, { action: 'submit' });
    const waiting = entry(section((await page('/review-queue', await login(ADMIN.email, ADMIN.password))).body, 'queue-items'), title);
    expect(waiting).toContain(`href="/editlatestnews?edit=${id}"`);
  });

  it('lists an editor\'s own items in review, with their state and nothing to press but Open', async () => {
    const title = unique('Queue waiting ');
    const id = Number((await createNews(editor, title)).body.id);
    const editorCookie = await login(EDITOR.email, EDITOR.password);
    await step(editor, id, { action: 'submit' });
    const editorQueue = (await page('/review-queue', editorCookie)).body;
    expect(entry(section(editorQueue, 'queue-items'), title)).toBe('');
    const waiting = entry(section(editorQueue, 'queue-waiting'), title);
    expect(waiting).toContain('In review');
    expect(waiting).toContain(`href="/editlatestnews?edit=${id}"`);
    expect(waiting).not.toContain('<button');
  });

  it('shows only the send-back comment still to answer: the latest, and none once resubmitted; the audit log keeps all', async () => {
    const title = unique('Queue comment ');
    const id = Number((await createNews(editor, title)).body.id);
    const editorCookie = await login(EDITOR.email, EDITOR.password);
    await step(editor, id, { action: 'submit' });
    await step(admin, id, { action: 'send_back', comment: 'First: name the ward.' });
    await step(editor, id, { action: 'submit' });
    await step(admin, id, { action: 'send_back', comment: 'Second: give the date.' });
    const sentBack = (await page('/review-queue', editorCookie)).body;
    expect(sentBack).toContain('Second: give the date.');
    expect(sentBack).not.toContain('First: name the ward.');
    await step(editor, id, { action: 'submit' });
    expect((await adminRow(id)).lifecycle.comment).toBe('');
    const adminQueue = (await page('/review-queue', await login(ADMIN.email, ADMIN.password))).body;
    expect(entry(section(adminQueue, 'queue-items'), title)).not.toBe('');
    expect(adminQueue).not.toContain('Second: give the date.');
    expect((await page('/review-queue', editorCookie)).body).not.toContain('Second: give the date.');
    const audit = await fetch(`${baseUrl()}/api/Admin/audit?entity=latest-news&page=1&pageSize=50`, { headers: admin });
    const comments = ((await audit.json()) as { recordId: number; after: { action?: string; comment?: string } | null }[])
      .filter((item) => item.recordId === id && item.after?.action === 'send_back')
      .map((item) => item.after?.comment);
    expect(comments).toEqual(['Second: give the date.', 'First: name the ward.']);
  });

  it('refuses to approve an item that is published already, saying what to do instead; republishing sets its dates afresh', async () => {
    const title = unique('Published once ');
    const id = Number((await createNews(admin, title)).body.id);
    const again = await step(admin, id, { action: 'publish' });
    expect(again.status).toBe(409);
    expect(String(again.body.message)).toBe('This item is already published: there is nothing to approve. To publish it again with fresh dates, use Republish now.');
    const republished = await step(admin, id, { action: 'republish', reviewAt: '2099-03-01T10:00' });
    expect(republished.status).toBe(200);
    expect(republished.body.state).toBe('published');
    expect(republished.body.reviewAt).toBe('2099-03-01T04:30:00.000Z');
    // Only a published item is republished, and only by an admin.
    const draft = Number((await createNews(editor, unique('Not yet '))).body.id);
    expect((await step(admin, draft, { action: 'republish' })).status).toBe(409);
    expect((await step(editor, draft, { action: 'republish' })).status).toBe(403);
  });
});

describe('admins', () => {
  it('publish at once with a legacy create, as old clients expect', async () => {
    const title = unique('Legacy create ');
    const created = await createNews(admin, title);
    expect(created.status).toBe(201);
    expect(created.body.state).toBe('published');
    // Old fields keep their names and meaning; state and lifecycle are only added.
    expect(Object.keys(created.body)).toEqual(expect.arrayContaining(['id', 'title', 'description', 'createdDate', 'state', 'lifecycle']));
    expect(await publicTitles()).toContain(title);
  });

  it('archive and restore; archived items leave the live list for the archive page', async () => {
    const title = unique('Archived news ');
    const id = Number((await createNews(admin, title)).body.id);
    expect((await step(admin, id, { action: 'archive' })).body.state).toBe('archived');
    expect(await publicTitles()).not.toContain(title);
    expect((await page('/latestnews')).body).not.toContain(title);
    const listedInArchive = async () => (await page(`/archive/latestnews?q=${encodeURIComponent(title)}`)).body.includes(`>${title}</td>`);
    expect(await listedInArchive()).toBe(true);
    expect((await step(admin, id, { action: 'restore' })).body.state).toBe('published');
    expect(await publicTitles()).toContain(title);
    expect(await listedInArchive()).toBe(false);
  });

  it('get a clear 409 for a step the item\'s state does not allow, and 400 for a bad field', async () => {
    const id = Number((await createNews(editor, unique('Impossible '))).body.id);
    const wrongState: [Record<string, unknown>, RegExp][] = [
      [{ action: 'archive' }, /Cannot archive an item that is draft/],
      [{ action: 'restore' }, /Cannot restore an item that is draft/],
      [{ action: 'send_back', comment: 'x' }, /Cannot send back an item that is draft/],
    ];
    for (const [body, message] of wrongState) {
      const answer = await step(admin, id, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(409);
      expect(String(answer.body.message)).toMatch(message);
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ action: 'fly' }, /action must be one of/],
      [{}, /action must be one of/],
      [{ action: 'schedule' }, /Pick the date and time to publish at/],
      [{ action: 'schedule', publishAt: 'next tuesday' }, /publishAt must be a date and time/],
      [{ action: 'schedule', publishAt: '2020-01-01T10:00' }, /must be in the future/],
      [{ action: 'publish', unpublishAt: '2020-01-01T10:00' }, /unpublishAt must come after the publication/],
      [{ action: 'publish', comment: 'x'.repeat(2001) }, /at most 2000 characters/],
    ];
    for (const [body, message] of cases) {
      const answer = await step(admin, id, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String(answer.body.message)).toMatch(message);
    }
    expect((await adminRow(id)).state).toBe('draft');
  });
});

// That a publish drops only its own type's cached pages is tested in page-cache.test.ts, which runs alone: here a
// neighbouring file's write of a notice would empty the notice cache too.

describe('the transition call refuses', () => {
  it('strangers (401), the complaint desk (403), unknown types and records (404), and bodies that are not JSON (415)', async () => {
    const id = Number((await createNews(editor, unique('Refusals '))).body.id);
    expect((await step({}, id, { action: 'submit' })).status).toBe(401);
    expect((await step(desk, id, { action: 'submit' })).status).toBe(403);
    expect((await step(admin, id, { action: 'submit' }, 'no-such-type')).status).toBe(404);
    expect((await step(admin, 99_999_999, { action: 'publish' })).status).toBe(404);
    const form = await fetch(`${baseUrl()}/api/Admin/latest-news/${id}/state`, { method: 'POST', headers: { ...admin, 'content-type': 'text/plain' }, body: 'action=publish' });
    expect(form.status).toBe(415);
    expect((await adminRow(id)).state).toBe('draft');
  });

  it('is open to editors for every content type, whose admin lists add each row\'s state', async () => {
    for (const def of CONTENT_TYPES) {
      const list = await fetch(`${baseUrl()}/api/Admin/${def.path}?media=url&page=1&pageSize=1`, { headers: editor });
      expect(list.status, def.path).toBe(200);
      const [row] = (await list.json()) as { id: number; state: string }[];
      if (!row) continue;
      expect(typeof row.state).toBe('string');
    }
  });
});
