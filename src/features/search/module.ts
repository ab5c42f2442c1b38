import type { PortalModule } from '../modules';

/** The site search and the archive of items past their valid-until. */
export const SEARCH_MODULE: PortalModule = {
  name: 'search',
  routes: {
    '/search': { access: 'public', query: ['q'], uncached: true },
    // Items past their valid-until, per type; searchable by free text, so rendered each time.
    '/archive/[type]': { access: 'public', query: ['q', 'page'], uncached: true },
  },
};
