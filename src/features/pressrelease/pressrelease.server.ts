import { db, type Db } from '../../server/db';
import { listRecords, storedDate, storedText, type MediaInfo } from '../../server/content/records';
import { pressReleaseType } from './pressrelease.schema';

export interface PressRelease {
  id: number;
  title: string;
  description: string;
  newspaper: string;
  pageNo: string;
  releaseDate: string | null;
  photo: MediaInfo | null;
}

export async function listPressReleases(database: Db = db()): Promise<PressRelease[]> {
  const records = await listRecords(pressReleaseType, { visibility: 'live' }, database);
  return records.map((record) => ({
    id: record.id,
    title: storedText(record.values.title),
    description: storedText(record.values.description),
    newspaper: storedText(record.values.releaseNewsPaperName),
    pageNo: storedText(record.values.releasesPageNo),
    releaseDate: storedDate(record.values.releaseDate),
    photo: record.media.photoPath,
  }));
}
