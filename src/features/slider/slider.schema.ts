import { object } from 'yup';
import { standardMessages, type ContentTypeDef } from '../shared/content-type';

export const sliderType: ContentTypeDef = {
  path: 'slider',
  partPrefix: 'Slider',
  body: 'multipart',
  createdKey: 'createdDate',
  heading: 'Slider',
  createButton: 'Create New Slider',
  formTitle: { create: 'Create New Slider', edit: 'Edit Slider' },
  submitLabel: { create: 'Create Slider', edit: 'Update Slider' },
  fields: [],
  // A slide is its picture: creating one without it would only show an empty frame on the home page.
  files: [
    {
      key: 'sliderPath', parts: ['SliderImage'], base64Parts: ['Slider.SliderPath'], label: 'Photo', kind: 'image', listed: true,
      required: 'create', requiredMessage: 'Slider image is required!',
    },
  ],
  schema: object({}),
  messages: standardMessages({ name: 'Slider', noun: 'slider', emptyAdmin: 'No slider found.' }),
  adminRoute: '/slider',
  publicRoute: '/',
};
