import type { PortalModule } from '../modules';

/** The RSS feeds of the content types. */
export const FEEDS_MODULE: PortalModule = {
  name: 'feeds',
  routes: {
    '/feeds/[feed].xml': { access: 'public' },
  },
};
