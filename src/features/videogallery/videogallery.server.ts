import { db, type Db } from '../../server/db';
import { listRecords, storedText } from '../../server/content/records';
import { mediaUrl } from '../../server/media';
import type { Lang } from '../../i18n/lang';
import { localizeRecords } from '../translation/localize.server';
import { videoGalleryType } from './videogallery.schema';
import { embedUrl, watchUrl, youtubeId } from './youtube';

export interface VideoItem {
  id: number;
  title: string;
  description: string;
  /** The text is the English, for want of a translation. */
  englishTitle: boolean;
  englishDescription: boolean;
  /** Our own poster picture's address, or null (the page then draws a plain card). */
  poster: string | null;
  /** An uploaded file: its /media/ address and type. A YouTube link: its watch and nocookie player addresses. */
  source: { kind: 'file'; url: string; type: string } | { kind: 'youtube'; watch: string; embed: string };
}

/** The published videos, newest first, in the page's language. An uploaded file wins over a link given too. */
export async function listVideos(lang: Lang = 'en', database: Db = db()): Promise<VideoItem[]> {
  const records = await localizeRecords(videoGalleryType, await listRecords(videoGalleryType, { visibility: 'live' }, database), lang, database);
  const items: VideoItem[] = [];
  for (const record of records) {
    const file = record.media.videoPath;
    const id = youtubeId(storedText(record.values.youtubeUrl));
    const source: VideoItem['source'] | null = file
      ? { kind: 'file', url: mediaUrl(file.sha256, file.contentType), type: file.contentType }
      : id ? { kind: 'youtube', watch: watchUrl(id), embed: embedUrl(id) } : null;
    if (!source) continue;
    const poster = record.media.posterPath;
    items.push({
      id: record.id,
      title: storedText(record.values.title),
      description: storedText(record.values.description),
      englishTitle: record.english.has('title'),
      englishDescription: record.english.has('description'),
      poster: poster ? mediaUrl(poster.sha256, poster.contentType) : null,
      source,
    });
  }
  return items;
}
