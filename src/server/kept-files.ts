import { createHash, randomBytes } from 'node:crypto';
import { db, type Db } from './db';
import { now } from './clock';
import type { AcceptedFile } from './content/uploads';
import { takeGates } from './attempt-limit';

/**
 * A public form refused for something typed (a field missing, similar reports to look at first) keeps the
 * files it carried, already checked and re-encoded, so that the corrected form need not send them again over
 * a slow network. They are kept:
 * - under a random key that only the refused answer carries, in a hidden field (the form's one-time token
 *   cannot be the key: a cached form page gives everyone the same token), and only its SHA-256 is stored;
 * - for the form they came with only, and nobody is given an address to read them: they go back into that
 *   form when it is sent again with the key and the file ticked;
 * - for KEEP_MS, and at most SENDER_FILES files and SENDER_BYTES bytes per sender (a network address, or a
 *   member of staff) at a time, and ALL_BYTES for everyone together (many senders at once cannot fill the
 *   disk). Beyond that nothing more is kept, and the field asks for the file again.
 * Every keeping sweeps away what has run out, and a lodged form drops its own at once.
 */
export const KEPT_KEY_FIELD = 'kept_key';
export const KEPT_FILE_FIELD = 'kept_file';
export const KEEP_MS = 60 * 60 * 1000;
export const SENDER_FILES = 20;
export const SENDER_BYTES = 50 * 1024 * 1024;
export const ALL_BYTES = 512 * 1024 * 1024;

/** A file kept for a form, as the form lists it again. */
export interface KeptFile {
  id: number;
  part: string;
  position: number;
  size: number;
  contentType: string;
}

/** What a refused form holds: the key to send back and the files kept under it. */
export interface KeptFiles {
  key: string;
  files: KeptFile[];
}

/** A file sent with the form, to be kept: the field it came in and its place there. */
export interface FileToKeep {
  part: string;
  position: number;
  file: AcceptedFile;
}

const hashOf = (key: string) => createHash('sha256').update(`kept-files:${key}`).digest('hex');
const validKey = (key: unknown): key is string => typeof key === 'string' && /^[\w-]{32}$/.test(key);
const nowIso = () => new Date(now()).toISOString();

function keyOf(fields: FormData): string | null {
  const key = fields.get(KEPT_KEY_FIELD);
  return validKey(key) ? key : null;
}

/** The ids of the kept files the form still ticks. */
function tickedIds(fields: FormData): number[] {
  return fields.getAll(KEPT_FILE_FIELD).flatMap((v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? [Number(v)] : [])).slice(0, 50);
}

/**
 * The kept files a form sent again still ticks, with their bytes, in their fields' order. A key that is not this
 * form's, or has run out, or an id not kept under the key, brings nothing.
 */
export async function keptFilesSent(scope: string, fields: FormData, database: Db = db()): Promise<(KeptFile & { file: AcceptedFile })[]> {
  const key = keyOf(fields);
  const ids = tickedIds(fields);
  if (!key || ids.length === 0) return [];
  const rows = await database
    .selectFrom('kept_form_file')
    .select(['id', 'part', 'position', 'size', 'content_type', 'bytes'])
    .where('key_hash', '=', hashOf(key))
    .where('scope', '=', scope)
    .where('id', 'in', ids)
    .where('expires_at', '>', nowIso())
    .orderBy('part')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, part: r.part, position: r.position, size: r.size, contentType: r.content_type, file: { bytes: r.bytes, contentType: r.content_type } }));
}

/**
 * Keeps a refused form's files: those it still ticked (already kept under its key) and the new ones it sent,
 * under the form's key or a new one. Files it no longer ticks go. New files past the sender's share are not
 * kept. Answers null when nothing is kept.
 */
export async function keepFiles(
  scope: string, sender: string, fields: FormData, stillKept: readonly KeptFile[], sent: readonly FileToKeep[], database: Db = db(),
): Promise<KeptFiles | null> {
  const at = nowIso();
  const key = keyOf(fields) ?? randomBytes(24).toString('base64url');
  const keyHash = hashOf(key);
  const kept = stillKept.map((f) => f.id);
  const added: KeptFile[] = [];
  await database.transaction().execute(async (trx) => {
    // The sender's and everyone's shares are read and filled in one step: forms refused at the same moment
    // take turns here, so that a burst keeps no more than the shares allow.
    await takeGates(trx, [{ kind: 'kept-files', key: sender }, { kind: 'kept-files', key: '*' }]);
    await trx.deleteFrom('kept_form_file').where('expires_at', '<=', at).execute();
    let unticked = trx.deleteFrom('kept_form_file').where('key_hash', '=', keyHash);
    if (kept.length) unticked = unticked.where('id', 'not in', kept);
    await unticked.execute();
    const share = await shareOf(trx, sender);
    let { files, bytes, all } = share;
    const expires = new Date(now() + KEEP_MS).toISOString();
    for (const { part, position, file } of sent) {
      const size = file.bytes.byteLength;
      if (files + 1 > SENDER_FILES || bytes + size > SENDER_BYTES || all + size > ALL_BYTES) break;
      const row = await trx
        .insertInto('kept_form_file')
        .values({ key_hash: keyHash, scope, sender, part, position, content_type: file.contentType, size, bytes: file.bytes, expires_at: expires })
        .returning('id')
        .executeTakeFirstOrThrow();
      added.push({ id: row.id, part, position, size, contentType: file.contentType });
      files += 1;
      bytes += size;
      all += size;
    }
  });
  const all = [...stillKept, ...added];
  return all.length ? { key, files: all } : null;
}

/**
 * Whether the sender may have another file kept: asked before a refused form's pictures are decoded to be
 * kept, so that refused forms sent again and again cost no more decoding than the share allows.
 */
export async function senderMayKeep(sender: string, database: Db = db()): Promise<boolean> {
  const share = await shareOf(database, sender);
  return share.files < SENDER_FILES && share.bytes < SENDER_BYTES && share.all < ALL_BYTES;
}

/** What is kept now for a sender (files and bytes), and for everyone (bytes). */
async function shareOf(database: Db, sender: string): Promise<{ files: number; bytes: number; all: number }> {
  const at = nowIso();
  const [mine, everyone] = await Promise.all([
    database.selectFrom('kept_form_file')
      .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')])
      .where('sender', '=', sender).where('expires_at', '>', at).executeTakeFirstOrThrow(),
    database.selectFrom('kept_form_file')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
      .where('expires_at', '>', at).executeTakeFirstOrThrow(),
  ]);
  return { files: Number(mine.files), bytes: Number(mine.bytes), all: Number(everyone.bytes) };
}

/** Drops the files kept for a form once it is lodged: they went with it. */
export async function dropKeptFiles(fields: FormData, database: Db = db()): Promise<void> {
  const key = keyOf(fields);
  if (key) await database.deleteFrom('kept_form_file').where('key_hash', '=', hashOf(key)).execute();
}
