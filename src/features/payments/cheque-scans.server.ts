import { readFile } from 'node:fs/promises';
import { db, type Db } from '../../server/db';
import { HttpError, megabytes } from '../../server/http';
import { deleteMedia, mediaUrl } from '../../server/media';
import { runWrite } from '../../server/write-path';
import type { Actor } from '../../server/audit';
import { acceptUpload, fileLimitBytes, sniffContentType, type AcceptedFile } from '../../server/content/uploads';
import type { SpooledFile, StreamedFormSpec } from '../../server/streamed-form';
import { sessionFromRequest } from '../../server/auth/request-session';
import { declarationOf, mayOpen } from '../../server/route-table';
import type { FileReaderContext, PrivateFileReader } from '../shared/private-files';

/**
 * A cashier may keep a scan or photo of a cheque or demand draft taken at the counter with its receipt. The
 * scan is a private file (src/server/media.ts): the payer's bank account number and signature are on it. It
 * is read by whoever may open the collection register (cashiers and admins), and by nobody else: not the
 * payer's receipt, not /verify, not the staff of cases. It stays with the receipt when the cheque bounces,
 * and the counter's staff may remove it (audited).
 */

/** The counter's form: one scan (a picture or a PDF) beside the payment's fields. */
export const COUNTER_FORM: StreamedFormSpec = { files: { scan: { kind: 'document', maxCount: 1, label: 'Scan' } }, textBytes: 16 * 1024 };

const NOT_A_SCAN = 'The scan must be a picture (JPEG, PNG or WebP) or a PDF.';

/**
 * The scan sent with the counter's form, checked as every upload is: a picture by the picture's limits
 * (re-encoded, without metadata), a PDF by the document's. Null when none was chosen.
 */
export async function acceptScan(files: readonly SpooledFile[]): Promise<AcceptedFile | null> {
  const file = files.find((f) => f.part === 'scan');
  if (!file) return null;
  const bytes = new Uint8Array(await readFile(file.path));
  const kind = sniffContentType(bytes.subarray(0, 16))?.kind;
  if (kind !== 'image' && kind !== 'document') throw new HttpError(415, NOT_A_SCAN, { scan: NOT_A_SCAN });
  if (file.tooLarge || bytes.byteLength > fileLimitBytes(kind)) {
    const message = `The scan is larger than ${megabytes(fileLimitBytes(kind))} MB.`;
    throw new HttpError(413, message, { scan: message });
  }
  return acceptUpload(bytes, { key: 'scan', label: 'The scan', kind });
}

/** Who may read the scans: whoever may open the collection register, where they are listed. */
function mayReadScans(role: Parameters<typeof mayOpen>[1]): boolean {
  const register = declarationOf('/collection-register');
  return register !== undefined && mayOpen(register.access, role);
}

async function mayReadScan(mediaId: number, context: FileReaderContext, database: Db): Promise<boolean> {
  const held = await database.selectFrom('payment_receipt').select('id').where('instrument_media_id', '=', mediaId).executeTakeFirst();
  if (!held) return false;
  // The route is public, so the middleware read no session unless a cookie named one: a bearer token is read here.
  const session = context.locals.session ?? (await sessionFromRequest(context.request, context.cookies)).session;
  return session !== null && session !== undefined && !session.user.mustChangePassword && mayReadScans(session.user.role);
}

/** Payments' reader of private files, declared by its module. */
export const CHEQUE_SCAN_READER: PrivateFileReader = { name: 'cheque scans', mayRead: mayReadScan };

/** The scans of these receipts, by receipt number: each one's /media/ address. */
export async function scansOf(numbers: readonly string[], database: Db = db()): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await database
    .selectFrom('payment_receipt')
    .innerJoin('media', 'media.id', 'payment_receipt.instrument_media_id')
    .select(['payment_receipt.number', 'media.sha256', 'media.content_type'])
    .where('payment_receipt.number', 'in', [...numbers])
    .execute();
  return new Map(rows.map((r) => [r.number, mediaUrl(r.sha256, r.content_type)]));
}

/** A receipt's number as an address gives it: the series' letters and digits, at most 40. */
export function parseReceiptNumber(raw: unknown): string | null {
  const value = String(raw ?? '').trim().toUpperCase();
  return /^[A-Z0-9-]{3,40}$/.test(value) ? value : null;
}

/**
 * Removes a receipt's scan for good (taken by mistake, or the wrong cheque): the receipt keeps its instrument's
 * number and bank; the scan's bytes go unless another receipt holds the same file. Audited with the receipt's
 * number and the file's type and size.
 */
export async function removeChequeScan(numberRaw: unknown, actor: Actor, database: Db = db()): Promise<string> {
  const number = parseReceiptNumber(numberRaw);
  const notFound = new HttpError(404, 'This receipt has no scan.');
  if (!number) throw notFound;
  return runWrite({ actor, entity: 'receipt-scan', table: 'payment_receipt', files: [], change: async (trx) => {
    const held = await trx
      .selectFrom('payment_receipt')
      .innerJoin('media', 'media.id', 'payment_receipt.instrument_media_id')
      .select(['payment_receipt.id', 'payment_receipt.number', 'media.id as mediaId', 'media.content_type', 'media.size'])
      .where('payment_receipt.number', '=', number)
      .executeTakeFirst();
    if (!held) throw notFound;
    // Conditional: of two removals at once, the second finds nothing to remove.
    const cleared = await trx.updateTable('payment_receipt').set({ instrument_media_id: null }).where('id', '=', held.id).where('instrument_media_id', '=', held.mediaId).executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1) throw notFound;
    // The same bytes may be another receipt's scan, or a case's private file (one private row): those keep them.
    const [otherReceipt, aCase] = await Promise.all([
      trx.selectFrom('payment_receipt').select('id').where('instrument_media_id', '=', held.mediaId).executeTakeFirst(),
      trx.selectFrom('case_event_media').select('event_id').where('media_id', '=', held.mediaId).executeTakeFirst(),
    ]);
    if (!otherReceipt && !aCase) await deleteMedia(trx, [held.mediaId]);
    return { result: held.number, audit: { action: 'delete', recordId: held.id, before: { receipt: held.number, scan: { type: held.content_type, size: held.size } }, after: null } };
  } }, database);
}
