import { db, type Db } from '../../server/db';
import { listRecords, storedText, type MediaInfo } from '../../server/content/records';
import { aboutType } from './about.schema';

/** One About entry as the public pages show it. */
export interface AboutEntry {
  id: number;
  name: string;
  description: string;
  photo: MediaInfo | null;
}

/** Shown in the order they were written, so the history comes before the plans. */
export async function listAboutEntries(database: Db = db()): Promise<AboutEntry[]> {
  const records = await listRecords(aboutType, { visibility: 'live' }, database);
  return records.reverse().map((record) => ({
    id: record.id,
    name: storedText(record.values.name),
    description: storedText(record.values.description),
    photo: record.media.photoPath,
  }));
}
