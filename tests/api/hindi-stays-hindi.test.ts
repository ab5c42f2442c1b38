import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

/** Every control and link of the frame on a Hindi page leads to a Hindi page. */

const get = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe('the frame of a Hindi page', () => {
  it('sends the text size and contrast buttons back to the Hindi page they were pressed on', async () => {
    for (const [page, back] of [['/hi/notice?page=1', '/hi/notice?page=1'], ['/hi', '/hi'], ['/notice', '/notice']]) {
      const html = await (await get(page)).text();
      expect(html, page).toMatch(new RegExp(`<input type="hidden" name="back" value="${back.replace(/[?]/g, "\\?")}"`));
      const form = new URLSearchParams({ back, text: 'larger' });
      const answer = await get('/display-settings', { method: 'POST', body: form, headers: { origin: baseUrl() } });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(back);
    }
  });

  it('answers /hi/login with a Hindi page that leads to the staff sign-in and to the citizens\' one', async () => {
    const answer = await get('/hi/login');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(htmlLang(html)).toBe('hi');
    expect(html).toContain('<h1 id="login-heading">लॉगिन</h1>');
    expect(html).toMatch(/<a href="\/login" hreflang="en">/);
    expect(html).toContain('href="/hi/my/signin"');
    expect(html).toContain('class="language-switch" href="/login"');
    // The English page links to it, and the staff form stays on the English page.
    const english = await (await get('/login')).text();
    expect(english).toContain('class="language-switch" href="/hi/login"');
    expect(english).toContain('name="password"');
    expect(html).not.toContain('name="password"');
  });

  it('lets the Hindi not-found page switch to the English address that was asked for, not to /404', async () => {
    const answer = await get('/hi/no-such-page?x=1');
    expect(answer.status).toBe(404);
    const html = await answer.text();
    expect(htmlLang(html)).toBe('hi');
    expect(html).toContain('class="language-switch" href="/no-such-page?x=1"');
    expect(html).toContain('name="back" value="/hi/no-such-page?x=1"');
    expect(html).not.toContain('href="/404"');
  });

  it('names a tender\'s status in Hindi, and marks a status it has no Hindi for as English', async () => {
    const ids = [...(await (await get('/hi/currenttender')).text()).matchAll(/tender-details\?id=(\d+)/g)].map((m) => m[1]);
    let checked = 0;
    for (const id of new Set(ids)) {
      const html = await (await get(`/hi/tender-details?id=${id}`)).text();
      const status = /<dt[^>]*>स्थिति<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/.exec(html)?.[1];
      if (!status) continue;
      checked++;
      // Either a Hindi word, or English text inside an element marked lang="en".
      expect(status.trim(), id).toMatch(/^([\u0900-\u097f ]+|<span lang="en"[^>]*>[^<]+<\/span>)$/);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('shows the councillors\' table in Hindi: dates with Hindi month names, English remarks marked as English', async () => {
    const html = await (await get('/hi/wardparsad')).text();
    const text = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '').replace(/<span lang="en"[^>]*>[^<]*<\/span>/g, '').replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text).not.toContain('Ward No.');
    expect(text).toMatch(/\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}/);
  });
});
