import { describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, login } from '../support/api';
import { pathIn, splitLanguage } from '../../src/i18n/lang';

/** Every public page in English at its own path and in Hindi under /hi: how the pair is addressed and kept. */

const get = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe('language of a path', () => {
  it('splits /hi addresses and builds them back', () => {
    expect(splitLanguage('/hi')).toEqual({ lang: 'hi', path: '/' });
    expect(splitLanguage('/hi/notice')).toEqual({ lang: 'hi', path: '/notice' });
    expect(splitLanguage('/history')).toEqual({ lang: 'en', path: '/history' });
    expect(splitLanguage('/notice')).toEqual({ lang: 'en', path: '/notice' });
    expect(pathIn('hi', '/')).toBe('/hi');
    expect(pathIn('hi', '/?page=2')).toBe('/hi?page=2');
    expect(pathIn('hi', '/notice?page=2')).toBe('/hi/notice?page=2');
    expect(pathIn('en', '/notice')).toBe('/notice');
  });
});

describe('Hindi pages', () => {
  it('serves the Hindi page of a public route with lang="hi" and hreflang links between the pair', async () => {
    for (const [english, hindi] of [['/notice', '/hi/notice'], ['/', '/hi'], ['/currenttender', '/hi/currenttender']]) {
      const [en, hi] = await Promise.all([get(english), get(hindi)]);
      expect(en.status, english).toBe(200);
      expect(hi.status, hindi).toBe(200);
      const [enHtml, hiHtml] = await Promise.all([en.text(), hi.text()]);
      expect(htmlLang(enHtml)).toBe('en');
      expect(htmlLang(hiHtml)).toBe('hi');
      for (const html of [enHtml, hiHtml]) {
        expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="en" href="https?://[^"]+${english === '/' ? '/' : english}"`));
        expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="hi" href="https?://[^"]+${hindi}"`));
        expect(html).toMatch(/<link rel="alternate" hreflang="x-default"/);
      }
      // The switch leads to the other language's page.
      expect(enHtml).toContain(`class="language-switch" href="${hindi}"`);
      expect(hiHtml).toContain(`class="language-switch" href="${english}"`);
    }
  });

  it('keeps each language under its own cache entry', async () => {
    // English first, so a cache keyed by the routed path alone would answer Hindi with it.
    for (let i = 0; i < 2; i++) {
      expect(htmlLang(await (await get('/circulars')).text())).toBe('en');
      expect(htmlLang(await (await get('/hi/circulars')).text())).toBe('hi');
    }
  });

  it('keeps the query parameters a route reads, in Hindi too', async () => {
    const html = await (await get('/hi/notice?page=1&utm=x')).text();
    expect(html).toContain('class="language-switch" href="/notice?page=1"');
  });

  it('has no Hindi address for the back office, the API or a page that does not exist', async () => {
    for (const path of ['/hi/dashboard', '/hi/api/Public/notice', '/hi/api/Account/login', '/hi/hi/notice']) {
      expect((await get(path)).status, path).toBe(404);
    }
    const cookie = `session=${await login(ADMIN.email, ADMIN.password)}`;
    expect((await get('/hi/editnotice', { headers: { cookie } })).status).toBe(404);
    expect((await get('/hi/api/Admin/notice', { headers: { cookie } })).status).toBe(404);
  });

  it('sends the other spellings of a Hindi address to its one spelling', async () => {
    const slash = await get('/hi/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/hi');
    const double = await get('/hi//notice');
    expect(double.status).toBe(301);
    expect(double.headers.get('location')).toBe('/hi/notice');
  });
});
