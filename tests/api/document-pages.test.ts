import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

/**
 * Each notice, circular, office order and latest news item has a page of its own in both languages, linked
 * from its list, its feed, the search and the sitemap; its document downloads under a name made from its title.
 */

const url = (p: string) => `${baseUrl()}${p}`;
const get = (p: string) => fetch(url(p), { redirect: 'manual' });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe('a page per document', () => {
  it('shows a notice with its title, dates, text and its document, and links it from the list', async () => {
    const list = await (await get('/notice')).text();
    const first = /<td data-label="Title" class="document-title"[^>]*><a href="(\/notice\/(\d+))"[^>]*>/.exec(list);
    expect(first, 'the list links each notice to its page').not.toBeNull();
    const answer = await get(first![1]);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(htmlLang(html)).toBe('en');
    expect(html).toMatch(/<h1 class="page-title"[^>]*>/);
    expect(html).toContain('Issue Date');
    expect(html).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}"/);
    const link = /<a class="document-link" href="(\/media\/[0-9a-f]{64}\.pdf\?name=([^"]+))"[^>]*download="([^"]+)"/.exec(html);
    expect(link, 'the document is linked with its name').not.toBeNull();
    expect(decodeURIComponent(link![2])).toBe(link![3].replace(/&amp;/g, '&'));
    expect(link![3]).toMatch(/\.pdf$/);
    expect(html).toMatch(/PDF, \d+ KB|PDF, [\d.]+ MB/);
    const file = await get(link![1].replace(/&amp;/g, '&'));
    expect(file.status).toBe(200);
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^inline; filename="[^"]+\.pdf"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[0-9a-f]{64}/);
  });

  it('has a Hindi twin, and a page for every kind of document', async () => {
    for (const path of ['/notice/1', '/circulars/1', '/officeorder/1', '/latestnews/1']) {
      const [en, hi] = await Promise.all([get(path), get(`/hi${path}`)]);
      expect(en.status, path).toBe(200);
      expect(hi.status, `/hi${path}`).toBe(200);
      const hindi = await hi.text();
      expect(htmlLang(hindi)).toBe('hi');
      expect(hindi).toContain(`class="language-switch" href="${path}"`);
    }
  });

  it('answers 404 for an id that names nothing public, and for one that is no number', async () => {
    for (const path of ['/notice/999999', '/notice/0', '/notice/abc', '/hi/circulars/999999', '/latestnews/1e3']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('is what the feeds link to, in the feed\'s language, each item dated', async () => {
    for (const [feed, page] of [['/feeds/notice.xml', '/notice/'], ['/hi/feeds/notice.xml', '/hi/notice/'], ['/feeds/latestnews.xml', '/latestnews/'], ['/hi/feeds/latestnews.xml', '/hi/latestnews/']]) {
      const xml = await (await get(feed)).text();
      const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]);
      expect(items.length, feed).toBeGreaterThan(0);
      for (const item of items) {
        expect(item, feed).toMatch(new RegExp(`<link>https?://[^<]+${page.replace(/\//g, '\\/')}\\d+</link>`));
        expect(item, feed).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
      }
    }
    const press = await (await get('/feeds/pressrelease.xml')).text();
    expect(press).toMatch(/<link>https?:\/\/[^<]+\/pressrelease#release-\d+<\/link>/);
    const pressPage = await (await get('/pressrelease')).text();
    const anchor = /\/pressrelease#(release-\d+)<\/link>/.exec(press)![1];
    expect(pressPage).toContain(`id="${anchor}"`);
  });

  it('gives Hindi titles in the Hindi feeds where items have them', async () => {
    const [en, hi] = await Promise.all([get('/feeds/latestnews.xml'), get('/hi/feeds/latestnews.xml')]);
    const titles = (xml: string) => [...xml.matchAll(/<item>\s*<title>([^<]+)<\/title>/g)].map((m) => m[1]);
    const [english, hindi] = [titles(await en.text()), titles(await hi.text())];
    expect(hindi.length).toBe(english.length);
    expect(hindi.some((title, i) => title !== english[i] && /[\u0900-\u097f]/.test(title))).toBe(true);
  });

  it('is where the search sends a visitor for a document', async () => {
    const html = await (await get('/search?q=notice')).text();
    expect(html).toMatch(/href="\/(notice|circulars|officeorder)\/\d+"/);
  });
});
