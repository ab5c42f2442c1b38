import type { APIRoute } from 'astro';
import { readMediaInfoBySha, readMediaSlice } from '../../server/media';
import { readVariant } from '../../server/media-variants';
import { FILE_SANDBOX } from '../../server/security-headers';
import { rangedResponse } from '../../server/media-range';
import { db } from '../../server/db';
import { mayReadPrivateFile } from '../../features/shared/private-files';

/**
 * Stored files at URLs named by their SHA-256 (…/<sha>.pdf), and resized WebP copies of images
 * (…/<sha>.w480.webp). The bytes behind a URL never change, so browsers may keep them for a year. Originals
 * answer byte ranges (a video player starts, seeks and resumes with them).
 *
 * A private file (src/server/media.ts) is named by its own key instead, and every spelling of it (original,
 * copy, range, HEAD, any ?name=) first asks whether the reader may have it (the readers the modules declare): anyone else is told it does not
 * exist, and those who may get it marked for no cache but their own browser's, for this visit only.
 */
const ORIGINAL = /^([0-9a-f]{64})(?:\.(?:jpg|png|webp|pdf|svg|mp4|webm|bin))?$/;
const VARIANT = /^([0-9a-f]{64})\.w(\d{2,4})\.webp$/;
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

export const GET: APIRoute = async (context) => {
  const { params, request, url } = context;
  const name = params.file ?? '';
  const variant = VARIANT.exec(name);
  const original = variant ? null : ORIGINAL.exec(name);
  if (!variant && !original) return notFound();
  const key = (variant ?? original)![1];
  const media = await readMediaInfoBySha(key);
  if (!media) return notFound();
  const isPrivate = media.private === 1;
  if (isPrivate && !(await mayReadPrivateFile(media.id, context, db()))) return notFound();
  const etag = `"${name}"`;
  const cacheHeaders: Record<string, string> = isPrivate ? { 'cache-control': PRIVATE_CACHE, ...FILE_SANDBOX } : { 'cache-control': PUBLIC_CACHE, etag, ...FILE_SANDBOX };
  if (!isPrivate && request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: cacheHeaders });

  if (variant) {
    const bytes = await readVariant(key, Number(variant[2]));
    if (!bytes) return notFound();
    return new Response(Buffer.from(bytes), { headers: { ...cacheHeaders, 'content-type': 'image/webp', 'content-length': String(bytes.byteLength) } });
  }

  const headers: Record<string, string> = { ...cacheHeaders, 'content-type': media.content_type };
  // Documents open in the browser's viewer; saved from there or from the page's link, they are named after
  // their title (?name=, which the page's link sets), never after their hash.
  if (media.content_type === 'application/pdf') headers['content-disposition'] = pdfDisposition(url.searchParams.get('name'));
  const read = (start: number, end: number) => readMediaSlice(key, start, end);
  return (await rangedResponse(media.size, read, request.headers.get('range'), headers)) ?? notFound();
};

/** `inline` with the file name asked for, made safe: no path, no quotes or controls, at most 100 characters, .pdf. */
function pdfDisposition(asked: string | null): string {
  const base = (asked ?? '').replace(/\.pdf$/i, '').replace(/[\u0000-\u001f\u007f\\/:*?"<>|;]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!base) return 'inline';
  const ascii = base.replace(/[^\x20-\x7e]/g, '').trim() || 'document';
  return `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(`${base}.pdf`)}`;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
