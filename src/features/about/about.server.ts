import { db, type Db } from '../../server/db';
import { listRecords, storedText, type MediaInfo } from '../../server/content/records';
import { aboutType } from './about.schema';
import type { Lang } from '../../i18n/lang';
import { englishFields, localizeRecords } from '../translation/localize.server';


/** One About entry as the public pages show it. */
export interface AboutEntry {
  id: number;
  name: string;
  description: string;
  photo: MediaInfo | null;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

/** Shown in the order they were written, so the history comes before the plans. */
export async function listAboutEntries(lang: Lang = 'en', database: Db = db()): Promise<AboutEntry[]> {
  const records = await localizeRecords(aboutType, await listRecords(aboutType, { visibility: 'live' }, database), lang, database);
  return records.reverse().map((record) => ({
    id: record.id,
    name: storedText(record.values.name),
    description: storedText(record.values.description),
    photo: record.media.photoPath,
    english: englishFields(record),
  }));
}
