import type { PortalModule } from '../modules';

/** Hindi names of the words staff type in English (departments, tender words, wards). */
export const HINDI_NAMES_MODULE: PortalModule = {
  name: 'hindi-names',
  routes: {
    // Hindi names of the words staff type in English: departments, tender documents and statuses, wards.
    '/hindi-names': { access: ['admin'], query: ['saved'], nav: { group: 'settings', label: 'Hindi Names' } },
  },
};
