import { object } from 'yup';
import { standardMessages, typeBasics, titleAndDescriptionSearch, type ContentTypeDef } from '../../lib/content-type';
import { dateText, longText, text } from '../shared/schema-helpers';

export const pressReleaseType: ContentTypeDef = {
  ...typeBasics({ path: 'press-release', partPrefix: 'PressRelease', body: 'multipart', name: 'Press Release' }),
  fields: [
    { key: 'title', part: 'Title', label: 'Title', input: 'text', required: true, listed: true, translatable: true },
    { key: 'description', part: 'Description', label: 'Description', input: 'textarea', required: true, listed: true, translatable: true },
    { key: 'releaseNewsPaperName', part: 'ReleaseNewsPaperName', label: 'Release News Paper Name', input: 'text', required: true, listed: true },
    { key: 'releasesPageNo', part: 'ReleasesPageNo', label: 'Releases Page No', input: 'text', required: true, listed: true },
    { key: 'releaseDate', part: 'ReleaseDate', label: 'Release Date', input: 'date', listed: true },
  ],
  files: [{ key: 'photoPath', parts: ['PressReleaseImage'], base64Parts: ['PressRelease.PhotoPath'], label: 'Photo', kind: 'image', listed: true }],
  schema: object({
    title: text(300).required('Title is required!'),
    description: longText().required('Description is required!'),
    releaseNewsPaperName: text(200).required('Release News Paper Name is required!'),
    releasesPageNo: text(50).required('Releases Page No is required!'),
    releaseDate: dateText(),
  }),
  messages: standardMessages({ name: 'PressRelease', noun: 'PressRelease', emptyAdmin: 'No press release found.' }),
  search: titleAndDescriptionSearch({ date: { field: 'releaseDate', kind: 'released' }, opens: 'list' }),
  sidebarLabel: 'Press Release',
  adminRoute: '/editpressrelease',
  publicRoute: '/pressrelease',
  publicPages: { '/pressrelease': {} },
  sitemapGroup: 'gallery',
  feed: { name: 'pressrelease' },
};
