/**
 * One byte range of a stored file (RFC 9110 §14): what a video player asks for to start, seek and resume.
 * Only a single range is answered as such; several ranges, or a header we cannot read, get the whole file
 * (which the RFC allows). A range that starts past the end is unsatisfiable (416).
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | null, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    // The last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}

/**
 * A part is at most this long, whatever was asked ("bytes=0-" asks for all): a player asks again from where
 * the part ended, and a request costs the server a megabyte of memory, not a whole video's.
 */
export const MAX_PART_BYTES = 1024 * 1024;

/** Bytes, as a body, without copying them (the database hands back ordinary, not shared, buffers). */
const body = (bytes: Uint8Array) => new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);

/**
 * The answer to a GET of a stored file of `size` bytes, honouring a Range header (videos seek with it):
 * `read(start, end)` fetches only the bytes answered. Null when the file went away meanwhile.
 */
export async function rangedResponse(
  size: number,
  read: (start: number, end: number) => Promise<Uint8Array | undefined>,
  rangeHeader: string | null,
  headers: Record<string, string>,
): Promise<Response | null> {
  const range = parseRange(rangeHeader, size);
  const common = { ...headers, 'accept-ranges': 'bytes' };
  if (range.kind === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...common, 'content-range': `bytes */${size}`, 'content-length': '0' } });
  const start = range.kind === 'part' ? range.start : 0;
  const end = range.kind === 'part' ? Math.min(range.end, start + MAX_PART_BYTES - 1) : size - 1;
  const bytes = await read(start, end);
  if (!bytes) return null;
  if (range.kind === 'whole') return new Response(body(bytes), { headers: { ...common, 'content-length': String(bytes.byteLength) } });
  return new Response(body(bytes), {
    status: 206,
    headers: { ...common, 'content-range': `bytes ${start}-${start + bytes.byteLength - 1}/${size}`, 'content-length': String(bytes.byteLength) },
  });
}
