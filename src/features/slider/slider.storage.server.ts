import { contentStorage } from '../../server/content/storage';
import { sliderType } from './slider.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const sliderStorage = contentStorage(sliderType, {
  table: 'slider',
  columns: { caption: 'caption', pictureDescription: 'picture_description' },
  files: { sliderPath: 'photo_media_id' },
  orderBy: 'id',
});
