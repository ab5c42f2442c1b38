import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { deleteMedia } from '../../server/media';
import { runWrite } from '../../server/write-path';
import { parseCaseNumber } from './service';

/**
 * Drops files from a case inside the caller's transaction (a withdrawal, a replaced document): the steps no
 * longer carry them, no verdict is kept on them, and their bytes go unless another record still holds them
 * (the same bytes sent by another applicant are one private row). Answers how many of the case's references
 * to them it dropped: none when another transaction dropped them first.
 */
export async function dropCaseFiles(trx: Db, caseId: number, mediaIds: readonly number[]): Promise<number> {
  if (mediaIds.length === 0) return 0;
  const events = trx.selectFrom('case_event').select('id').where('case_id', '=', caseId);
  const dropped = await trx.deleteFrom('case_event_media').where('media_id', 'in', [...mediaIds]).where('event_id', 'in', events).executeTakeFirst();
  await trx.deleteFrom('trade_document_verdict').where('case_id', '=', caseId).where('media_id', 'in', [...mediaIds]).execute();
  const stillHeld = await trx.selectFrom('case_event_media').select('media_id').where('media_id', 'in', [...mediaIds]).execute();
  // The same bytes kept as a cheque's scan are one private row too: that receipt still holds them.
  const scans = await trx.selectFrom('payment_receipt').select('instrument_media_id as media_id').where('instrument_media_id', 'in', [...mediaIds]).execute();
  const held = new Set([...stillHeld, ...scans].map((row) => Number(row.media_id)));
  // Only private rows go: a public one (a file stored before privacy, kept by a migration) may back a public page.
  const loose = mediaIds.filter((id) => !held.has(id));
  if (loose.length > 0) {
    const gone = await trx.selectFrom('media').select('id').where('id', 'in', loose).where('private', '=', 1).execute();
    await deleteMedia(trx, gone.map((row) => Number(row.id)));
  }
  return Number(dropped.numDeletedRows);
}

/**
 * An admin withdraws a private file from a case: from then on it answers nobody, and its bytes are gone
 * unless another case holds the same file. Audited with the case's number and the file's type and size.
 */
/** The case number and file key of a withdrawal's address, or a 404 for an address that names no file. */
export function withdrawalTarget(numberRaw: unknown, key: string): { number: string; key: string } {
  const number = parseCaseNumber(numberRaw);
  if (!number || !/^[0-9a-f]{64}$/.test(key)) throw new HttpError(404, 'The case holds no such private file.');
  return { number, key };
}

export async function withdrawCaseFile(numberRaw: unknown, keyRaw: string, actor: { id: number; email: string }, database: Db = db()): Promise<void> {
  const { number, key } = withdrawalTarget(numberRaw, keyRaw);
  const notFound = new HttpError(404, 'The case holds no such private file.');
  await runWrite({ actor, entity: 'case-file', table: 'case_event_media', files: [], change: async (trx) => {
    const file = await trx
      .selectFrom('media')
      .innerJoin('case_event_media', 'case_event_media.media_id', 'media.id')
      .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
      .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
      .select(['media.id', 'media.content_type', 'media.size', 'service_case.id as case_id'])
      .where('media.sha256', '=', key)
      .where('media.private', '=', 1)
      .where('service_case.number', '=', number)
      .executeTakeFirst();
    if (!file) throw notFound;
    // Of the same withdrawal sent many times at once, the first drops the file; the others, which read it before
    // that committed, wait for its delete and then find nothing left to drop, and write and audit nothing.
    if ((await dropCaseFiles(trx, file.case_id, [file.id])) === 0) throw notFound;
    return { result: undefined, audit: { action: 'delete', recordId: file.case_id, before: { number, file: { type: file.content_type, size: file.size } }, after: null } };
  } }, database);
}
