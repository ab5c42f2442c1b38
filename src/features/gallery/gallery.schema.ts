import { object } from 'yup';
import { standardMessages, typeBasics, type ContentTypeDef } from '../../lib/content-type';
import { longText, text } from '../shared/schema-helpers';

export const galleryType: ContentTypeDef = {
  ...typeBasics({ path: 'gallery', partPrefix: 'Gallery', body: 'multipart', name: 'Gallery' }),
  fields: [
    { key: 'title', part: 'Title', label: 'Title', input: 'text', required: true, listed: true, translatable: true },
    { key: 'description', part: 'Description', label: 'Description', input: 'textarea', required: true, listed: true, translatable: true },
  ],
  files: [
    { key: 'photoPath', parts: ['GalleryImage'], base64Parts: ['Gallery.PhotoPath'], label: 'Photo', kind: 'image', listed: true },
  ],
  schema: object({
    title: text(300).required('Title is required.'),
    description: longText().required('Description is required.'),
  }),
  messages: { ...standardMessages({ name: 'Gallery', noun: 'Gallery', emptyAdmin: 'No gallery found.' }), itemNoun: 'gallery picture' },
  sidebarLabel: 'Gallery',
  adminRoute: '/editgallery',
  publicRoute: '/photogallery',
  publicPages: { '/photogallery': {} },
  sitemapGroup: 'gallery',
};
