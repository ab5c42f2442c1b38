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

/** The answer to a GET of a stored file's bytes, honouring a Range header (videos seek with it). */
export function rangedResponse(bytes: Uint8Array, rangeHeader: string | null, headers: Record<string, string>): Response {
  const size = bytes.byteLength;
  const range = parseRange(rangeHeader, size);
  const common = { ...headers, 'accept-ranges': 'bytes' };
  if (range.kind === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...common, 'content-range': `bytes */${size}`, 'content-length': '0' } });
  if (range.kind === 'whole') return new Response(Buffer.from(bytes), { headers: { ...common, 'content-length': String(size) } });
  const part = bytes.subarray(range.start, range.end + 1);
  return new Response(Buffer.from(part), {
    status: 206,
    headers: { ...common, 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': String(part.byteLength) },
  });
}
