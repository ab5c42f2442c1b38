import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { db, nowIso, type Db } from './db';
import { sharp } from './image-work';

/** Uploaded bytes are stored once, keyed by SHA-256; records point at the media row. */
export interface StoredMedia {
  id: number;
  sha256: string;
  contentType: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores bytes (or finds the identical ones already stored) and returns their media id. */
export async function storeMedia(bytes: Uint8Array, contentType: string, database: Db = db()): Promise<number> {
  const sha256 = sha256Hex(bytes);
  const existing = await database.selectFrom('media').select('id').where('sha256', '=', sha256).executeTakeFirst();
  if (existing) return existing.id;
  const { width, height } = await imageSize(bytes, contentType);
  const row = await database
    .insertInto('media')
    .values({ sha256, content_type: contentType, size: bytes.byteLength, bytes, width, height, created_at: nowIso() })
    // The same file uploaded at the same moment through another instance: theirs is kept, and used.
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  return (await database.selectFrom('media').select('id').where('sha256', '=', sha256).executeTakeFirstOrThrow()).id;
}

/** The pixel size of an image (null for documents or unreadable images). */
export async function imageSize(bytes: Uint8Array, contentType: string): Promise<{ width: number | null; height: number | null }> {
  if (!contentType.startsWith('image/') || contentType === 'image/svg+xml') return { width: null, height: null };
  try {
    // Reads the header only: quick and small, so it need not queue behind resizes (it runs inside a write's transaction).
    const meta = await sharp(bytes).metadata();
    return { width: meta.width ?? null, height: meta.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** The bytes of the given media rows, by id. */
export async function readMediaBytes(ids: readonly number[], database: Db = db()): Promise<Map<number, Uint8Array>> {
  if (ids.length === 0) return new Map();
  const rows = await database.selectFrom('media').select(['id', 'bytes']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.bytes]));
}

/** What is stored under a SHA-256, without its bytes. */
export async function readMediaInfoBySha(sha256: string, database: Db = db()) {
  return database.selectFrom('media').select(['content_type', 'size']).where('sha256', '=', sha256).executeTakeFirst();
}

/**
 * Bytes `start` to `end` (inclusive) of stored media, the whole file included: a range request costs its part,
 * not the whole file read into the server's memory (a video can be tens of megabytes). Both engines count from 1.
 */
export async function readMediaSlice(sha256: string, start: number, end: number, database: Db = db()): Promise<Uint8Array | undefined> {
  // substr(blob, from, count) on SQLite, substr(bytea, from, count) on PostgreSQL.
  const part = sql<Uint8Array>`substr(bytes, ${start + 1}, ${end - start + 1})`;
  const row = await database.selectFrom('media').select(part.as('part')).where('sha256', '=', sha256).executeTakeFirst();
  return row?.part;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** The stable public URL of stored bytes; its content never changes, so it may be cached for a year. */
export function mediaUrl(sha256: string, contentType: string): string {
  return `/media/${sha256}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** Base64 without a data: prefix, as the compatibility API answers stored files. */
export function toBase64(bytes: Uint8Array | null | undefined): string | null {
  return bytes ? Buffer.from(bytes).toString('base64') : null;
}
