import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseQuery } from '../../src/features/search/search.server';
import { ftsMatchExpression, highlightHtml, searchTerms, snippetHtml, tsQueryText } from '../../src/features/search/search-text';
import { ADMIN, baseUrl, bearer, login } from '../support/api';

/**
 * The site search against the demo content and news items made here: full-text matching in English and
 * Hindi, ranking, highlighting, hostile input, and an index that follows every write.
 */
async function search(query: string, path = '/search'): Promise<{ status: number; html: string }> {
  const res = await fetch(`${baseUrl()}${path}?q=${encodeURIComponent(query)}`);
  return { status: res.status, html: await res.text() };
}

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The result titles (as read, without the marks), their links and their raw HTML, in page order. */
function hits(html: string): { title: string; href: string; html: string }[] {
  return [...html.matchAll(/<a ([^>]*class="hit-title"[^>]*)>(.*?)<\/a>/g)].map((m) => ({
    href: decode(/href="([^"]+)"/.exec(m[1])![1]),
    title: decode(m[2].replace(/<\/?mark>/g, '')),
    html: m[2],
  }));
}

let token: string;

async function news(method: 'POST' | 'PUT', body: Record<string, unknown>): Promise<{ id: number } & Record<string, unknown>> {
  const res = await fetch(`${baseUrl()}/api/Admin/latest-news`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(method === 'POST' ? 201 : 200);
  return res.json();
}

beforeAll(async () => {
  token = await login(ADMIN.email, ADMIN.password);
});

describe('site search', () => {
  it('finds a demo notice by a word of its title, in any letter case, and links to the notice\'s own page', async () => {
    const { status, html } = await search('PLASTIC');
    expect(status).toBe(200);
    expect(hits(html).find((h) => h.title === 'Ban on single-use plastic carry bags in market areas')?.href).toMatch(/^\/notice\/\d+$/);
    expect(html).toContain('Office Orders');
    expect(hits(html).map((h) => h.title)).toContain('Formation of flying squad for enforcement of the plastic ban');
  });

  it('needs every word to match, finds words by their start, and covers press releases', async () => {
    const both = ['Formation of flying squad for enforcement of the plastic ban', 'Plastic ban: flying squad fines 23 shops'];
    const titles = hits((await search('plastic squad')).html).map((h) => h.title);
    expect(titles.sort()).toEqual(both.sort());
    expect(hits((await search('plasti squa')).html).map((h) => h.title).sort()).toEqual(both.sort());
    expect((await search('plastic squad')).html).toContain('Press Releases');
  });

  it('searches descriptions too, and links tenders and news items to their own pages', async () => {
    const tender = hits((await search('LED street lights')).html).find((h) => h.title.startsWith('Supply, installation and five-year maintenance of 150 LED'));
    expect(tender?.href).toMatch(/^\/tender-details\?id=\d+$/);
    expect(hits((await search('mandi')).html).find((h) => h.title === 'Cleanliness drive at the vegetable mandi on Sunday')?.href).toMatch(/^\/latestnews\/\d+$/);
  });

  it('offers the document of a notice that has one', async () => {
    const { html } = await search('plastic carry bags');
    const link = /<a[^>]+href="(\/media\/[0-9a-f]{64}\.pdf)"[^>]*>Download Document/.exec(html);
    expect(link).not.toBeNull();
    const pdf = await fetch(`${baseUrl()}${link![1]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('ranks a record with the word in its title above one with it only in the text, in English and in Hindi', async () => {
    const inText = await news('POST', { title: 'Weekly market report', description: 'The quorvex pump house reopens.', title_hi: 'साप्ताहिक बाज़ार रिपोर्ट', description_hi: 'जलकुंभी पंप घर फिर खुला।' });
    const inTitle = await news('POST', { title: 'Quorvex pump house repaired', description: 'Supply is back to normal.', title_hi: 'जलकुंभी पंप घर की मरम्मत', description_hi: 'आपूर्ति सामान्य हुई।' });
    expect(hits((await search('quorvex')).html).map((h) => h.title)).toEqual(['Quorvex pump house repaired', 'Weekly market report']);
    expect(hits((await search('जलकुंभी')).html).map((h) => h.title)).toEqual(['जलकुंभी पंप घर की मरम्मत', 'साप्ताहिक बाज़ार रिपोर्ट']);
    expect([inText.id, inTitle.id].every(Number.isInteger)).toBe(true);
  });

  it('finds a record in either language whichever language its words are in, and marks the words found', async () => {
    const item = await news('POST', { title: 'Drinking water tanker schedule for Ward 9', description: 'Tankers reach the ward every morning.', title_hi: 'वार्ड 9 के लिए पेयजल टैंकर की सूची', description_hi: 'टैंकर हर सुबह वार्ड में पानी पहुँचाएँगे। सूचना ध्यान से पढ़ें।' });
    expect(item.title_hi).toBe('वार्ड 9 के लिए पेयजल टैंकर की सूची');
    const hindi = await search('पानी');
    const found = hits(hindi.html).find((h) => h.href === `/latestnews/${item.id}` && h.title.includes('पेयजल'));
    expect(found, 'a Hindi word finds the Hindi text').toBeDefined();
    // Words with vowel signs are whole words: पानी is marked as one, not cut at its signs.
    expect(hindi.html).toContain('<mark>पानी</mark>');
    expect(hindi.html).toMatch(/<a [^>]*class="hit-title"[^>]*lang="hi"|<a [^>]*lang="hi"[^>]*class="hit-title"/);
    const english = hits((await search('tanker schedule')).html).find((h) => h.title === 'Drinking water tanker schedule for Ward 9');
    expect(english?.html).toBe('Drinking water <mark>tanker</mark> <mark>schedule</mark> for Ward 9');
    expect(hits((await search('सूचना पेयजल')).html).map((h) => h.title)).toContain('वार्ड 9 के लिए पेयजल टैंकर की सूची');
  });

  it('words its groups, lists and dates in Hindi on /hi/search', async () => {
    await news('POST', { title: 'Zembrik ghat lights restored', description: 'The ghat is lit again.', title_hi: 'ज़ेम्ब्रिक घाट की बत्तियाँ ठीक', description_hi: 'घाट फिर रोशन है।' });
    const { status, html } = await search('zembrik', '/hi/search');
    expect(status).toBe(200);
    const group = /<h2 id="results-latest-news"[^>]*>([^<]*)/.exec(html)?.[1] ?? '';
    expect(group.trim()).toBe('ताज़ा समाचार');
    expect(html).not.toContain('Latest News');
    const meta = /<p class="hit-meta"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(meta).toContain('प्रकाशित:');
    // The day is written with the Hindi month's name, never as 'Nov 8, 2026'.
    expect(meta).toMatch(/\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}/);
    expect(meta).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
    const english = await search('zembrik');
    expect(/<h2 id="results-latest-news"[^>]*>([^<]*)/.exec(english.html)?.[1].trim()).toBe('Latest News');
  });

  it('takes hostile input as plain words: no query syntax breaks, nothing unescaped is echoed', async () => {
    await news('POST', { title: 'Bridge <b>closure</b> & "detour" near Xylomarsh', description: '<script>alert(1)</script> Traffic moves to the old road.' });
    for (const query of ['"xylomarsh', 'xylomarsh"', 'NEAR(xylomarsh', 'xylomarsh*', '-xylomarsh', 'xylomarsh &&', '|| xylomarsh', ':xylomarsh:', '{xylomarsh}', "xylomarsh' & !:*", '(xylomarsh))', '^xylomarsh', 'xylomarsh <script>']) {
      const { status, html } = await search(query);
      expect(status, query).toBe(200);
      expect(hits(html).map((h) => h.title), query).toEqual(['Bridge <b>closure</b> & "detour" near Xylomarsh']);
      expect(html, query).not.toContain('<script>alert');
      expect(html, query).not.toContain('<b>closure');
    }
    const { html } = await search('xylomarsh closure');
    expect(hits(html)[0].html).toBe('Bridge &lt;b&gt;<mark>closure</mark>&lt;/b&gt; &amp; &quot;detour&quot; near <mark>Xylomarsh</mark>');
    for (const query of ['%%', '__', '\\%', '"""', '* - : ()', 'NOT zqxjvwk OR', 'zqxjvwk']) {
      const answer = await search(query);
      expect(answer.status, query).toBe(200);
      expect(answer.html, query).toContain('No results found');
    }
  });

  it('follows every write: an edit, a removed translation and a deletion', async () => {
    const item = await news('POST', { title: 'Vantablue lamp survey', description: 'Counting the lamps.', title_hi: 'नीलदीप सर्वेक्षण' });
    expect(hits((await search('vantablue')).html)).toHaveLength(1);
    expect(hits((await search('नीलदीप')).html)).toHaveLength(1);
    await news('PUT', { id: item.id, title: 'Orangequartz lamp survey', description: 'Counting the lamps.' });
    expect(hits((await search('vantablue')).html)).toHaveLength(0);
    expect(hits((await search('orangequartz')).html).map((h) => h.title)).toEqual(['Orangequartz lamp survey']);
    expect(hits((await search('नीलदीप')).html), 'a Hindi text not sent is kept').toHaveLength(1);
    await news('PUT', { id: item.id, title_hi: '' });
    expect(hits((await search('नीलदीप')).html)).toHaveLength(0);
    const deleted = await fetch(`${baseUrl()}/api/Admin/latest-news/${item.id}`, { method: 'DELETE', headers: bearer(token) });
    expect(deleted.status).toBe(200);
    expect(hits((await search('orangequartz')).html)).toHaveLength(0);
  });

  it('asks for at least two characters, and explains itself when opened without a query', async () => {
    expect((await search('a')).html).toContain('Please type at least 2 characters');
    const empty = await fetch(`${baseUrl()}/search`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Type at least 2 letters');
  });
});

describe('search text', () => {
  it('turns any input into plain terms, and the engines\' queries into quoted prefixes only', () => {
    expect(searchTerms('  "Water" NEAR(tax*) -AND: पानी।  ')).toEqual(['water', 'near', 'tax', 'and', 'पानी']);
    expect(searchTerms('Café x' + ' y'.repeat(20))).toEqual(['cafe', 'x', 'y']);
    expect(ftsMatchExpression(['water', 'पानी'])).toBe('"water"* AND "पानी"*');
    expect(tsQueryText(['water', 'पानी'])).toBe("'water':* & 'पानी':*");
    expect(normaliseQuery('  holding \n  tax ')).toBe('holding tax');
    expect(normaliseQuery('x'.repeat(300))).toHaveLength(100);
  });

  it('marks whole words that begin with a term, and escapes everything else', () => {
    expect(highlightHtml('Taxes & <fees>', ['tax'])).toBe('<mark>Taxes</mark> &amp; &lt;fees&gt;');
    expect(highlightHtml('पानी की सूचना।', ['सूचना'])).toBe('पानी की <mark>सूचना</mark>।');
    const long = `${'word '.repeat(80)}needle ${'tail '.repeat(40)}`;
    const snippet = snippetHtml(long, ['needle']);
    expect(snippet).toContain('<mark>needle</mark>');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(182);
  });
});
