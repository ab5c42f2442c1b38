import type { FileKind } from '../../lib/content-type';
import { readConfig } from '../config';
import { imageWork, sharp } from '../image-work';
import { HttpError, megabytes, TEXT_BODY_LIMIT, type BodyLimit } from '../http';
import { REFUSAL } from '../../i18n/refusals';

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
  // An ISO media file starts with its 'ftyp' box (size, then 'ftyp'); Matroska/WebM with the EBML magic.
  { type: 'video/mp4', kind: 'video', matches: (b) => b.byteLength >= 12 && ascii(b, 4, 8) === 'ftyp' },
  { type: 'video/webm', kind: 'video', matches: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 },
];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function sniffContentType(bytes: Uint8Array): { type: string; kind: FileKind } | null {
  return SIGNATURES.find((s) => s.matches(bytes)) ?? null;
}

export const WRONG_TYPE_MESSAGE: Record<FileKind, string> = {
  image: REFUSAL.notAnImage,
  document: 'Upload a PDF document.',
  video: 'Upload an MP4 or WebM video.',
};

/** An accepted upload: its bytes and the type its bytes show. */
export interface AcceptedFile {
  bytes: Uint8Array;
  contentType: string;
}

/** Where a file was sent: the answer's name for the slot, what a person calls it, and what it takes. */
export interface UploadSlot {
  key: string;
  label: string;
  kind: FileKind;
}

const MB = 1024 * 1024;
/**
 * Larger pictures than this take hundreds of megabytes and seconds of a core to decode; a phone's photo is
 * 12 to 50 megapixels (a 200-megapixel camera saves 12 unless told otherwise).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

let limits: Record<FileKind, number> | undefined;

/** The largest file a slot of this kind takes, in bytes (MAX_IMAGE_MB, MAX_DOCUMENT_MB, MAX_VIDEO_MB). */
export function fileLimitBytes(kind: FileKind): number {
  if (!limits) {
    const config = readConfig();
    limits = { image: config.maxImageMb * MB, document: config.maxDocumentMb * MB, video: config.maxVideoMb * MB };
  }
  return limits[kind];
}

const EACH_KIND: Record<FileKind, string> = { image: 'each picture', document: 'each document', video: 'each video' };

/**
 * The most a request with these file slots may carry: every slot full, plus room for the text fields. Files
 * sent as base64 text (JSON bodies, the old clients' text parts) take a third more room than their bytes.
 */
export function bodyLimitFor(kinds: readonly FileKind[], encoding: 'binary' | 'base64'): BodyLimit {
  const files = kinds.reduce((sum, kind) => sum + fileLimitBytes(kind), 0);
  const bytes = Math.ceil(files * (encoding === 'base64' ? 4 / 3 : 1)) + TEXT_BODY_LIMIT.bytes;
  const each = [...new Set(kinds)].map((kind) => `${EACH_KIND[kind]} up to ${megabytes(fileLimitBytes(kind))} MB`).join(', ');
  return { bytes, message: `The request is larger than the ${megabytes(bytes)} MB allowed here${each ? ` (${each})` : ''}.` };
}

const WHAT_A_KIND_TAKES: Record<FileKind, string> = { image: 'a JPEG, PNG or WebP image', document: 'a PDF document', video: 'an MP4 or WebM video' };

/**
 * Checks a file already stored, named for a slot by its /media/ address, as an upload for that slot is
 * checked by its bytes (415): a picture's slot shows it with <img>, a document's slot links it to open, and
 * the wrong kind in either is a broken page. The stored type was found from the bytes when they came.
 */
export function assertStoredKind(contentType: string, slot: UploadSlot): void {
  const stored = SIGNATURES.find((s) => s.type === contentType);
  if (stored?.kind === slot.kind) return;
  const message = `${slot.label} takes only ${WHAT_A_KIND_TAKES[slot.kind]}, and the stored file given is not one.`;
  throw new HttpError(415, message, { [slot.key]: message });
}

function wrongType(slot: UploadSlot): HttpError {
  return new HttpError(415, WRONG_TYPE_MESSAGE[slot.kind], { [slot.key]: WRONG_TYPE_MESSAGE[slot.kind] });
}

function fileTooLarge(slot: UploadSlot, what: string): HttpError {
  const message = `${slot.label} is larger than ${what}.`;
  return new HttpError(413, message, { [slot.key]: message });
}

/**
 * Checks a file sent for a slot: its size (413), and its type from its bytes (415). Pictures are decoded and
 * encoded again in their own format, so what is stored is pixels only: the EXIF orientation is applied and
 * every piece of metadata (GPS position, camera, comments) is left behind. A file that merely starts like a
 * picture but cannot be decoded is refused with 415.
 */
export async function acceptUpload(bytes: Uint8Array, slot: UploadSlot): Promise<AcceptedFile> {
  const limit = fileLimitBytes(slot.kind);
  if (bytes.byteLength > limit) throw fileTooLarge(slot, `${megabytes(limit)} MB`);
  const detected = sniffContentType(bytes);
  if (!detected || detected.kind !== slot.kind) throw wrongType(slot);
  // Documents and videos are kept as sent: a video is never decoded here (its poster is a picture of our own).
  if (detected.kind !== 'image') return { bytes, contentType: detected.type };

  // The header alone says how large the decoded picture would be, before any pixel is decoded.
  const size = await sharp(bytes).metadata().catch(() => null);
  if (!size?.width || !size.height) throw wrongType(slot);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw fileTooLarge(slot, `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  try {
    const upright = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    // A JPEG is written in one pass: the optimised Huffman tables of a second pass would hold the whole
    // picture's coefficients (for 50 megapixels, some 270 MB more at the peak) to save a few per cent of bytes.
    const encoded =
      detected.type === 'image/png' ? upright.png() : detected.type === 'image/webp' ? upright.webp({ quality: 90 }) : upright.jpeg({ quality: 90, optimiseCoding: false });
    return { bytes: new Uint8Array(await imageWork(() => encoded.toBuffer())), contentType: detected.type };
  } catch {
    throw wrongType(slot);
  }
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
