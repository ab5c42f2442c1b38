import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoGalleryType } from '../../src/features/videogallery/videogallery.schema';
import { ADMIN, EDITOR, baseUrl, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';

/**
 * The video gallery through its API: an upload checked by its bytes and size, a YouTube link as JSON, files
 * answered as /media/ addresses (never base64), byte ranges on the stored clip, and drafts kept off the site.
 */

const CLIP = new Uint8Array(readFileSync('db/seed/fixtures/council-clip.webm'));
const API = () => `${baseUrl()}/api/Admin/${videoGalleryType.path}`;
const created: number[] = [];
let admin: string;
let editor: string;

function uploadForm(title: string, video: File | null, poster?: File): FormData {
  const form = new FormData();
  form.append('VideoGallery.Title', title);
  form.append('VideoGallery.Description', 'Uploaded by the API test.');
  if (video) form.append('VideoFile', video, video.name);
  if (poster) form.append('PosterImage', poster, poster.name);
  return form;
}

async function post(body: FormData | object, token = admin): Promise<{ status: number; json: Record<string, any> }> {
  const isForm = body instanceof FormData;
  const res = await fetch(API(), {
    method: 'POST',
    headers: { ...bearer(token), ...(isForm ? {} : { 'content-type': 'application/json' }) },
    body: isForm ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (res.status === 201) created.push(json.id);
  return { status: res.status, json };
}

async function publicList(): Promise<Record<string, any>[]> {
  const res = await fetch(`${baseUrl()}/api/Public/${videoGalleryType.path}`);
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password);
  editor = await login(EDITOR.email, EDITOR.password);
});

afterAll(async () => {
  for (const id of created) await fetch(`${API()}/${id}`, { method: 'DELETE', headers: bearer(admin) });
});

describe('uploading a video', () => {
  it('takes a WebM clip with its poster and answers both as /media/ addresses', async () => {
    const poster = new File([await sampleJpeg('#0b4f6c', 32, 18)], 'poster.jpg', { type: 'image/jpeg' });
    const res = await post(uploadForm('Clip from the API test', new File([CLIP], 'clip.webm', { type: 'video/webm' }), poster));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.videoPath).toMatch(/^\/media\/[0-9a-f]{64}\.webm$/);
    expect(res.json.posterPath).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    expect(res.json.youtubeUrl).toBe('');
  });

  it('refuses a file that is not a video by its bytes, whatever its name and type say', async () => {
    const fake = new File(['<html>not a video</html>'], 'clip.mp4', { type: 'video/mp4' });
    const res = await post(uploadForm('Not a video', fake));
    expect(res.status).toBe(415);
    expect(res.json.errors.videoPath).toBe('Upload an MP4 or WebM video.');
  });

  it('takes an MP4 by its ftyp box', async () => {
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42'), 0, 0, 0, 0, ...new TextEncoder().encode('mp42isom')]);
    const res = await post(uploadForm('An MP4 header', new File([mp4], 'whatever.bin')));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.videoPath).toMatch(/\.mp4$/);
  });

  it('refuses a video over MAX_VIDEO_MB, saying the limit', async () => {
    const limitMb = Number(process.env.MAX_VIDEO_MB ?? 50);
    const big = new Uint8Array(limitMb * 1024 * 1024 + 1);
    big.set(CLIP.subarray(0, 64));
    const res = await post(uploadForm('Too big', new File([big], 'big.webm')));
    expect(res.status).toBe(413);
    expect(res.json.message).toBe(`Video file is larger than ${limitMb} MB.`);
  });

  it('refuses a video with neither a file nor a link', async () => {
    const res = await post(uploadForm('Nothing to play', null));
    expect(res.status).toBe(400);
    expect(res.json.errors.videoPath).toBe('Upload an MP4 or WebM video, or give a YouTube link.');
  });
});

