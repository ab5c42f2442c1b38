import { object } from 'yup';
import { standardMessages, typeBasics, type ContentTypeDef } from '../../lib/content-type';
import { longText, text } from '../shared/schema-helpers';

export const aboutType: ContentTypeDef = {
  ...typeBasics({ path: 'about', partPrefix: 'About', body: 'multipart', name: 'About', heading: 'About Us' }),
  fields: [
    { key: 'name', part: 'Name', label: 'Name', input: 'text', required: true, listed: true, translatable: true },
    { key: 'description', part: 'Description', label: 'Description', input: 'textarea', listed: true, translatable: true },
  ],
  files: [{ key: 'photoPath', parts: ['AboutImage'], base64Parts: ['About.PhotoPath'], label: 'Photo', kind: 'image', listed: true }],
  schema: object({
    name: text(200).required('Name is a required field!'),
    description: longText(10000),
  }),
  messages: { ...standardMessages({ name: 'About', noun: 'about', emptyAdmin: 'No about entries found.' }), itemNoun: 'about entry' },
  sidebarLabel: 'About',
  adminRoute: '/editabout',
  publicRoute: '/about',
  publicPages: { '/about': {} },
  sitemapGroup: 'about',
};
