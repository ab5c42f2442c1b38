import { db, type Db } from '../../server/db';
import { listRecords, storedText, type MediaInfo } from '../../server/content/records';
import { galleryType } from './gallery.schema';

export interface GalleryPhoto {
  id: number;
  description: string;
  photo: MediaInfo;
}

/** An event: pictures that share a title. */
export interface GalleryEvent {
  title: string;
  photos: GalleryPhoto[];
}

/**
 * Newest first; an event's pictures share a title, and the event appears where its newest picture is.
 * Within an event, pictures in the order they were put up (the story of the day).
 */
export async function listGalleryEvents(database: Db = db()): Promise<GalleryEvent[]> {
  const byTitle = new Map<string, GalleryPhoto[]>();
  for (const record of await listRecords(galleryType, { visibility: 'live' }, database)) {
    const photo = record.media.photoPath;
    if (!photo) continue;
    const title = storedText(record.values.title) || 'Untitled';
    byTitle.set(title, [...(byTitle.get(title) ?? []), { id: record.id, description: storedText(record.values.description), photo }]);
  }
  return [...byTitle].map(([title, photos]) => ({ title, photos: photos.sort((a, b) => a.id - b.id) }));
}
