import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

/**
 * The About entries at the top of Home and of About are articles, which assistive technology lists by name:
 * each is named by its own heading (aria-labelledby naming the id of the h2 inside it), in both languages.
 */
describe('the About entries', () => {
  it('each article is labelled by its own heading', async () => {
    for (const path of ['/', '/hi/', '/about', '/hi/about']) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const articles = [...html.matchAll(/<article\b([^>]*\bclass="about-entry[^"]*"[^>]*)>([\s\S]*?)<\/article>/g)];
      expect(articles.length, path).toBeGreaterThan(0);
      const ids = new Set<string>();
      for (const [, attributes, inner] of articles) {
        const labelledBy = /\baria-labelledby="([^"]+)"/.exec(attributes)?.[1];
        expect(labelledBy, path).toBeTruthy();
        expect(inner, path).toMatch(new RegExp(`<h2\\b[^>]*\\bid="${labelledBy}"[^>]*>[^<]*<?[\\s\\S]*?\\S[\\s\\S]*?</h2>`));
        ids.add(labelledBy!);
      }
      // Ids are the page's own: one per article.
      expect(ids.size, path).toBe(articles.length);
    }
  });
});
