import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER, bearer, login } from '../support/api';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { until } from '../support/until';
import { indianMoment } from '../../src/lib/india-time';

/**
 * Alert banners: admins create, edit and delete them (validated, audited), and every public page shows an
 * alert only within its window. The server runs on a test clock (TEST_CLOCK_FILE) the test moves by hand,
 * so a cached page is seen to pick an alert up at its start and drop it at its end with no write between.
 */
const clockFile = path.join(tempDataDir('council-alert-clock'), 'offset');
let server: TestServer;
let admin: Record<string, string>;

function setClock(indianTime: string) {
  fs.writeFileSync(clockFile, String(indianMoment(indianTime) - Date.now()));
}

const call = (pathAndQuery: string, init: RequestInit = {}, headers: Record<string, string> = admin) =>
  fetch(`${server.url}${pathAndQuery}`, { ...init, headers: { 'content-type': 'application/json', ...headers, ...(init.headers ?? {}) } });

async function page(pathAndQuery: string) {
  const res = await fetch(`${server.url}${pathAndQuery}`);
  expect(res.status).toBe(200);
  return { cache: res.headers.get('x-page-cache'), body: await res.text() };
}

const valid = { level: 'warning', textEn: 'Water supply stops in ward 4 on Tuesday.', textHi: 'वार्ड 4 में मंगलवार को जल आपूर्ति बंद रहेगी।', link: '/notice', startsAt: '2099-03-01T09:00', endsAt: '2099-03-01T10:00' };

beforeAll(async () => {
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ TEST_CLOCK_FILE: clockFile });
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

