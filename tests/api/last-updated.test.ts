import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../support/api';
import { contentForm, samplePdf, sampleValues } from '../support/content-samples';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { indianMoment } from '../../src/lib/india-time';
import { noticeType } from '../../src/features/notice/notice.schema';
import { latestNewsType } from '../../src/features/latestnews/latestnews.schema';
import { SITE_TEXTS_RELEASED } from '../../src/server/last-updated';
import { demoIdentity } from '../support/demo-council';
import { guide } from '../../src/features/policies/policy-texts';

/**
 * "Last updated" in the footer: the newest write to what the page shows, on the server's clock (moved by
 * the test through TEST_CLOCK_FILE), in the page's language; unchanged on pages that read nothing written.
 */
const clockFile = path.join(tempDataDir('last-updated-clock'), 'offset');
let server: TestServer;
let token: string;

function setClock(indianTime: string) {
  fs.writeFileSync(clockFile, String(indianMoment(indianTime) - Date.now()));
}

/** The footer's date: [machine-readable date, words]. */
async function lastUpdated(page: string): Promise<[string, string] | null> {
  const res = await fetch(`${server.url}${page}`);
  const html = await res.text();
  const found = /<p class="container last-updated">[^<]*<time datetime="([^"]+)">([^<]+)<\/time><\/p>/.exec(html);
  return found ? [found[1], found[2]] : null;
}

beforeAll(async () => {
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ TEST_CLOCK_FILE: clockFile });
  token = await login(ADMIN.email, ADMIN.password, server.url);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

describe('the footer\'s Last updated', () => {
  it('shows the date of the newest write to what the page read, in each language, and leaves other pages alone', async () => {
    const helpBefore = await lastUpdated('/help');
    expect(helpBefore?.[0]).toBe(guide('help', 'en', demoIdentity).reviewed);
    expect(await lastUpdated('/sitemap')).toEqual([SITE_TEXTS_RELEASED, expect.any(String)]);
    // Warm the cache, so the test also shows a write drops the cached copy with its old date.
    await lastUpdated('/notice');
    await lastUpdated('/hi/notice');

    setClock('2099-03-15T11:00:00');
    const form = contentForm(noticeType, { ...sampleValues(noticeType), title: 'Dated notice' }, { filePath: new File([samplePdf('dated')], 'dated.pdf', { type: 'application/pdf' }) });
    const created = await fetch(`${server.url}/api/Admin/notice`, { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(201);

    expect(await lastUpdated('/notice')).toEqual(['2099-03-15', '15 March 2099']);
    expect(await lastUpdated('/hi/notice')).toEqual(['2099-03-15', '15 मार्च 2099']);
    expect(await lastUpdated('/help')).toEqual(helpBefore);
    expect(await lastUpdated('/circulars')).not.toEqual(['2099-03-15', '15 March 2099']);

    // Every page's header shows the news strip, but a news write dates only the pages that show news.
    setClock('2099-04-02T09:00:00');
    const news = await fetch(`${server.url}/api/Admin/${latestNewsType.path}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ id: 0, ...sampleValues(latestNewsType) }),
    });
    expect(news.status).toBe(201);
    expect(await lastUpdated('/latestnews')).toEqual(['2099-04-02', '2 April 2099']);
    expect(await lastUpdated('/notice')).toEqual(['2099-03-15', '15 March 2099']);
    expect(await lastUpdated('/help')).toEqual(helpBefore);
  });

  it('is left out of a page that is not found', async () => {
    const res = await fetch(`${server.url}/hi/website-policies/no-such-policy`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('last-updated');
    expect(html).not.toContain('<!--last-updated-->');
  });
});
