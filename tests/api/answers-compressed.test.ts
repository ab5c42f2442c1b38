import { describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, bearer, login } from '../support/api';

/** Every HTML page leaves compressed, the first answer after a change as much as a cached one, with the site's headers. */

const url = (p: string) => `${baseUrl()}${p}`;
const BROTLI = { 'accept-encoding': 'br, gzip' };

async function sitemapPages(): Promise<string[]> {
  const xml = await (await fetch(url('/sitemap.xml'))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const address = new URL(m[1].replace(/&amp;/g, '&'));
    return address.pathname + address.search;
  });
}

describe('compressed answers', () => {
  it('compresses every page of the sitemap and the pages that are never cached, and says so in Vary', async () => {
    const pages = [...(await sitemapPages()), '/search?q=water', '/trackgrievance?number=x&mobile=1', '/hi/archive/notice?q=a', '/login?next=/dashboard'];
    const plain: string[] = [];
    for (const page of pages) {
      const answer = await fetch(url(page), { headers: BROTLI });
      await answer.arrayBuffer();
      if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) continue;
      if (answer.headers.get('content-encoding') !== 'br' || !/accept-encoding/i.test(answer.headers.get('vary') ?? '')) plain.push(page);
    }
    expect(plain).toEqual([]);
    const gzip = await fetch(url('/viewgrievance'), { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect((await gzip.text()).startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it('compresses the first answer after a change, rendered afresh, and the cached one after it', async () => {
    await fetch(url('/latestnews'));
    const token = await login(ADMIN.email, ADMIN.password);
    const created = await fetch(url('/api/Admin/latest-news'), {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Water supply restored in ward 4', description: 'Supply is back to its usual hours.' }),
    });
    expect(created.status).toBe(201);
    const first = await fetch(url('/latestnews'), { headers: BROTLI });
    expect(first.headers.get('x-page-cache')).toBeNull();
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(await first.text()).toContain('Water supply restored in ward 4');
    const second = await fetch(url('/latestnews'), { headers: BROTLI });
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('content-encoding')).toBe('br');
  });

  it('sends a Permissions-Policy and a Cross-Origin-Opener-Policy with every page, rendered or cached', async () => {
    for (const page of ['/', '/', '/hi/notice', '/login']) {
      const answer = await fetch(url(page));
      expect(answer.headers.get('permissions-policy'), page).toContain('camera=()');
      expect(answer.headers.get('cross-origin-opener-policy'), page).toBe('same-origin-allow-popups');
    }
  });
});
