import type { APIRoute } from 'astro';
import { readMediaBySha } from '../../server/media';

/** Stored files at URLs named by their SHA-256: the bytes behind a URL never change, so browsers keep them a year. */
export const GET: APIRoute = async ({ params, request }) => {
  const match = /^([0-9a-f]{64})(?:\.[a-z0-9]+)?$/.exec(params.file ?? '');
  if (!match) return new Response('Not found', { status: 404 });
  const etag = `"${match[1]}"`;
  const immutable = { 'cache-control': 'public, max-age=31536000, immutable', etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: immutable });
  const media = await readMediaBySha(match[1]);
  if (!media) return new Response('Not found', { status: 404 });
  const headers: Record<string, string> = { ...immutable, 'content-type': media.content_type, 'content-length': String(media.size) };
  if (media.content_type === 'application/pdf') headers['content-disposition'] = 'inline';
  return new Response(Buffer.from(media.bytes), { headers });
};
