import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

async function firstUrl(path: string, key: string): Promise<string> {
  const items = (await (await fetch(`${baseUrl()}/api/Public/${path}?media=url`)).json()) as Record<string, string | null>[];
  const url = items.map((i) => i[key]).find((u): u is string => !!u);
  expect(url, `${path} has a stored ${key}`).toMatch(/^\/media\/[0-9a-f]{64}\.\w+$/);
  return url!;
}

describe('stored files and their resized copies', () => {
  it('serves an original at its stable URL with a year-long immutable cache and an ETag', async () => {
    const url = await firstUrl('about', 'photoPath');
    const res = await fetch(`${baseUrl()}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await fetch(`${baseUrl()}${url}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('makes a WebP copy no wider than asked, once, and keeps answering the same bytes', async () => {
    const url = await firstUrl('slider', 'sliderPath');
    const sha = /[0-9a-f]{64}/.exec(url)![0];
    const first = await fetch(`${baseUrl()}/media/${sha}.w320.webp`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toMatch(/immutable/);
    const bytes = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    const second = Buffer.from(await (await fetch(`${baseUrl()}/media/${sha}.w320.webp`)).arrayBuffer());
    expect(second.equals(bytes)).toBe(true);
  });

  it('refuses widths outside the fixed set, unknown hashes and copies of documents', async () => {
    const image = /[0-9a-f]{64}/.exec(await firstUrl('slider', 'sliderPath'))![0];
    expect((await fetch(`${baseUrl()}/media/${image}.w333.webp`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/media/${'0'.repeat(64)}.jpg`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/media/../../etc/passwd`)).status).toBe(404);
    const pdf = /[0-9a-f]{64}/.exec(await firstUrl('notice', 'filePath'))![0];
    expect((await fetch(`${baseUrl()}/media/${pdf}.w320.webp`)).status).toBe(404);
  });

  it('serves documents as PDF, shown inline', async () => {
    const url = await firstUrl('notice', 'filePath');
    const res = await fetch(`${baseUrl()}${url}`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
