import type { PortalModule } from '../modules';
import { hasDemoPart } from '../../../db/seed/demo-parts';

/** Ward boundaries: their upload, open data and the ward of a point. */
export const WARDS_MODULE: PortalModule = {
  name: 'wards',
  demo: {
    present: (database) => hasDemoPart(database, 'wardBoundaries'),
    // Loaded only when a start seeds (scripts/bundle-main.mjs builds the demo seed apart).
    seed: async (database) => (await import('../../../db/seed/demo')).seedWardBoundariesDemo(database),
    done: 'Drew demo boundaries for the 25 wards.',
  },
  routes: {
    // Ward boundaries: what is in use, and the upload of a new file (src/features/wards); in Hindi too.
    '/ward-boundaries': { access: ['admin'], staffHindi: true, query: ['saved'], nav: { group: 'settings', label: 'Ward Boundaries' } },
    // Ward boundaries (src/features/wards): open data, and the ward of a point.
    '/api/Public/wards.geojson': { access: 'public', uncached: true },
    '/api/Public/wards/at': { access: 'public', query: ['lat', 'long'], uncached: true },
    '/api/Admin/ward-boundaries': { access: ['admin'] },
  },
};
