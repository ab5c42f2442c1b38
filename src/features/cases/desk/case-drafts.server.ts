import { createHmac, timingSafeEqual } from 'node:crypto';
import { db, type Db } from '../../../server/db';
import { now } from '../../../server/clock';
import { readMediaBytes, storeMedia } from '../../../server/media';
import { signingSecret } from '../../../server/auth/secret';
import type { AcceptedFile } from '../../../server/content/uploads';
import type { StepRequest } from '../case-source.server';
import { HOUR_MS } from '../../../lib/india-time';

/**
 * An officer's step that arrived after their session had ended (a phone left in a pocket, a long walk to the
 * site): nothing is done, but the note, the officer chosen and the files sent are kept under a short-lived
 * draft tied to that officer and that case, and offered back on the case page once they have signed in again.
 *
 * Who sent it is known without a session from the draft key every action form carries: the officer's id and
 * the case number, signed with the server's key, valid for a working day. A key for another case, another
 * officer or past its time keeps nothing.
 */
const KEY_HOURS = 12;

function mac(userId: number, number: string, expires: number): string {
  return createHmac('sha256', signingSecret()).update(`case-draft:${userId}:${number}:${expires}`).digest('base64url');
}

/** The key the case page's forms carry for this officer and case. */
export function draftKey(userId: number, number: string): string {
  const expires = Math.floor((now() + KEY_HOURS * HOUR_MS) / 1000);
  return `${userId}.${expires}.${mac(userId, number, expires)}`;
}

/** The officer a draft key names for this case, or null when it is forged, for another case or expired. */
export function draftOwner(key: string, number: string): number | null {
  const match = /^(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/.exec(key);
  if (!match) return null;
  const [userId, expires] = [Number(match[1]), Number(match[2])];
  if (expires * 1000 < now()) return null;
  const expected = Buffer.from(mac(userId, number, expires));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

export interface CaseDraft {
  action: string;
  note: string;
  visibility: 'public' | 'staff';
  fields: Record<string, unknown>;
  photos: AcceptedFile[];
  documents: AcceptedFile[];
}

async function filesOf(ids: number[], database: Db): Promise<AcceptedFile[]> {
  if (ids.length === 0) return [];
  const rows = await database.selectFrom('media').select(['id', 'content_type']).where('id', 'in', ids).execute();
  const bytes = await readMediaBytes(ids, database);
  return ids.flatMap((id) => {
    const row = rows.find((r) => Number(r.id) === id);
    const body = bytes.get(id);
    return row && body ? [{ bytes: body, contentType: row.content_type }] : [];
  });
}

/** What a step's form had in it when the page shows it again: a refused attempt, or a draft kept. */
export interface TypedStep { action: string; note: string; visibility: 'public' | 'staff'; officer: string; original?: string }

/** Keeps an officer's step for them, replacing any earlier draft of theirs on this case. */
export async function keepDraft(userId: number, number: string, action: string, step: StepRequest, database: Db = db()): Promise<void> {
  const photoIds: number[] = [];
  const documentIds: number[] = [];
  // Kept private: a draft is nobody's to read by its address, and its step decides whether its files are public.
  for (const file of step.photos) photoIds.push(await storeMedia(file.bytes, file.contentType, database, { private: true }));
  for (const file of step.documents) documentIds.push(await storeMedia(file.bytes, file.contentType, database, { private: true }));
  const at = now();
  await database.transaction().execute(async (trx) => {
    await trx.deleteFrom('case_draft').where('user_id', '=', userId).where('case_number', '=', number).execute();
    await trx
      .insertInto('case_draft')
      .values({
        user_id: userId, case_number: number, action: action.slice(0, 60), note: step.note, visibility: step.visibility, fields: JSON.stringify(step.fields),
        photo_ids: JSON.stringify(photoIds), document_ids: JSON.stringify(documentIds), created_at: new Date(at).toISOString(),
        expires_at: new Date(at + KEY_HOURS * HOUR_MS).toISOString(),
      })
      .execute();
  });
}

/** This officer's draft on this case, with its files, while it lasts. */
export async function draftFor(userId: number, number: string, database: Db = db()): Promise<CaseDraft | null> {
  const row = await database
    .selectFrom('case_draft')
    .selectAll()
    .where('user_id', '=', userId)
    .where('case_number', '=', number)
    .where('expires_at', '>', new Date(now()).toISOString())
    .executeTakeFirst();
  if (!row) return null;
  return {
    action: row.action, note: row.note, visibility: row.visibility === 'public' ? 'public' : 'staff', fields: JSON.parse(row.fields) as Record<string, unknown>,
    photos: await filesOf(JSON.parse(row.photo_ids) as number[], database), documents: await filesOf(JSON.parse(row.document_ids) as number[], database),
  };
}

/** Drops the officer's draft on a case (the step was taken), and every draft past its time. */
export async function dropDraft(userId: number, number: string, database: Db = db()): Promise<void> {
  await database.deleteFrom('case_draft').where((eb) => eb.or([eb.and([eb('user_id', '=', userId), eb('case_number', '=', number)]), eb('expires_at', '<=', new Date(now()).toISOString())])).execute();
}
