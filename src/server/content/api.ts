import type { APIContext } from 'astro';
import { HINDI_SUFFIX, translatableFields, type ContentTypeDef } from '../../lib/content-type';
import { readTranslations } from './translation-store';
import { contentTypeByPath } from './registry';
import { HttpError, json, parseId } from '../http';
import { countRecords, deleteRecord, findRecord, listRecords, saveRecord, type ContentRecord } from './records';
import { readSubmission } from './submission';
import { mediaModeFor, storedValues, toWire, type MediaMode } from './wire';
import { db } from '../db';
import { readMediaBytes } from '../media';
import type { Actor } from '../audit';
import { withLifecycle } from '../lifecycle/admin-rows';

/** The CRUD calls of docs/legacy-contract.md §4.3, one implementation for every declared content type. */

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

/** An unpaged list (what old clients ask for) is answered in full up to this many records. */
export const UNPAGED_MAX_RECORDS = 1000;

/**
 * The most file bytes an anonymous answer carries inline as base64, all files together: 2 MB, under 3 MB
 * of answer, about a second on a slow phone network. Files past it are named by their stable /media/ URL
 * (as ?media=url answers), which is served and cached like any file; the headers say how many.
 */
export const PUBLIC_INLINE_BYTES = 2 * 1024 * 1024;

/** Says in the headers that an unpaged list was cut short, and how to page through all of it. */
export function truncationHeaders(total: number, answered: number): Record<string, string> {
  return answered < total ? { 'x-total-count': String(total), 'x-list-truncated': `first ${answered}; ask with ?page=1&pageSize=500 for the rest` } : {};
}

/**
 * Reads the bytes of the records' files in list order while they fit the budget, and leaves the rest without
 * bytes (toWire names those by URL). Only the bytes that are answered are read from the database. Answers
 * the headers that say so.
 */
export async function inlineWithinBudget(records: readonly ContentRecord[], budget = PUBLIC_INLINE_BYTES): Promise<Record<string, string>> {
  let used = 0;
  let asUrl = 0;
  const inline = new Set<number>();
  for (const record of records) {
    for (const file of Object.values(record.media)) {
      if (!file || inline.has(file.id)) continue;
      if (used + file.size <= budget) {
        used += file.size;
        inline.add(file.id);
      } else asUrl += 1;
    }
  }
  const bytes = await readMediaBytes([...inline]);
  for (const record of records) for (const file of Object.values(record.media)) if (file) file.bytes = bytes.get(file.id);
  return asUrl === 0 ? {} : { 'x-media-as-url': String(asUrl), 'x-media-inline-budget': String(budget) };
}

/**
 * Records as the API answers them. The back office's have each translatable field's Hindi text added as
 * `<key>_hi` ('' when there is none) and their lifecycle state; the public answers keep the old keys exactly
 * (docs/legacy-contract.md §5).
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
  const mode = mediaModeFor(def, url);
  const { limit, offset } = paging(url);
  const visibility = audience === 'public' ? ('live' as const) : undefined;
  // The back office's own answers carry every file; an anonymous one, its budget's worth (sizes are listed
  // first, then only the bytes that fit are read).
  const fileBytes = async (records: ContentRecord[]) => (mode === 'url' ? {} : audience === 'public' ? inlineWithinBudget(records) : attachBytes(records));
  if (limit !== undefined) {
    const records = await listRecords(def, { limit, offset, visibility });
    const inlined = await fileBytes(records);
    return json(await answerRecords(def, records, mode, audience), 200, { ...inlined, 'x-total-count': String(await countRecords(def, { visibility })) });
  }
  const records = await listRecords(def, { limit: UNPAGED_MAX_RECORDS, visibility });
  const inlined = await fileBytes(records);
  const total = records.length < UNPAGED_MAX_RECORDS ? records.length : await countRecords(def, { visibility });
  return json(await answerRecords(def, records, mode, audience), 200, { ...inlined, ...truncationHeaders(total, records.length) });
}

/** Every file's bytes, for the back office (signed-in staff, whose own screens ask with ?media=url anyway). */
async function attachBytes(records: readonly ContentRecord[]): Promise<Record<string, string>> {
  return inlineWithinBudget(records, Number.POSITIVE_INFINITY);
}

/**
 * POST creates (any id sent is ignored, as the old clients send 0: docs/legacy-contract.md §6.3); PUT
 * updates the id in the body.
 */
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
  const media = mediaModeFor(def, context.url);
  const saved = await findRecord(def, id, media === 'base64');
  const [answer] = await answerRecords(def, [saved!], media, 'admin');
  return json(answer, mode === 'create' ? 201 : 200);
}

export async function findAnswer(def: ContentTypeDef, context: APIContext): Promise<Response> {
  const mode = mediaModeFor(def, context.url);
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
