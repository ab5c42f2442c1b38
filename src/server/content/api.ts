import type { APIContext } from 'astro';
import { HINDI_SUFFIX, translatableFields, type ContentTypeDef } from '../../features/shared/content-type';
import { readTranslations } from '../../features/translation/translation-store.server';
import { contentTypeByPath } from '../../features/content-types';
import { HttpError, json, parseId } from '../http';
import { countRecords, deleteRecord, findRecord, listRecords, saveRecord, type ContentRecord } from './records';
import { readSubmission } from './submission';
import { mediaModeOf, storedValues, toWire, type MediaMode } from './wire';
import { db } from '../db';
import type { Actor } from '../audit';
import { withLifecycle } from '../lifecycle/admin-rows';

/** The CRUD calls of SPEC.md §7, one implementation for every declared content type. */

/** The signed-in member of staff making a write (the middleware has already refused everyone else). */
export function actorOf(context: APIContext): Actor {
  const user = context.locals.session?.user;
  if (!user) throw new HttpError(401, 'Please sign in.');
  return { id: user.id, email: user.email, role: user.role };
}

export function contentTypeParam(context: APIContext, allowed?: (def: ContentTypeDef) => boolean): ContentTypeDef {
  const def = contentTypeByPath(context.params.type);
  if (!def || (allowed && !allowed(def))) throw new HttpError(404, 'Not found.');
  return def;
}

/** Optional paging: ?page=1&pageSize=50. Without it the whole list is answered, as old clients expect. */
export function paging(url: URL): { limit?: number; offset?: number; page?: number; pageSize?: number } {
  const page = url.searchParams.get('page');
  const size = url.searchParams.get('pageSize');
  if (page === null && size === null) return {};
  const pageNumber = Number(page ?? 1);
  const pageSize = Number(size ?? 50);
  // A page beyond a million would need an offset the database cannot take as a whole number.
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 1_000_000 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500) {
    throw new HttpError(400, 'page must be from 1 to 1000000 and pageSize from 1 to 500.');
  }
  return { limit: pageSize, offset: (pageNumber - 1) * pageSize, page: pageNumber, pageSize };
}

/**
 * An unpaged list (what old clients ask for) is answered in full up to these bounds, so that no request can
 * make us build an answer of hundreds of megabytes: at most this many records, and with files inline as
 * base64, at most this many file bytes (the record that crosses the line is the last one included).
 */
export const UNPAGED_MAX_RECORDS = 1000;
export const UNPAGED_MAX_FILE_BYTES = 24 * 1024 * 1024;

/** Says in the headers that an unpaged list was cut short, and how to page through all of it. */
export function truncationHeaders(total: number, answered: number): Record<string, string> {
  return answered < total ? { 'x-total-count': String(total), 'x-list-truncated': `first ${answered}; ask with ?page=1&pageSize=500 for the rest` } : {};
}

/** How many of the listed records fit the file-byte budget of an unpaged base64 answer. */
function recordsWithinFileBudget(records: readonly ContentRecord[]): number {
  let bytes = 0;
  for (let i = 0; i < records.length; i++) {
    for (const file of Object.values(records[i].media)) bytes += file?.size ?? 0;
    if (bytes > UNPAGED_MAX_FILE_BYTES) return i + 1;
  }
  return records.length;
}

/**
 * Records as the API answers them. The back office's have each translatable field's Hindi text added as
 * `<key>_hi` ('' when there is none) and their lifecycle state; the public answers keep SPEC.md's keys exactly.
 */
export async function answerRecords(def: ContentTypeDef, records: readonly ContentRecord[], mode: MediaMode, audience: Audience): Promise<Record<string, unknown>[]> {
  const wire = records.map((record) => toWire(def, record, mode));
  if (audience === 'public') return wire;
  const fields = translatableFields(def);
  if (fields.length > 0) {
    const hindi = await readTranslations(db(), def.path, records.map((record) => record.id), 'hi');
    wire.forEach((answer, i) => {
      const texts = hindi.get(records[i].id) ?? {};
      for (const field of fields) answer[field.key + HINDI_SUFFIX] = texts[field.key]?.text ?? '';
    });
  }
  return withLifecycle(def, wire);
}

/** 'public': only what visitors see now; 'admin': everything. */
export type Audience = 'admin' | 'public';

/** A list as the public API or the admin API answers it. */
export async function listAnswer(def: ContentTypeDef, url: URL, audience: Audience): Promise<Response> {
  const mode = mediaModeOf(url);
  const { limit, offset } = paging(url);
  const visibility = audience === 'public' ? ('live' as const) : undefined;
  if (limit !== undefined) {
    const records = await listRecords(def, { withBytes: mode === 'base64', limit, offset, visibility });
    return json(await answerRecords(def, records, mode, audience), 200, { 'x-total-count': String(await countRecords(def, { visibility })) });
  }
  // Unpaged: sizes first, then the bytes of only the records that fit.
  const listed = await listRecords(def, { limit: UNPAGED_MAX_RECORDS, visibility });
  const records = mode === 'base64' ? await listRecords(def, { withBytes: true, limit: recordsWithinFileBudget(listed), visibility }) : listed;
  const complete = listed.length < UNPAGED_MAX_RECORDS && records.length === listed.length;
  const total = complete ? records.length : await countRecords(def, { visibility });
  return json(await answerRecords(def, records, mode, audience), 200, truncationHeaders(total, records.length));
}

/** POST creates (any id sent is ignored, as SPEC.md's clients send 0); PUT updates the id in the body. */
export async function saveAnswer(def: ContentTypeDef, context: APIContext, mode: 'create' | 'update'): Promise<Response> {
  const submission = await readSubmission(def, context.request);
  if (mode === 'create') submission.id = null;
  else if (submission.id === null) throw new HttpError(400, 'Say which record to update: send its id.', { id: 'The record id is required.' });
  // An update that leaves a field out keeps what is stored, so a partial client loses nothing.
  const stored = submission.id === null ? null : await findRecord(def, submission.id);
  if (submission.id !== null && !stored) throw new HttpError(404, `${def.heading} not found.`);
  const merged = stored ? { ...storedValues(def, stored), ...submission.values } : submission.values;
  const values = await def.schema.validate(merged, { abortEarly: false, stripUnknown: true });
  const id = await saveRecord(def, submission, values, actorOf(context));
  const saved = await findRecord(def, id, mediaModeOf(context.url) === 'base64');
  const [answer] = await answerRecords(def, [saved!], mediaModeOf(context.url), 'admin');
  return json(answer, mode === 'create' ? 201 : 200);
}

export async function findAnswer(def: ContentTypeDef, context: APIContext): Promise<Response> {
  const mode = mediaModeOf(context.url);
  const record = await findRecord(def, parseId(context.params.id), mode === 'base64');
  if (!record) throw new HttpError(404, `${def.heading} not found.`);
  const [answer] = await answerRecords(def, [record], mode, 'admin');
  return json(answer);
}

export async function deleteAnswer(def: ContentTypeDef, context: APIContext): Promise<Response> {
  const deleted = await deleteRecord(def, parseId(context.params.id), actorOf(context));
  if (!deleted) throw new HttpError(404, `${def.heading} not found.`);
  return json({ message: def.messages.deleted });
}
