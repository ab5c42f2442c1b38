import { object } from 'yup';
import { standardMessages, typeBasics, type ContentTypeDef } from '../../lib/content-type';
import { text } from '../shared/schema-helpers';

export const sliderType: ContentTypeDef = {
  ...typeBasics({ path: 'slider', partPrefix: 'Slider', body: 'multipart', name: 'Slider' }),
  // Words belong beside the picture, not painted into it: painted text is cut off on narrow screens and
  // unreadable to screen readers. Both are optional, so old clients that send only the picture still work.
  fields: [
    { key: 'caption', part: 'Caption', label: 'Caption (shown with the picture)', input: 'text', listed: true, translatable: true },
    { key: 'pictureDescription', part: 'PictureDescription', label: 'What the picture shows (for screen readers)', input: 'text', translatable: true },
  ],
  // A slide is its picture: creating one without it would only show an empty frame on the home page.
  files: [
    {
      key: 'sliderPath', parts: ['SliderImage'], base64Parts: ['Slider.SliderPath'], label: 'Photo', kind: 'image', listed: true,
      required: 'create', requiredMessage: 'Slider image is required!',
    },
  ],
  schema: object({
    caption: text(160),
    pictureDescription: text(300),
  }),
  messages: { ...standardMessages({ name: 'Slider', noun: 'slider', emptyAdmin: 'No slider found.' }), itemNoun: 'slide' },
  sidebarLabel: 'Slider',
  adminRoute: '/slider',
  publicRoute: '/',
  // Shown on the home page, which is not the slider's own.
  publicPages: {},
};
