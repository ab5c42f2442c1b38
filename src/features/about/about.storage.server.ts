import { contentStorage } from '../../server/content/storage';
import { aboutType } from './about.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const aboutStorage = contentStorage(aboutType, {
  table: 'about',
  columns: { name: 'name', description: 'description' },
  files: { photoPath: 'photo_media_id' },
  orderBy: 'id',
});
