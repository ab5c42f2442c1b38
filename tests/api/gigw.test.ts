import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, login } from '../support/api';
import { startServer, type TestServer } from '../support/server';
import { sitemapPaths } from '../../src/features/sitemap/sitemap';
import { WEBSITE_POLICIES } from '../../src/features/policies/website-policies';
import { FEEDBACK_PER_ADDRESS } from '../../src/features/feedback/feedback.server';

/** The must-haves of the Guidelines for Indian Government Websites that are pages or calls of their own. */

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

describe('website policies and help pages', () => {
  it('serves each policy, the help pages and their index, and 404 for an unknown policy', async () => {
    for (const [slug, policy] of Object.entries(WEBSITE_POLICIES)) {
      const res = await fetch(`${baseUrl()}/website-policies/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(await res.text()).toMatch(new RegExp(`<h1 class="page-title"[^>]*>${policy.title.replace('&', '&amp;')}</h1>`));
    }
    for (const path of ['/website-policies', '/help', '/screen-reader-access', '/accessibility-statement', '/sitemap', '/feedback']) {
      expect((await fetch(`${baseUrl()}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${baseUrl()}/website-policies/no-such-policy`)).status).toBe(404);
  });
});

describe('the sitemap', () => {
  it('is valid sitemaps.org XML naming every listed page, each of which answers 200', async () => {
    const res = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((m) => new URL(m[1]));
    expect(locations.map((url) => url.pathname)).toEqual(sitemapPaths());
    expect(xml.match(/<url>/g)).toHaveLength(locations.length);
    for (const url of locations) expect((await fetch(`${baseUrl()}${url.pathname}`)).status, url.pathname).toBe(200);
  });
});

describe('text size and contrast', () => {
  it('remembers the choice in a cookie and renders, and caches, each page once per choice', async () => {
    const res = await fetch(`${baseUrl()}/display-settings`, form({ text: 'larger', back: '/notice?page=1' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/notice?page=1');
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toBe('display=larger');
    const contrast = await fetch(`${baseUrl()}/display-settings`, { ...form({ contrast: 'toggle', back: '//evil.example' }), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie } });
    expect(contrast.headers.get('location')).toBe('/');
    const both = (contrast.headers.get('set-cookie') ?? '').split(';')[0];
    expect(both).toBe('display=larger.contrast');

    const plain = await (await fetch(`${baseUrl()}/notice`)).text();
    expect(plain).toMatch(/<html lang="en">/);
    for (let i = 0; i < 2; i++) {
      const styled = await fetch(`${baseUrl()}/notice`, { headers: { cookie: both } });
      expect(await styled.text()).toMatch(/<html lang="en" class="text-larger high-contrast">/);
      if (i === 1) expect(styled.headers.get('x-page-cache')).toBe('hit');
    }
    expect(await (await fetch(`${baseUrl()}/notice`)).text()).toBe(plain);
  });
});

describe('feedback', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
  });
  afterAll(async () => server.stop());

  it('stores a message, says what to fix in a bad one without losing it, limits each address, and shows them to admins', async () => {
    const bad = await fetch(`${server.url}/feedback`, form({ name: 'Asha', email: 'not-an-email', subject: '', message: 'The notice page is out of date.' }));
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('Please say what your feedback is about.');
    expect(badPage).toContain('Enter an email address');
    expect(badPage).toContain('The notice page is out of date.');

    for (let i = 0; i < FEEDBACK_PER_ADDRESS; i++) {
      const res = await fetch(`${server.url}/feedback`, form({ name: 'Asha Devi', email: 'asha@example.org', subject: `Ward ${i} lights`, message: 'Street lights are off near the school.' }));
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/Your feedback has been received<\/strong> \(reference number \d+\)/);
    }
    const limited = await fetch(`${server.url}/feedback`, form({ name: 'Asha Devi', subject: 'Again', message: 'One more.' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');

    const stranger = await fetch(`${server.url}/feedback-inbox`, { redirect: 'manual' });
    expect(stranger.status).toBe(302);
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const inbox = await (await fetch(`${server.url}/feedback-inbox`, { headers: { cookie: `session=${token}` } })).text();
    expect(inbox).toContain(`(${FEEDBACK_PER_ADDRESS} in all)`);
    expect(inbox).toContain('Street lights are off near the school.');
    expect(inbox).toContain('mailto:asha@example.org');
  });
});

describe('links to other sites', () => {
  it('are marked as external, with a notice, on every page', async () => {
    const html = await (await fetch(`${baseUrl()}/contactus`)).text();
    const external = [...html.matchAll(/<a [^>]*data-external[^>]*>/g)].map((m) => m[0]);
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) {
      expect(link).toContain('target="_blank"');
      expect(link).toMatch(/title="External website that opens in a new tab/);
    }
  });
});

describe('RSS feeds', () => {
  it('serve RSS 2.0 for notices, tenders, latest news and press releases, each linked from its page', async () => {
    const { FEED_LINKS } = await import('../../src/features/feeds/feed-links');
    for (const [name, feed] of Object.entries(FEED_LINKS)) {
      const res = await fetch(`${baseUrl()}/feeds/${name}.xml`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/);
      expect(xml).toContain(`<link>${new URL(feed.page, baseUrl()).href}</link>`);
      const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]);
      expect(items.length, name).toBeGreaterThan(0);
      for (const item of items) {
        expect(item).toMatch(/<title>[^<]+<\/title>/);
        expect(item).toMatch(/<link>http[^<]+<\/link>/);
        expect(item).toMatch(/<guid isPermaLink="false">[^<]+<\/guid>/);
        const published = /<pubDate>([^<]+)<\/pubDate>/.exec(item);
        if (published) expect(Number.isNaN(Date.parse(published[1]))).toBe(false);
      }
      // Every tag opened is closed: the document is well formed as far as its elements go.
      const opened = xml.match(/<(item|title|link|description|channel|rss)[\s>]/g)?.length ?? 0;
      const closed = xml.match(/<\/(item|title|link|description|channel|rss)>/g)?.length ?? 0;
      expect(opened).toBe(closed);
      const page = await (await fetch(`${baseUrl()}${feed.page}`)).text();
      expect(page).toContain(`<link rel="alternate" type="application/rss+xml" title="${feed.title}: Nagar Parishad Kamalpur" href="/feeds/${name}.xml">`);
    }
    expect((await fetch(`${baseUrl()}/feeds/nothing.xml`)).status).toBe(404);
  });
});
