import { db, type Db } from '../../server/db';
import { listRecords, storedText } from '../../server/content/records';
import { latestNewsType } from './latestnews.schema';

/** The newest headlines, for the news strip on every page. */
export async function listHeadlines(limit: number, database: Db = db()): Promise<string[]> {
  const records = await listRecords(latestNewsType, { limit, visibility: 'live' }, database);
  return records.map((record) => storedText(record.values.title)).filter((title) => title !== '');
}
