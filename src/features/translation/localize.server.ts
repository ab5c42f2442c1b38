import type { Lang } from '../../i18n/lang';
import { db, type Db } from '../../server/db';
import type { StoredValue } from '../../server/content/records';
import { translatableFields, type ContentTypeDef } from '../../lib/content-type';
import { readTranslations } from '../../server/content/translation-store';

/**
 * Records as a page in `lang` shows them: each translatable field in that language where a translation is
 * stored, else in English. `english` names the fields that fell back, so the page can mark that text as
 * English (lang="en") for screen readers and fonts. On English pages nothing is read and nothing falls back.
 */
/** Anything read from a content table: a ContentRecord, or a list's own row shaped as one. */
export interface RecordValues {
  id: number;
  values: Readonly<Record<string, StoredValue>>;
}
export type Localized<R extends RecordValues> = R & { values: Record<string, StoredValue>; english: ReadonlySet<string> };

const NOTHING: ReadonlySet<string> = new Set();

export async function localizeRecords<R extends RecordValues>(def: ContentTypeDef, records: readonly R[], lang: Lang, database: Db = db()): Promise<Localized<R>[]> {
  const fields = translatableFields(def);
  if (lang === 'en' || fields.length === 0 || records.length === 0) return records.map((record) => ({ ...record, values: { ...record.values }, english: NOTHING }));
  const stored = await readTranslations(database, def.path, records.map((record) => record.id), lang);
  return records.map((record) => {
    const texts = stored.get(record.id) ?? {};
    const values = { ...record.values };
    const english = new Set<string>();
    for (const field of fields) {
      const translated = texts[field.key]?.text;
      if (translated) values[field.key] = translated;
      // An empty English field has nothing to fall back to, and nothing to mark.
      else if (String(record.values[field.key] ?? '').trim() !== '') english.add(field.key);
    }
    return { ...record, values, english };
  });
}

/** The fields of one localized record that fell back to English, as a plain list for page props. */
export const englishFields = (record: { english?: ReadonlySet<string> }): string[] => [...(record.english ?? NOTHING)];
