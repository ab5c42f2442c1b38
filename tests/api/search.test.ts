import { describe, expect, it } from 'vitest';
import { containsPattern, normaliseQuery } from '../../src/features/search/search.server';
import { baseUrl } from '../support/api';

/** The site search page against the demo content: what it finds, where it points, and what it refuses. */
async function search(query: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${baseUrl()}/search?q=${encodeURIComponent(query)}`);
  return { status: res.status, html: await res.text() };
}

/** The result titles and their links, in page order. */
function hits(html: string): { title: string; href: string }[] {
  const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
  return [...html.matchAll(/<a ([^>]*class="hit-title"[^>]*)>([^<]+)<\/a>/g)].map((m) => ({
    href: decode(/href="([^"]+)"/.exec(m[1])![1]),
    title: decode(m[2]),
  }));
}

describe('site search', () => {
  it('finds a demo notice by a word of its title, in any letter case, and links to the notice list', async () => {
    const { status, html } = await search('PLASTIC');
    expect(status).toBe(200);
    expect(hits(html)).toContainEqual({ title: 'Ban on single-use plastic carry bags in market areas', href: '/notice' });
    expect(html).toContain('Office Orders');
    expect(hits(html)).toContainEqual({ title: 'Formation of flying squad for enforcement of the plastic ban', href: '/officeorder' });
  });

  it('needs every word to match', async () => {
    const found = hits((await search('plastic squad')).html);
    expect(found.map((h) => h.title)).toEqual(['Formation of flying squad for enforcement of the plastic ban']);
  });

  it('searches descriptions too, and links tenders to their own page and news to the news list', async () => {
    const tender = hits((await search('LED street lights')).html).find((h) => h.title.startsWith('Supply, installation and five-year maintenance of 150 LED'));
    expect(tender?.href).toMatch(/^\/tender-details\?id=\d+$/);
    const news = hits((await search('mandi')).html);
    expect(news).toContainEqual({ title: 'Cleanliness drive at the vegetable mandi on Sunday', href: '/latestnews' });
  });

  it('offers the document of a notice that has one', async () => {
    const { html } = await search('plastic carry bags');
    const link = /<a[^>]+href="(\/media\/[0-9a-f]{64}\.pdf)"[^>]*>Download Document/.exec(html);
    expect(link).not.toBeNull();
    const pdf = await fetch(`${baseUrl()}${link![1]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('says so when nothing matches, and takes LIKE wildcards literally', async () => {
    for (const query of ['zqxjvwk', '%%', '__', '\\%']) {
      const { status, html } = await search(query);
      expect(status).toBe(200);
      expect(hits(html), query).toEqual([]);
      expect(html).toContain('No results found');
    }
  });

  it('asks for at least two characters, and explains itself when opened without a query', async () => {
    expect((await search('a')).html).toContain('Please type at least 2 characters');
    const empty = await fetch(`${baseUrl()}/search`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Type at least 2 letters');
  });

  it('escapes the wildcards and tidies the query', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('Tax')).toBe('%tax%');
    expect(normaliseQuery('  holding \n  tax ')).toBe('holding tax');
    expect(normaliseQuery('x'.repeat(300))).toHaveLength(100);
  });
});