describe('alerts', () => {
  it('are created, listed, read, edited and deleted by admins, each change audited', async () => {
    const created = await call('/api/Admin/alerts', { method: 'POST', body: JSON.stringify({ ...valid, textEn: 'Crud check alert' }) });
    expect(created.status).toBe(201);
    const alert = (await created.json()) as { id: number; startsAt: string; endsAt: string; updatedAt: string };
    expect(alert).toMatchObject({ level: 'warning', textEn: 'Crud check alert', textHi: valid.textHi, link: '/notice', startsAt: '2099-03-01T09:00', endsAt: '2099-03-01T10:00' });

    const list = (await (await call('/api/Admin/alerts')).json()) as { id: number }[];
    expect(list.map((a) => a.id)).toContain(alert.id);
    expect((await call(`/api/Admin/alerts/${alert.id}`)).status).toBe(200);

    const updated = await call(`/api/Admin/alerts/${alert.id}`, { method: 'PUT', body: JSON.stringify({ ...valid, level: 'danger', textEn: 'Crud check alert, edited', textHi: '' }) });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ level: 'danger', textEn: 'Crud check alert, edited', textHi: '' });

    expect((await call(`/api/Admin/alerts/${alert.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/api/Admin/alerts/${alert.id}`)).status).toBe(404);
    expect((await call(`/api/Admin/alerts/${alert.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call('/api/Admin/alerts/999999', { method: 'PUT', body: JSON.stringify(valid) })).status).toBe(404);

    const audit = (await (await call('/api/Admin/audit?entity=alert')).json()) as { action: string; recordId: number }[];
    expect(audit.filter((entry) => entry.recordId === alert.id).map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuse bad input field by field, and store nothing', async () => {
    const count = async () => ((await (await call('/api/Admin/alerts')).json()) as unknown[]).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ textEn: '' }, 'textEn', /English text is required/],
      [{ level: 'panic' }, 'level', /info, warning or danger/],
      [{ endsAt: '2099-03-01T08:00' }, 'endsAt', /end must be after the start/],
      [{ startsAt: '2099-02-31T09:00' }, 'startsAt', /date and time/],
      [{ startsAt: 'tomorrow' }, 'startsAt', /date and time/],
      [{ link: 'javascript:alert(1)' }, 'link', /page of this site/],
      [{ link: '//evil.example/x' }, 'link', /page of this site/],
      [{ textEn: 'x'.repeat(501) }, 'textEn', /under 500/],
      [{ textEn: { not: 'text' } }, 'textEn', /text/],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('/api/Admin/alerts', { method: 'POST', body: JSON.stringify({ ...valid, ...change }) });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = (await res.json()) as { message: string; errors: Record<string, string> };
      expect(body.errors[field], JSON.stringify(change)).toMatch(message);
    }
    expect((await call('/api/Admin/alerts', { method: 'POST', body: 'not json' })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('are for admins only', async () => {
    const user = bearer(await login(USER.email, USER.password, server.url));
    expect((await call('/api/Admin/alerts', {}, {})).status).toBe(401);
    expect((await call('/api/Admin/alerts', { method: 'POST', body: JSON.stringify(valid) }, {})).status).toBe(401);
    expect((await call('/api/Admin/alerts', {}, user)).status).toBe(403);
    expect((await call('/api/Admin/alerts', { method: 'POST', body: JSON.stringify(valid) }, user)).status).toBe(403);
    expect((await call('/api/Admin/alerts/1', { method: 'DELETE' }, user)).status).toBe(403);
  });

  it('show on cached public pages from their start to their end, with no write in between', async () => {
    const word = `Windowcheck${Date.now().toString(36)}`;
    setClock('2099-05-01T08:00:00');
    const created = await call('/api/Admin/alerts', {
      method: 'POST',
      body: JSON.stringify({ ...valid, textEn: `${word} water supply stops.`, startsAt: '2099-05-01T09:00', endsAt: '2099-05-01T10:00' }),
    });
    expect(created.status).toBe(201);

    for (const p of ['/', '/notice']) {
      // (The jump to 2099 makes the scheduled jobs due too: their writes may cost a render or two first.)
      const before = await until(async () => {
        const answer = await page(p);
        return answer.cache === 'hit' ? answer : undefined;
      }, `${p} cached before the alert starts`, { tries: 40, everyMs: 100 });
      expect(before.body).not.toContain(word);
    }

    setClock('2099-05-01T09:00:01');
    for (const p of ['/', '/notice']) {
      const during = await page(p);
      expect(during.cache, `${p} expired at the start`).toBeNull();
      expect(during.body).toContain(word);
      expect(during.body).toMatch(/role="region" aria-label="Site alert: Warning"/);
      expect(during.body).toMatch(new RegExp(`<span lang="en"[^>]*>${word} water supply stops\\.</span>`));
      // The jump of the clock also makes the scheduled jobs due (expiring licences, closing grievances): a page
      // whose tables they write renders once more, then is cached again, still with the alert.
      const again = await until(async () => {
        const answer = await page(p);
        return answer.cache === 'hit' ? answer : undefined;
      }, `${p} cached again while the alert shows`, { tries: 40, everyMs: 100 });
      expect(again.body).toContain(word);
    }

    setClock('2099-05-01T10:00:01');
    for (const p of ['/', '/notice']) {
      const after = await page(p);
      expect(after.cache, `${p} expired at the end`).toBeNull();
      expect(after.body).not.toContain(word);
    }
  });

  it('mark a link to another site as external, and drop from every page at once when deleted', async () => {
    setClock('2099-06-01T12:00:00');
    const created = await call('/api/Admin/alerts', {
      method: 'POST',
      body: JSON.stringify({ ...valid, textEn: 'Deleted alert check', link: 'https://example.org/water', startsAt: '2099-06-01T00:00', endsAt: '2099-06-02T00:00' }),
    });
    const { id } = (await created.json()) as { id: number };
    await page('/about');
    const shown = (await page('/about')).body;
    expect(shown).toContain('Deleted alert check');
    // A link to another site is marked as one (GIGW) and opens apart from the portal.
    expect(shown).toMatch(/<a href="https:\/\/example\.org\/water" target="_blank" rel="noopener noreferrer"/);
    await call(`/api/Admin/alerts/${id}`, { method: 'DELETE' });
    expect((await page('/about')).body).not.toContain('Deleted alert check');
  });
});
