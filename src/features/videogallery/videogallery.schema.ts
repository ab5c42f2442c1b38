import { object } from 'yup';
import { typeBasics, standardMessages, type ContentTypeDef } from '../../lib/content-type';
import { longText, text } from '../shared/schema-helpers';
import { watchUrl, youtubeId } from './youtube';

const BAD_LINK = 'Give a YouTube link (https://www.youtube.com/watch?v=… or https://youtu.be/…).';

/**
 * A video of the council: an uploaded MP4/WebM file or a YouTube link, with an optional poster picture of
 * our own (without one, the page draws a plain card). Sent as a form (with the file) or, for a link, as JSON
 * {title, description, youtubeUrl}. New since the old system: its files are answered as /media/ addresses only.
 */
export const videoGalleryType: ContentTypeDef = {
  ...typeBasics({ path: 'video-gallery', partPrefix: 'VideoGallery', body: 'multipart', name: 'Video', heading: 'Video Gallery' }),
  filesAsUrl: true,
  fields: [
    { key: 'title', part: 'Title', label: 'Title', input: 'text', required: true, listed: true, translatable: true },
    { key: 'description', part: 'Description', label: 'Description', input: 'textarea', listed: true, translatable: true },
    { key: 'youtubeUrl', part: 'YoutubeUrl', label: 'YouTube link', input: 'text', listed: true, hint: 'Leave empty when uploading a video file.',
      example: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
  ],
  files: [
    {
      key: 'videoPath', parts: ['VideoFile'], label: 'Video file', kind: 'video', requiredUnless: 'youtubeUrl',
      requiredMessage: 'Upload an MP4 or WebM video, or give a YouTube link.',
    },
    { key: 'posterPath', parts: ['PosterImage'], label: 'Poster picture', kind: 'image', listed: true },
  ],
  schema: object({
    title: text(300).required('Title is required.'),
    description: longText(),
    // Kept as the video's watch address, whatever spelling of it was given.
    youtubeUrl: text(300)
      .test('youtube', BAD_LINK, (value) => !value || youtubeId(value) !== null)
      .transform((value: unknown) => (typeof value === 'string' && youtubeId(value) ? watchUrl(youtubeId(value)!) : value)),
  }),
  messages: { ...standardMessages({ name: 'Video', noun: 'video', emptyAdmin: 'No video found.' }), itemNoun: 'video' },
  sidebarLabel: 'Video Gallery',
  adminRoute: '/editvideogallery',
  publicRoute: '/videogallery',
  publicPages: { '/videogallery': {} },
  sitemapGroup: 'gallery',
};
