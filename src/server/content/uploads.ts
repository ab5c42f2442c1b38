import type { FileKind } from '../../features/shared/content-type';
import { HttpError } from '../http';

/** The file types we accept, recognised from their first bytes, never from a name or a header. */
const SIGNATURES: { type: string; kind: FileKind; matches: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', kind: 'image', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', kind: 'image', matches: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  {
    type: 'image/webp',
    kind: 'image',
    matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
  { type: 'application/pdf', kind: 'document', matches: (b) => ascii(b, 0, 5) === '%PDF-' },
];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function sniffContentType(bytes: Uint8Array): { type: string; kind: FileKind } | null {
  return SIGNATURES.find((s) => s.matches(bytes)) ?? null;
}

export const WRONG_TYPE_MESSAGE: Record<FileKind, string> = {
  image: 'Upload a JPEG, PNG or WebP image.',
  document: 'Upload a PDF document.',
};

/** An accepted upload: its bytes and the type its bytes show. */
export interface AcceptedFile {
  bytes: Uint8Array;
  contentType: string;
}

/** Checks that bytes are of the kind a slot takes; answers 415 otherwise. */
export function acceptFile(bytes: Uint8Array, kind: FileKind, field: string): AcceptedFile {
  const detected = sniffContentType(bytes);
  if (!detected || detected.kind !== kind) {
    throw new HttpError(415, WRONG_TYPE_MESSAGE[kind], { [field]: WRONG_TYPE_MESSAGE[kind] });
  }
  return { bytes, contentType: detected.type };
}

const DATA_URL = /^data:([\w.+/-]+)?(;[\w=-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}$/;

/**
 * Reads a file sent as text: base64 with or without a data: prefix. Returns null when the text is plainly
 * not a file (empty, 'NA', a file name), so the caller can keep what is stored.
 */
export function decodeBase64File(text: string): Uint8Array | null | 'malformed' {
  const trimmed = text.trim();
  if (DATA_URL.test(trimmed)) {
    const payload = trimmed.replace(DATA_URL, '');
    return BASE64.test(payload) ? new Uint8Array(Buffer.from(payload, 'base64')) : 'malformed';
  }
  // Short text is a file name or a placeholder such as 'NA', not file content.
  if (trimmed.length < 64) return null;
  return BASE64.test(trimmed) ? new Uint8Array(Buffer.from(trimmed, 'base64')) : 'malformed';
}
