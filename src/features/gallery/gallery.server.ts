import { db, type Db } from '../../server/db';
import { listRecords, storedText, type MediaInfo } from '../../server/content/records';
import { galleryType } from './gallery.schema';
import type { Lang } from '../../i18n/lang';
import { localizeRecords } from '../translation/localize.server';


export interface GalleryPhoto {
  id: number;
  description: string;
  photo: MediaInfo;
  /** The description is the English, for want of a translation. */
  englishDescription: boolean;
}

/** An event: pictures that share a title. */
export interface GalleryEvent {
  title: string;
  /** The title is the English, for want of a translation. */
  englishTitle: boolean;
  photos: GalleryPhoto[];
}

/**
 * Newest first; an event's pictures share a title, and the event appears where its newest picture is.
 * Within an event, pictures in the order they were put up (the story of the day).
 */
export async function listGalleryEvents(lang: Lang = 'en', database: Db = db()): Promise<GalleryEvent[]> {
  const byTitle = new Map<string, GalleryPhoto[]>();
  const englishTitles = new Set<string>();
  for (const record of await localizeRecords(galleryType, await listRecords(galleryType, { visibility: 'live' }, database), lang, database)) {
    const photo = record.media.photoPath;
    if (!photo) continue;
    const title = storedText(record.values.title) || 'Untitled';
    if (record.english.has('title')) englishTitles.add(title);
    byTitle.set(title, [...(byTitle.get(title) ?? []), { id: record.id, description: storedText(record.values.description), photo, englishDescription: record.english.has('description') }]);
  }
  return [...byTitle].map(([title, photos]) => ({ title, englishTitle: englishTitles.has(title), photos: photos.sort((a, b) => a.id - b.id) }));
}
