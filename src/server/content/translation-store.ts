import { createHash } from 'node:crypto';
import type { Db } from '../db';
import { nowIso } from '../db';

/**
 * The stored translations of content fields: one side table for every content type (content_translation),
 * read here and written only inside a record's own write (see saveTranslations), so a translation is
 * audited with its record and raises the same table versions.
 */
export type ContentLang = 'en' | 'hi';
/** The languages content is translated into; English is the records' own columns. */
export const TRANSLATED_LANGS = ['hi'] as const;
export type TranslatedLang = (typeof TRANSLATED_LANGS)[number];

export interface StoredTranslation {
  text: string;
  /** SHA-256 of the English text it was made from. */
  sourceHash: string;
  updatedAt: string;
  updatedBy: string;
}

/** Per record id, per field key, the stored translation. */
export type TranslationsByRecord = Map<number, Record<string, StoredTranslation>>;

/** The fingerprint of an English text, as translations remember it (trimmed, so a stray space is no change). */
export function sourceHash(english: string | number | null | undefined): string {
  return createHash('sha256').update(String(english ?? '').trim()).digest('hex');
}

const CHUNK = 500;

export async function readTranslations(database: Db, typePath: string, recordIds: readonly number[], lang: TranslatedLang): Promise<TranslationsByRecord> {
  const found: TranslationsByRecord = new Map();
  for (let start = 0; start < recordIds.length; start += CHUNK) {
    const ids = recordIds.slice(start, start + CHUNK);
    const rows = await database
      .selectFrom('content_translation')
      .select(['record_id', 'field_key', 'text', 'source_hash', 'updated_at', 'updated_by'])
      .where('type_path', '=', typePath)
      .where('lang', '=', lang)
      .where('record_id', 'in', ids)
      .execute();
    for (const row of rows) {
      const fields = found.get(row.record_id) ?? {};
      fields[row.field_key] = { text: row.text, sourceHash: row.source_hash, updatedAt: row.updated_at, updatedBy: row.updated_by };
      found.set(row.record_id, fields);
    }
  }
  return found;
}

/** Every stored translation of one type, for the back office's status list and the search index. */
export async function readAllTranslations(database: Db, typePath: string, lang: TranslatedLang): Promise<TranslationsByRecord> {
  const rows = await database
    .selectFrom('content_translation')
    .select(['record_id', 'field_key', 'text', 'source_hash', 'updated_at', 'updated_by'])
    .where('type_path', '=', typePath)
    .where('lang', '=', lang)
    .execute();
  const found: TranslationsByRecord = new Map();
  for (const row of rows) {
    const fields = found.get(row.record_id) ?? {};
    fields[row.field_key] = { text: row.text, sourceHash: row.source_hash, updatedAt: row.updated_at, updatedBy: row.updated_by };
    found.set(row.record_id, fields);
  }
  return found;
}

/**
 * Writes a record's translations inside the caller's transaction: a new or changed text replaces the stored
 * one and remembers the English it was made from; an empty text removes it; a field left out is left alone.
 * Returns whether anything changed.
 */
export async function saveTranslations(
  trx: Db,
  target: { typePath: string; recordId: number; lang: TranslatedLang; by: string },
  texts: Readonly<Record<string, string | undefined>>,
  english: Readonly<Record<string, string | number | null>>,
): Promise<boolean> {
  const stored = (await readTranslations(trx, target.typePath, [target.recordId], target.lang)).get(target.recordId) ?? {};
  let changed = false;
  for (const [fieldKey, raw] of Object.entries(texts)) {
    if (raw === undefined) continue;
    const text = raw.trim();
    const key = { type_path: target.typePath, record_id: target.recordId, field_key: fieldKey, lang: target.lang };
    const before = stored[fieldKey];
    if (text === '') {
      if (before) {
        await trx.deleteFrom('content_translation').where('type_path', '=', key.type_path).where('record_id', '=', key.record_id)
          .where('field_key', '=', key.field_key).where('lang', '=', key.lang).execute();
        changed = true;
      }
      continue;
    }
    // The same text sent again (a form always sends every field) is not a new translation: it keeps the
    // English it was made from, so an edit of the English alone leaves the Hindi marked outdated.
    if (before && before.text === text) continue;
    const row = { text, source_hash: sourceHash(english[fieldKey]), updated_at: nowIso(), updated_by: target.by };
    if (before) {
      await trx.updateTable('content_translation').set(row).where('type_path', '=', key.type_path).where('record_id', '=', key.record_id)
        .where('field_key', '=', key.field_key).where('lang', '=', key.lang).execute();
    } else {
      await trx.insertInto('content_translation').values({ ...key, ...row }).execute();
    }
    changed = true;
  }
  return changed;
}

/** A deleted record's translations go with it. */
export async function deleteTranslations(trx: Db, typePath: string, recordId: number): Promise<void> {
  await trx.deleteFrom('content_translation').where('type_path', '=', typePath).where('record_id', '=', recordId).execute();
}
