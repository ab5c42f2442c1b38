import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, login } from '../support/api';
import { startServer, type TestServer } from '../support/server';
import { hasHindiTwin, sitemapPaths } from '../../src/features/sitemap/sitemap';
import { guide, websitePolicies } from '../../src/features/policies/policy-texts';
import { FEEDBACK_PER_ADDRESS } from '../../src/features/feedback/feedback.server';
import { FEED_LINKS, FEED_NAMES, feedTitle } from '../../src/features/feeds/feed-links';
import { LANGS, pathIn, type Lang } from '../../src/i18n/lang';
import { messages } from '../../src/i18n/messages';
import { SITE_MENU } from '../../src/components/public/site-menu';
import { demoIdentity } from '../support/demo-council';
import { childrenNamed, childText, parseXml } from '../support/xml';
import { installPortalModules } from '../../src/modules';

// The sitemap reads the route table, which is the composition list's, installed as an entry installs it.
installPortalModules();

/** The must-haves of the Guidelines for Indian Government Websites that are pages or calls of their own, in both languages. */

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const regexText = (text: string) => escapeHtml(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** True when the page has a link to `href` reading `text` (Astro adds its scoping attributes after the href). */
const hasLink = (html: string, href: string, text: string) => new RegExp(`<a href="${href}"[^>]*>${regexText(text)}</a>`).test(html);
const between = (html: string, open: string, close: string) => html.slice(html.indexOf(open), html.indexOf(close, html.indexOf(open)) + close.length);

/**
 * The links of a Hindi page's own parts (its main content and footer) that leave Hindi: anything but a Hindi
 * page, a fragment, a file, the sign-in page, a feed or the machine-readable sitemap, or another site.
 */
function linksLeavingHindi(html: string): string[] {
  const parts = between(html, '<main', '</main>') + between(html, '<footer', '</footer>');
  return [...parts.matchAll(/<a [^>]*href="([^"]*)"/g)]
    .map((match) => match[1])
    .filter((href) => !/^(\/hi(\/|$|\?|#)|#|\/media\/|\/login|\/sitemap\.xml$|mailto:|tel:|https?:)/.test(href));
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

describe('website policies and help pages', () => {
  it('serves each policy, the help pages and their index in both languages, and 404 for an unknown policy', async () => {
    for (const lang of LANGS) {
      for (const [slug, policy] of websitePolicies(lang, demoIdentity)) {
        const res = await fetch(`${baseUrl()}${pathIn(lang, `/website-policies/${slug}`)}`);
        expect(res.status, slug).toBe(200);
        const html = await res.text();
        expect(html.includes(`>${escapeHtml(policy.title)}</h1>`), `${lang} ${slug} title`).toBe(true);
        expect(html).toContain(`<time datetime="${policy.reviewed}">`);
        // Read as text: a Hindi page marks the Latin-script names inside a paragraph as English.
        const text = html.replace(/<\/?span(?: lang="en")?>/g, '');
        for (const section of policy.sections) expect(text.includes(escapeHtml(section.paragraphs[0])), `${lang} ${slug} ${section.id}`).toBe(true);
      }
      const pages = { '/help': guide('help', lang, demoIdentity), '/screen-reader-access': guide('screenReaderAccess', lang, demoIdentity), '/accessibility-statement': guide('accessibilityStatement', lang, demoIdentity) };
      for (const [path, document] of Object.entries(pages)) {
        const html = await (await fetch(`${baseUrl()}${pathIn(lang, path)}`)).text();
        expect(html.includes(`>${escapeHtml(document.title)}</h1>`), `${lang} ${path} title`).toBe(true);
        expect(html.includes(`>${messages(lang).policies.contents}</h2>`), `${lang} ${path} contents`).toBe(true);
      }
      for (const path of ['/website-policies', '/help', '/screen-reader-access', '/accessibility-statement', '/sitemap', '/feedback']) {
        const res = await fetch(`${baseUrl()}${pathIn(lang, path)}`);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html).toContain(`<html lang="${lang}"`);
        if (lang === 'hi') expect(linksLeavingHindi(html), path).toEqual([]);
      }
      expect((await fetch(`${baseUrl()}${pathIn(lang, '/website-policies/no-such-policy')}`)).status).toBe(404);
    }
  });

  it('writes the Hindi policies in Hindi, section for section with the English', () => {
    const english = new Map(websitePolicies('en', demoIdentity));
    for (const [slug, hindi] of websitePolicies('hi', demoIdentity)) {
      const original = english.get(slug)!;
      expect(hindi.sections.map((section) => section.id), slug).toEqual(original.sections.map((section) => section.id));
      expect(hindi.sections.map((section) => section.points?.length ?? 0)).toEqual(original.sections.map((section) => section.points?.length ?? 0));
      expect(hindi.reviewed).toBe(original.reviewed);
      for (const text of [hindi.title, hindi.lead, ...hindi.sections.flatMap((section) => [section.title, ...section.paragraphs])]) {
        expect(text, slug).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  it('has a Hindi footer with Hindi links on Hindi pages', async () => {
    const html = await (await fetch(`${baseUrl()}/hi/notice`)).text();
    const footer = between(html, '<footer', '</footer>');
    const m = messages('hi').footer;
    for (const text of [m.addressHeading, m.websitePolicies, m.accessibilityStatement, m.copyright(new Date().getFullYear(), demoIdentity.name.hi).slice(0, 20)]) expect(footer).toContain(text);
    expect(footer).toContain('href="/hi/website-policies"');
    expect(footer).toContain('href="/hi/sitemap"');
    expect(footer).not.toContain('Useful links');
  });
});

describe('the sitemap', () => {
  it('is valid sitemaps.org XML naming every listed page in both languages, with hreflang alternates', async () => {
    const res = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const urlset = parseXml(xml);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset.attributes['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const urls = childrenNamed(urlset, 'url');
    const expected = sitemapPaths().flatMap((path) => (hasHindiTwin(path) ? LANGS.map((lang) => pathIn(lang, path)) : [path]));
    // The fixed pages first, then each item's own page (a document, a tender) in both languages.
    const locs = urls.map((url) => new URL(childText(url, 'loc')));
    expect(locs.slice(0, expected.length).map((loc) => loc.pathname)).toEqual(expected);
    const items = locs.slice(expected.length).map((loc) => loc.pathname + loc.search);
    for (const item of ['/notice/1', '/hi/notice/1', '/circulars/1', '/officeorder/1', '/latestnews/1', '/hi/tender-details?id=1']) expect(items, item).toContain(item);
    for (const path of ['/grievance-performance', '/hi/grievance-performance']) expect(expected).toContain(path);
    // Every entry says when its page last changed, as a W3C date.
    for (const url of urls) expect(childText(url, 'lastmod'), childText(url, 'loc')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const url of urls) {
      const loc = new URL(childText(url, 'loc'));
      const alternates = childrenNamed(url, 'xhtml:link');
      const english = hasHindiTwin(loc.pathname.replace(/^\/hi(?=\/|$)/, '') || '/');
      if (!english) continue;
      // Each alternate set names both languages and a default, and includes the page itself.
      expect(alternates.map((link) => link.attributes.hreflang)).toEqual(['en', 'hi', 'x-default']);
      expect(alternates.map((link) => link.attributes.href)).toContain(loc.href);
      expect(alternates.every((link) => link.attributes.rel === 'alternate')).toBe(true);
    }
    // That every page it names answers 200 is html-validity.test.ts's to prove: it reads each of them from the
    // same server's sitemap to check its HTML, and asserts the 200 on the way.
  });

  it('lists every page of the main menu', () => {
    const listed = new Set(sitemapPaths());
    for (const entry of SITE_MENU) {
      const links = entry.kind === 'link' ? [entry] : entry.items.filter((item) => !item.external);
      for (const link of links) expect(listed.has(link.href), link.href).toBe(true);
    }
  });

  it('names the pages in Hindi on /hi/sitemap, each at its Hindi address', async () => {
    const html = await (await fetch(`${baseUrl()}/hi/sitemap`)).text();
    const m = messages('hi').sitemap;
    expect(html).toContain(`>${m.title}</h1>`);
    for (const [path, name] of Object.entries(m.pages)) {
      expect(hasLink(html, hasHindiTwin(path) ? pathIn('hi', path) : path, name), path).toBe(true);
    }
    for (const [slug, policy] of websitePolicies('hi', demoIdentity)) expect(hasLink(html, `/hi/website-policies/${slug}`, policy.title), slug).toBe(true);
    expect(linksLeavingHindi(html)).toEqual([]);
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
    // The styled page is rendered once and then served from the cache. Other test files write to this shared
    // server meanwhile, and a write to a table the page reads (the news strip in every page's frame) drops it
    // between two requests: a few tries, each a render and a hit.
    const cached: (string | null)[] = [];
    for (let i = 0; i < 8 && !cached.includes('hit'); i++) {
      const styled = await fetch(`${baseUrl()}/notice`, { headers: { cookie: both } });
      expect(await styled.text()).toMatch(/<html lang="en" class="text-larger high-contrast">/);
      cached.push(styled.headers.get('x-page-cache'));
    }
    expect(cached).toContain('hit');
    expect(await (await fetch(`${baseUrl()}/notice`)).text()).toBe(plain);
  });
});

describe('feedback', () => {
  let server: TestServer;
  /** A form sent is answered with a redirect to its result's own page (POST, redirect, GET): that page. */
  async function resultOf(sent: Response, address: RegExp): Promise<Response> {
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location') ?? '';
    expect(location).toMatch(address);
    const shown = await fetch(`${server.url}${location}`);
    expect(shown.status).toBe(200);
    return shown;
  }
  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
  });
  afterAll(async () => server.stop());

  it('answers in Hindi on /hi/feedback: labels, refusals field by field, thanks, and a form that posts back to the Hindi page', async () => {
    const m = messages('hi').feedback;
    const blank = await (await fetch(`${server.url}/hi/feedback`)).text();
    expect(blank).toContain('action="/hi/feedback"');
    for (const label of [m.name, m.email, m.subject, m.message, m.send]) expect(blank).toContain(escapeHtml(label));
    const bad = await fetch(`${server.url}/hi/feedback`, form({ name: '', email: 'गलत', subject: 'सड़क', message: 'वार्ड 4 में सड़क टूटी है।' }));
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain(`<html lang="hi"`);
    expect(badPage).toContain(m.nameRequired);
    expect(badPage).toContain(escapeHtml(m.emailInvalid));
    expect(badPage).toContain('वार्ड 4 में सड़क टूटी है।');
    expect(badPage).not.toContain('Please enter your name.');
    const good = await fetch(`${server.url}/hi/feedback`, form({ name: 'सीता देवी', subject: 'सड़क', message: 'वार्ड 4 में सड़क टूटी है।' }));
    const thanks = await (await resultOf(good, /^\/hi\/feedback\?sent=\d+$/)).text();
    expect(thanks).toMatch(new RegExp(`${m.thanks}</strong> \\(संदर्भ संख्या \\d+\\)।`));
    expect(thanks).toContain('href="/hi"');
  });

  it('stores a message, says what to fix in a bad one without losing it, limits each address, and shows them to admins', async () => {
    const bad = await fetch(`${server.url}/feedback`, form({ name: 'Asha', email: 'not-an-email', subject: '', message: 'The notice page is out of date.' }));
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('Please say what your feedback is about.');
    expect(badPage).toContain('Enter an email address');
    expect(badPage).toContain('The notice page is out of date.');

    // The Hindi test above sent one from this address.
    for (let i = 1; i < FEEDBACK_PER_ADDRESS; i++) {
      const res = await fetch(`${server.url}/feedback`, form({ name: 'Asha Devi', email: 'asha@example.org', subject: `Ward ${i} lights`, message: 'Street lights are off near the school.' }));
      expect(await (await resultOf(res, /^\/feedback\?sent=\d+$/)).text()).toMatch(/Your feedback has been received<\/strong> \(reference number \d+\)/);
    }
    const limited = await fetch(`${server.url}/feedback`, form({ name: 'Asha Devi', subject: 'Again', message: 'One more.' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    const limitedInHindi = await fetch(`${server.url}/hi/feedback`, form({ name: 'सीता', subject: 'फिर', message: 'एक और।' }));
    expect(limitedInHindi.status).toBe(429);
    expect(await limitedInHindi.text()).toContain(messages('hi').feedback.tooMany);

    const stranger = await fetch(`${server.url}/feedback-inbox`, { redirect: 'manual' });
    expect(stranger.status).toBe(302);
    const token = await login(ADMIN.email, ADMIN.password, server.url);
    const inbox = await (await fetch(`${server.url}/feedback-inbox`, { headers: { cookie: `session=${token}` } })).text();
    expect(inbox).toContain(`(${FEEDBACK_PER_ADDRESS} in all)`);
    expect(inbox).toContain('वार्ड 4 में सड़क टूटी है।');
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
  async function readFeed(lang: Lang, name: string) {
    const res = await fetch(`${baseUrl()}${pathIn(lang, `/feeds/${name}.xml`)}`);
    expect(res.status, name).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    return parseXml(xml);
  }

  it('serve well-formed RSS 2.0 for notices, tenders, latest news and press releases in each language, each linked from its page', async () => {
    for (const lang of LANGS) {
      const council = demoIdentity.name[lang];
      for (const name of FEED_NAMES) {
        const rss = await readFeed(lang, name);
        expect(rss.name).toBe('rss');
        expect(rss.attributes.version).toBe('2.0');
        const [channel] = childrenNamed(rss, 'channel');
        expect(childText(channel, 'title')).toBe(`${feedTitle(name, lang)}: ${council}`);
        expect(childText(channel, 'link')).toBe(new URL(pathIn(lang, FEED_LINKS[name].page), baseUrl()).href);
        expect(childText(channel, 'description').length).toBeGreaterThan(0);
        expect(childText(channel, 'language')).toBe(lang === 'hi' ? 'hi' : 'en-in');
        if (lang === 'hi') expect(childText(channel, 'title')).toMatch(/[\u0900-\u097F]/);
        const items = childrenNamed(channel, 'item');
        expect(items.length, name).toBeGreaterThan(0);
        for (const item of items) {
          expect(childText(item, 'title').length).toBeGreaterThan(0);
          const link = new URL(childText(item, 'link'));
          // Items lead to pages in the feed's language, or to the document itself (one file for both).
          if (lang === 'hi' && !link.pathname.startsWith('/media/')) expect(link.pathname).toMatch(/^\/hi\//);
          if (lang === 'en') expect(link.pathname).not.toMatch(/^\/hi\//);
          expect(childText(item, 'guid').length).toBeGreaterThan(0);
          const published = childrenNamed(item, 'pubDate')[0];
          if (published) expect(Number.isNaN(Date.parse(published.text))).toBe(false);
        }
        const page = await (await fetch(`${baseUrl()}${pathIn(lang, FEED_LINKS[name].page)}`)).text();
        const href = pathIn(lang, `/feeds/${name}.xml`);
        expect(page).toContain(`<link rel="alternate" type="application/rss+xml" title="${feedTitle(name, lang)}: ${council}" href="${href}">`);
        expect(page).toContain(`<a href="${href}" type="application/rss+xml">${messages(lang).feeds.link(feedTitle(name, lang))}</a>`);
      }
    }
    expect((await fetch(`${baseUrl()}/feeds/nothing.xml`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/hi/feeds/nothing.xml`)).status).toBe(404);
  });
});
