import { contentStorage } from '../../server/content/storage';
import { galleryType } from './gallery.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const galleryStorage = contentStorage(galleryType, {
  table: 'gallery',
  columns: { title: 'title', description: 'description' },
  files: { photoPath: 'photo_media_id' },
  orderBy: 'created_date',
});
