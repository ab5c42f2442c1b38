import type { PortalModule } from '../modules';

/** The Hindi translations of content items, and which are missing or out of date. */
export const TRANSLATION_MODULE: PortalModule = {
  name: 'translation',
  routes: {
    '/translations': { access: ['admin'], query: ['type', 'status'], nav: { group: 'content', label: 'Translations' } },
  },
};
