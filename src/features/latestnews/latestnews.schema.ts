import { object } from 'yup';
import { standardMessages, typeBasics, titleAndDescriptionSearch, PAGED_LIST, type ContentTypeDef } from '../../lib/content-type';
import { longText, text } from '../shared/schema-helpers';

export const latestNewsType: ContentTypeDef = {
  ...typeBasics({ path: 'latest-news', partPrefix: 'LatestNews', body: 'json', name: 'Latest News' }),
  fields: [
    { key: 'title', part: 'title', label: 'Title', input: 'text', required: true, listed: true, translatable: true },
    { key: 'description', part: 'description', label: 'Description', input: 'textarea', required: true, listed: true, translatable: true },
  ],
  files: [],
  schema: object({
    title: text(300).required('Title is required.'),
    description: longText().required('Description is required.'),
  }),
  messages: { ...standardMessages({ name: 'Latest News', noun: 'data', deleteNoun: 'Latest News', emptyAdmin: 'No Data found.' }), itemNoun: 'news item' },
  archive: { slug: 'latestnews', liveHref: '/latestnews', validityDays: 30 },
  search: titleAndDescriptionSearch({ date: { kind: 'posted' }, opens: 'item' }),
  sidebarLabel: 'Latest News',
  adminRoute: '/editlatestnews',
  publicRoute: '/latestnews',
  publicPages: { '/latestnews': PAGED_LIST, '/latestnews/[id]': {} },
  sitemapGroup: 'documents',
  feed: { name: 'latestnews' },
};
