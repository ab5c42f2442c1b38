import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { readableText } from '../support/frame-text';
import { FEED_NAMES } from '../../src/features/feeds/feed-links';

/**
 * Every converted public page in Hindi has no English in its frame. The server starts with no content, so
 * every word on the page is the interface's (what people write is made bilingual on its own and is checked
 * with it); lists show their empty states.
 */
export const HINDI_PAGES = [
  '/hi', '/hi/about', '/hi/chairman', '/hi/executiveofficer', '/hi/wardparsad', '/hi/standingcommitee', '/hi/employeelist',
  '/hi/notice', '/hi/circulars', '/hi/officeorder', '/hi/latestnews', '/hi/notice?page=9',
  '/hi/currenttender', '/hi/pasttender', '/hi/tender-details', '/hi/tender-details?id=999',
  '/hi/photogallery', '/hi/videogallery', '/hi/pressrelease', '/hi/contactus', '/hi/listofholiday',
  '/hi/paypropertytax', '/hi/viewpropertytax', '/hi/tradelicense',
  '/hi/postgrievance', '/hi/trackgrievance', '/hi/viewgrievance', '/hi/grievance-performance',
  '/hi/search', '/hi/search?q=x', '/hi/search?q=paani', '/hi/no-such-page',
  '/hi/archive/notice', '/hi/archive/circulars', '/hi/archive/officeorder', '/hi/archive/latestnews', '/hi/archive/tender',
  '/hi/archive/notice?q=x', '/hi/archive/tender?page=9', '/hi/privacypolicy', '/hi/home',
  '/hi/website-policies', '/hi/website-policies/copyright', '/hi/website-policies/hyperlinking',
  '/hi/website-policies/terms-and-conditions', '/hi/website-policies/content-contribution-moderation-approval',
  '/hi/website-policies/content-archival', '/hi/website-policies/content-review', '/hi/help',
  '/hi/screen-reader-access', '/hi/accessibility-statement', '/hi/feedback', '/hi/sitemap',
] as const;

/**
 * Latin letters a Hindi page may show, each for a reason: the site's email address, and a complaint number
 * (the tracking form's example), which is written the same in every language, and the PDF file symbol drawn
 * beside document links (a picture of the letters, hidden from screen readers). The text size buttons (A-, A,
 * A+) and file sizes (KB, MB) are under three letters. RSS, RTI and SMS are the acronyms Hindi sites write as they
 * are ('RSS फ़ीड', 'सूचना का अधिकार (RTI)'). Kept tiny on purpose: anything else is a missed string.
 */
const ALLOWED = [/[\w.+-]+@[\w.-]+\.\w+/g, /\b[A-Z]{2,5}-PGR-[\d-]+/g, /^PDF$/g, /\b(RSS|RTI|SMS)\b/g];
/** Parts of the frame checked elsewhere: none, the footer and the feed links included. */
const CHECKED_ELSEWHERE: string[] = [];
/** What the visitor typed into the search box is theirs, not the frame's. */
const TYPED = /"(x|paani)"/g;

function englishWords(html: string): string[] {
  const words: string[] = [];
  for (let text of readableText(html, CHECKED_ELSEWHERE)) {
    for (const pattern of [...ALLOWED, TYPED]) text = text.replace(pattern, ' ');
    words.push(...(text.match(/[A-Za-z]{3,}/g) ?? []));
  }
  return words;
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ SEED: 'none' });
});
afterAll(async () => server?.stop());

describe('the Hindi pages speak Hindi', () => {
  it('finds the reader and the rule working on a page known to be English', async () => {
    // The English page read as if it were Hindi: its frame words must be found.
    const html = (await (await fetch(`${server.url}/notice`)).text()).replace('<html lang="en"', '<html lang="hi"');
    expect(englishWords(html)).toEqual(expect.arrayContaining(['Notices', 'Search']));
    expect(readableText('<p>एक <span lang="en">Two</span> <script>three()</script><img alt="चार"></p>')).toEqual(['एक', 'चार']);
  });

  for (const path of HINDI_PAGES) {
    it(`has no English word in the frame of ${path}`, async () => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(path.includes('no-such') || path.includes('page=9') || path.includes('id=999') ? 404 : 200);
      const html = await res.text();
      expect(html).toMatch(/<html lang="hi"/);
      expect(englishWords(html), path).toEqual([]);
    });
  }

  it('draws the holiday calendar with Hindi words under /hi', async () => {
    const svg = await (await fetch(`${server.url}/hi/holiday-calendar/2026.svg`)).text();
    expect(svg).toContain('अवकाश कैलेंडर 2026');
    expect(svg).toContain('नवंबर 2026');
    expect(svg).not.toContain('Holiday Calendar');
    const english = await (await fetch(`${server.url}/holiday-calendar/2026.svg`)).text();
    expect(english).toContain('Holiday Calendar 2026');
  });

  it('answers a Hindi form refused by the server in Hindi', async () => {
    const body = new FormData();
    const res = await fetch(`${server.url}/hi/trackgrievance`, { method: 'POST', body, headers: { origin: server.url } });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain('शिकायत संख्या लिखें।');
    expect(englishWords(html)).toEqual([]);
  });

  // Every public form sent empty (with the one-time token it carries): each error message, the summary and
  // the form around them, in Hindi.
  // (The citizens' sign-in has no form on this server: it sends no codes without SMS or email.)
  for (const path of ['/hi/postgrievance', '/hi/feedback', '/hi/ward-alerts']) {
    it(`answers ${path} refused in Hindi, every error message included`, async () => {
      const form = await (await fetch(`${server.url}${path}`)).text();
      const token = /name="form_token" value="([\w-]+)"/.exec(form)?.[1] ?? '';
      const res = await fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams({ form_token: token }), headers: { origin: server.url }, redirect: 'manual' });
      expect(res.status, path).toBe(400);
      const html = await res.text();
      expect(html).toMatch(/role="alert"/);
      expect(englishWords(html), path).toEqual([]);
    });
  }

  it('names every Hindi feed and says what it holds in Hindi', async () => {
    for (const name of FEED_NAMES) {
      const xml = await (await fetch(`${server.url}/hi/feeds/${name}.xml`)).text();
      // What a feed reader shows: the titles and descriptions (addresses, dates and codes are not words).
      const shown = [...xml.matchAll(/<(title|description)>([\s\S]*?)<\/\1>/g)].map((m) => m[2].replace(/<!\[CDATA\[|\]\]>/g, ''));
      expect(shown.length, name).toBeGreaterThan(1);
      expect(shown.join(' '), name).toMatch(/[\u0900-\u097F]/);
      expect(englishWords(`<p>${shown.join('</p><p>')}</p>`), name).toEqual([]);
    }
  });
});