describe('a YouTube link', () => {
  it('is added as JSON {title, description, youtubeUrl} and kept as its watch address', async () => {
    const res = await post({ title: 'Linked video', description: 'From the API test.', youtubeUrl: 'https://youtu.be/aqz-KE-bpKQ?t=10' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.youtubeUrl).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(res.json.videoPath).toBeNull();
  });

  it.each(['https://evil.example/watch?v=aqz-KE-bpKQ', 'javascript:alert(1)', 'https://www.youtube.com/watch?v=short', 'https://user@www.youtube.com/watch?v=aqz-KE-bpKQ'])(
    'refuses %s in words',
    async (youtubeUrl) => {
      const res = await post({ title: 'Bad link', description: '', youtubeUrl });
      expect(res.status).toBe(400);
      expect(res.json.errors.youtubeUrl).toMatch(/^Give a YouTube link/);
    },
  );
});

describe('what the public gets', () => {
  it('lists published videos with /media/ addresses, never base64, and serves byte ranges of the clip', async () => {
    const res = await post(uploadForm('Ranged clip', new File([CLIP], 'clip.webm')));
    expect(res.status).toBe(201);
    const listed = (await publicList()).find((video) => video.id === res.json.id);
    expect(listed).toBeDefined();
    expect(listed!.videoPath).toBe(res.json.videoPath);
    expect(Object.keys(listed!).sort()).toEqual(['createdDate', 'description', 'id', 'posterPath', 'title', 'videoPath', 'youtubeUrl']);

    const whole = await fetch(`${baseUrl()}${listed!.videoPath}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(CLIP);

    const part = await fetch(`${baseUrl()}${listed!.videoPath}`, { headers: { range: 'bytes=4-13' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-13/${CLIP.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(CLIP.subarray(4, 14));

    const tail = await fetch(`${baseUrl()}${listed!.videoPath}`, { headers: { range: 'bytes=-8' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(CLIP.subarray(CLIP.byteLength - 8));

    const past = await fetch(`${baseUrl()}${listed!.videoPath}`, { headers: { range: `bytes=${CLIP.byteLength}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${CLIP.byteLength}`);
  });

  it('answers a range of a long video a megabyte at a time, read from its slice, and the next range from where it ended', async () => {
    // A clip's header followed by 1.5 MB: bytes the check accepts as WebM (it never decodes a video).
    const long = new Uint8Array(CLIP.byteLength + 1_500_000);
    long.set(CLIP);
    for (let i = CLIP.byteLength; i < long.byteLength; i++) long[i] = i % 251;
    const res = await post(uploadForm('Long clip', new File([long], 'long.webm')));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const first = await fetch(`${baseUrl()}${res.json.videoPath}`, { headers: { range: 'bytes=0-' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-1048575/${long.byteLength}`);
    // Compared as buffers: toEqual walks a megabyte element by element, for seconds.
    expect(Buffer.from(await first.arrayBuffer()).equals(long.subarray(0, 1_048_576)), 'the first megabyte as uploaded').toBe(true);
    const next = await fetch(`${baseUrl()}${res.json.videoPath}`, { headers: { range: 'bytes=1048576-' } });
    expect(next.status).toBe(206);
    expect(next.headers.get('content-range')).toBe(`bytes 1048576-${long.byteLength - 1}/${long.byteLength}`);
    expect(Buffer.from(await next.arrayBuffer()).equals(long.subarray(1_048_576)), 'the rest as uploaded').toBe(true);
  });

  it("keeps an editor's draft off the public list", async () => {
    const res = await post({ title: 'Editor draft video', description: '', youtubeUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }, editor);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.state).toBe('draft');
    expect((await publicList()).some((video) => video.id === res.json.id)).toBe(false);
  });

  it('shows a link as our poster and a play link, framing only youtube-nocookie and fetching nothing from YouTube', async () => {
    const res = await post({ title: 'Poster card video', description: '', youtubeUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
    expect(res.status).toBe(201);
    for (const path of ['/videogallery', '/hi/videogallery']) {
      const page = await fetch(`${baseUrl()}${path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-embed="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1"');
      expect(html).toContain('href="https://www.youtube.com/watch?v=aqz-KE-bpKQ"');
      // Nothing on the page loads from another site before play: no iframe, no YouTube picture or script.
      expect(html).not.toMatch(/<iframe|ytimg\.com|<script[^>]+src="https?:/);
      expect(page.headers.get('content-security-policy')).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      expect(page.headers.get('content-security-policy')).not.toMatch(/frame-src [^;]*https:\/\/www\.youtube\.com/);
    }
  });
});
