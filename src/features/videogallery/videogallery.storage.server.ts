import { contentStorage } from '../../server/content/storage';
import { videoGalleryType } from './videogallery.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const videoGalleryStorage = contentStorage(videoGalleryType, {
  table: 'video_gallery',
  columns: { title: 'title', description: 'description', youtubeUrl: 'youtube_url' },
  files: { videoPath: 'video_media_id', posterPath: 'poster_media_id' },
  orderBy: 'created_date',
});
