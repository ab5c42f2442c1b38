import type { Db } from '../../server/db';
import { onRecordWrite } from '../../server/write-path';
// The records read here are of the registered content types (the Node entry's start reaches the index first).
import '../content-storage.server';
import { findRecord, listRecords, type ContentRecord } from '../../server/content/records';
import { readAllTranslations, readTranslations, type StoredTranslation } from '../../server/content/translation-store';
import { SEARCH_SOURCES, searchableText, searchSourceOf, type SearchSource } from './search-sources.server';

/**
 * Keeps search_entry (and through it each engine's full-text index) in step with the content: one row per
 * record in English, and one per language it has a translation in. The write path calls
 * refreshSearchEntries after every write, inside the write's transaction, so the index is never behind.
 */
type EntryRow = { type_path: string; record_id: number; lang: string; title: string; body: string };

function entriesOf(source: SearchSource, record: ContentRecord, translations: Record<string, StoredTranslation> | undefined): EntryRow[] {
  const english = (key: string) => searchableText(record.values[key]);
  const rows: EntryRow[] = [
    { type_path: source.def.path, record_id: record.id, lang: 'en', title: source.title(english), body: source.body(english) },
  ];
  // Hindi, when any searched field has a Hindi text. Only Hindi goes in (a field without one stays empty),
  // so that English words find the English entry and every entry's text is in the language it says.
  if (translations && source.translatableKeys.some((key) => translations[key]?.text)) {
    const hindi = (key: string) => (source.translatableKeys.includes(key) ? searchableText(translations[key]?.text) : english(key));
    rows.push({ type_path: source.def.path, record_id: record.id, lang: 'hi', title: source.title(hindi), body: source.body(hindi) });
  }
  return rows;
}

/** Re-reads one record (of any type; types the search does not cover are ignored) and replaces its entries. */
export async function refreshSearchEntries(trx: Db, typePath: string, recordId: number): Promise<void> {
  const source = searchSourceOf(typePath);
  if (!source) return;
  await trx.deleteFrom('search_entry').where('type_path', '=', typePath).where('record_id', '=', recordId).execute();
  const record = await findRecord(source.def, recordId, false, trx);
  if (!record) return;
  const translations = (await readTranslations(trx, typePath, [recordId], 'hi')).get(recordId);
  await trx.insertInto('search_entry').values(entriesOf(source, record, translations)).execute();
}

const BATCH = 200;

/**
 * Builds every entry afresh from the stored content: after bulk loads that bypass the write path (the demo
 * and large seeds). Returns how many entries it wrote.
 */
export async function rebuildSearchIndex(database: Db): Promise<number> {
  let written = 0;
  await database.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_entry').execute();
    for (const source of SEARCH_SOURCES) {
      const records = await listRecords(source.def, {}, trx);
      const translations = await readAllTranslations(trx, source.def.path, 'hi');
      const rows = records.flatMap((record) => entriesOf(source, record, translations.get(record.id)));
      for (let start = 0; start < rows.length; start += BATCH) {
        await trx.insertInto('search_entry').values(rows.slice(start, start + BATCH)).execute();
      }
      written += rows.length;
    }
  });
  return written;
}

// Every audited write of a record rebuilds its entries in the same transaction (types the search does not cover are skipped).
onRecordWrite('search', refreshSearchEntries);
