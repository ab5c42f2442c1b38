import { db, type Db } from '../../server/db';
import { listRecords, storedDate, storedText, type MediaInfo } from '../../server/content/records';
import { pressReleaseType } from './pressrelease.schema';
import type { Lang } from '../../i18n/lang';
import type { FeedItem } from '../../lib/feed-item';
import { englishFields, localizeRecords } from '../translation/localize.server';


export interface PressRelease {
  id: number;
  title: string;
  description: string;
  newspaper: string;
  pageNo: string;
  releaseDate: string | null;
  photo: MediaInfo | null;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

export async function listPressReleases(lang: Lang = 'en', database: Db = db()): Promise<PressRelease[]> {
  const records = await localizeRecords(pressReleaseType, await listRecords(pressReleaseType, { visibility: 'live' }, database), lang, database);
  return records.map((record) => ({
    id: record.id,
    title: storedText(record.values.title),
    description: storedText(record.values.description),
    newspaper: storedText(record.values.releaseNewsPaperName),
    pageNo: storedText(record.values.releasesPageNo),
    releaseDate: storedDate(record.values.releaseDate),
    photo: record.media.photoPath,
    english: englishFields(record),
  }));
}

/** The press releases' feed: each release with the newspaper that carried it, at its card on the one list. */
export async function pressReleaseFeedItems(lang: Lang, limit: number): Promise<FeedItem[]> {
  return (await listPressReleases(lang)).slice(0, limit).map((release) => ({
    title: release.title,
    description: release.newspaper ? `${release.description} (${release.newspaper})` : release.description,
    // Press releases have no page of their own: each is a card on the one list, with an anchor.
    path: `/pressrelease#release-${release.id}`,
    date: release.releaseDate,
    guid: `pressrelease-${release.id}`,
  }));
}
