import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../support/api';
import { startServer, tempDataDir, type TestServer } from '../support/server';
import { readableText } from '../support/frame-text';
import { indianMoment } from '../../src/lib/india-time';

/**
 * The alert banner on Hindi pages: the level, the region's name, "Details" and the dismiss button in Hindi,
 * the alert's Hindi text where it has one (else its English, marked as English), and an internal link that
 * stays in Hindi. The server runs on a test clock so the alerts are showing whatever today is.
 */
const clockFile = path.join(tempDataDir('council-hindi-alert-clock'), 'offset');
let server: TestServer;
let admin: Record<string, string>;

beforeAll(async () => {
  fs.writeFileSync(clockFile, String(indianMoment('2099-07-01T09:30') - Date.now()));
  server = await startServer({ TEST_CLOCK_FILE: clockFile });
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

async function addAlert(alert: Record<string, string>) {
  const res = await fetch(`${server.url}/api/Admin/alerts`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ startsAt: '2099-07-01T09:00', endsAt: '2099-07-01T10:00', link: '', textHi: '', ...alert }),
  });
  expect(res.status).toBe(201);
}

/** The banners' part of a page: everything before the header. */
async function banners(pathAndQuery: string): Promise<string> {
  const html = await (await fetch(`${server.url}${pathAndQuery}`)).text();
  const start = html.indexOf('class="site-alerts"');
  expect(start, `${pathAndQuery} shows the banners`).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<', start), html.indexOf('<header', start));
}

describe('alert banners on Hindi pages', () => {
  beforeAll(async () => {
    await addAlert({ level: 'info', textEn: 'Property tax camp in Ward 3.', textHi: 'वार्ड 3 में संपत्ति कर शिविर।', link: '/notice' });
    await addAlert({ level: 'warning', textEn: 'Water supply stops on Tuesday.', textHi: 'मंगलवार को जलापूर्ति बंद रहेगी।', link: 'https://example.org/water' });
    await addAlert({ level: 'danger', textEn: 'Flood warning for low-lying wards.' });
  });

  it('has no English word around the alerts, and the English-only alert is marked as English', async () => {
    for (const page of ['/hi', '/hi/notice', '/hi/archive/notice']) {
      const html = await banners(page);
      const words = readableText(html).join(' ').match(/[A-Za-z]{3,}/g) ?? [];
      expect(words, page).toEqual([]);
      expect(html).toContain('aria-label="साइट अलर्ट: सूचना"');
      expect(html).toContain('aria-label="साइट अलर्ट: चेतावनी"');
      expect(html).toContain('aria-label="साइट अलर्ट: अति आवश्यक"');
      expect(html).toContain('यह अलर्ट बंद करें');
      expect(html).toContain('<span lang="hi"');
      expect(html).toMatch(/<span lang="en"[^>]*>Flood warning for low-lying wards\.<\/span>/);
      // The internal link stays in Hindi; the other site's is as given.
      expect(html).toMatch(/href="\/hi\/notice"[^>]*>विवरण/);
      expect(html).toContain('href="https://example.org/water"');
    }
  });

  it('keeps the English words on English pages', async () => {
    const html = await banners('/notice');
    expect(html).toContain('aria-label="Site alert: Urgent"');
    expect(html).toContain('Dismiss this alert');
    expect(html).toMatch(/href="\/notice"[^>]*>Details/);
    expect(html).not.toContain('साइट अलर्ट');
  });
});
