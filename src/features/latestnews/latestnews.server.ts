import { db, type Db } from '../../server/db';
import { listRecords, storedText } from '../../server/content/records';
import { latestNewsType } from './latestnews.schema';
import type { Lang } from '../../i18n/lang';
import { englishFields, localizeRecords } from '../translation/localize.server';


/** The newest headlines, for the news strip on every page; `english` when a Hindi page shows the English. */
export async function listHeadlines(limit: number, lang: Lang = 'en', database: Db = db()): Promise<{ text: string; english: boolean }[]> {
  const records = await localizeRecords(latestNewsType, await listRecords(latestNewsType, { limit, visibility: 'live' }, database), lang, database);
  return records.map((record) => ({ text: storedText(record.values.title), english: englishFields(record).includes('title') })).filter((headline) => headline.text !== '');
}
