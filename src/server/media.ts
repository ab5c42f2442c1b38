import { createHash, createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { db, nowIso, type Db } from './db';
import { sharp } from './image-work';
import { signingSecret } from './auth/secret';

/**
 * Uploaded bytes are stored once, keyed by SHA-256; records point at the media row.
 *
 * A private file (an applicant's papers, a photo its sender kept from the public) is a row of its own, keyed by
 * an HMAC of its SHA-256 under the server's signing key instead of the SHA-256 itself: someone who knows or
 * guesses the hash of the bytes cannot name it, and a public file with the same bytes is another row, so
 * neither makes the other public or private. Private files are served only after the reader's right to them is
 * checked (src/pages/media/[file].ts), and may be withdrawn (`deleteMedia`).
 */
export interface StoredMedia {
  id: number;
  sha256: string;
  contentType: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The key a private file with this SHA-256 is stored and addressed under: 64 hex digits, like a hash. */
function privateKey(sha256: string): string {
  return createHmac('sha256', signingSecret()).update(`private-file:${sha256}`).digest('hex');
}

export interface StoreOptions {
  /** Served only to those who may see the record that holds it. */
  private?: boolean;
}

/** Stores bytes (or finds the identical ones already stored, public or private as asked) and returns their media id. */
export async function storeMedia(bytes: Uint8Array, contentType: string, database: Db = db(), options: StoreOptions = {}): Promise<number> {
  const isPrivate = options.private === true;
  const hash = sha256Hex(bytes);
  const sha256 = isPrivate ? privateKey(hash) : hash;
  const found = () => database.selectFrom('media').select('id').where('sha256', '=', sha256).where('private', '=', isPrivate ? 1 : 0).executeTakeFirst();
  const existing = await found();
  if (existing) return existing.id;
  const { width, height } = await imageSize(bytes, contentType);
  const row = await database
    .insertInto('media')
    .values({ sha256, content_type: contentType, size: bytes.byteLength, bytes, width, height, created_at: nowIso(), private: isPrivate ? 1 : 0 })
    // The same file uploaded at the same moment through another instance: theirs is kept, and used.
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const theirs = await found();
  if (!theirs) throw new Error('a stored file vanished as it was stored');
  return theirs.id;
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

/** What is stored under an address's key (a SHA-256, or a private file's key), without its bytes. */
export async function readMediaInfoBySha(sha256: string, database: Db = db()) {
  return database.selectFrom('media').select(['id', 'content_type', 'size', 'private']).where('sha256', '=', sha256).executeTakeFirst();
}

/**
 * Removes stored files and their resized copies, for good. The caller has dropped every reference to them
 * first, in the same transaction (a withdrawn private file, a replaced document).
 */
export async function deleteMedia(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('media_variant').where('media_id', 'in', [...ids]).execute();
  await trx.deleteFrom('media').where('id', 'in', [...ids]).execute();
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

/** The stable URL of stored bytes (a private file's answers only those who may see it); its content never changes. */
export function mediaUrl(sha256: string, contentType: string): string {
  return `/media/${sha256}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** Base64 without a data: prefix, as the compatibility API answers stored files. */
export function toBase64(bytes: Uint8Array | null | undefined): string | null {
  return bytes ? Buffer.from(bytes).toString('base64') : null;
}
