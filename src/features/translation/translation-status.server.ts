import { db, type Db } from '../../server/db';
import { listRecords, storedText } from '../../server/content/records';
import { CONTENT_TYPES } from '../content-types';
import { translatableFields, type ContentTypeDef } from '../../lib/content-type';
import { readAllTranslations, sourceHash, type StoredTranslation } from '../../server/content/translation-store';

/**
 * How far each record's Hindi has kept up with its English: complete (every translatable field that has
 * English text has Hindi made from that same English), outdated (all there, but some English changed after
 * its Hindi was written) or missing (some field has no Hindi yet). GIGW asks that both versions be
 * updated together; this is what the back office's translation list shows.
 */
export const STATUSES = ['missing', 'outdated', 'complete'] as const;
export type TranslationStatus = (typeof STATUSES)[number];

export interface TranslationItem {
  id: number;
  /** The record's English title (or name, or caption): its first translatable field. */
  label: string;
  status: TranslationStatus;
  /** The fields without Hindi, and those whose English changed since, by label. */
  missing: string[];
  outdated: string[];
}

export interface TypeTranslations {
  def: ContentTypeDef;
  counts: Record<TranslationStatus, number>;
  items: TranslationItem[];
}

/** The content types that have translatable fields, in the sidebar's order. */
export const TRANSLATED_TYPES: readonly ContentTypeDef[] = CONTENT_TYPES.filter((def) => translatableFields(def).length > 0);

export function statusOf(def: ContentTypeDef, values: Record<string, unknown>, hindi: Record<string, StoredTranslation> | undefined): Omit<TranslationItem, 'id' | 'label'> {
  const missing: string[] = [];
  const outdated: string[] = [];
  for (const field of translatableFields(def)) {
    const english = storedText(values[field.key] as string | null);
    if (english === '') continue;
    const translation = hindi?.[field.key];
    if (!translation) missing.push(field.label);
    else if (translation.sourceHash !== sourceHash(english)) outdated.push(field.label);
  }
  return { missing, outdated, status: missing.length > 0 ? 'missing' : outdated.length > 0 ? 'outdated' : 'complete' };
}

export async function typeTranslations(def: ContentTypeDef, database: Db = db()): Promise<TypeTranslations> {
  const [records, hindi] = await Promise.all([listRecords(def, {}, database), readAllTranslations(database, def.path, 'hi')]);
  const labelKey = translatableFields(def)[0].key;
  const counts: Record<TranslationStatus, number> = { missing: 0, outdated: 0, complete: 0 };
  const items = records.map((record) => {
    const item = { id: record.id, label: storedText(record.values[labelKey]) || `#${record.id}`, ...statusOf(def, record.values, hindi.get(record.id)) };
    counts[item.status] += 1;
    return item;
  });
  return { def, counts, items };
}
