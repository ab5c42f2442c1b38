import type { PortalModule } from '../modules';

/** The sitemap, for people and for search engines. */
export const SITEMAP_MODULE: PortalModule = {
  name: 'sitemap',
  routes: {
    '/sitemap': { access: 'public' },
    '/sitemap.xml': { access: 'public', englishOnly: true },
  },
};
