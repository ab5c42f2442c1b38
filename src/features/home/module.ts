import type { PortalModule } from '../modules';
import { hasDemoPart } from '../../../db/seed/demo-parts';

/** The site's own pages: the home page, the not-found page, holidays, contact, display settings, stored files and /verify. */
export const HOME_MODULE: PortalModule = {
  name: 'home',
  demo: {
    present: (database) => hasDemoPart(database, 'council'),
    // Loaded only when a start seeds (scripts/bundle-main.mjs builds the demo seed apart).
    seed: async (database) => (await import('../../../db/seed/demo')).seedDemoCouncil(database),
    done: 'Named the demo council.',
  },
  routes: {
    '/': { access: 'public' },
    '/home': { access: 'public' },
    '/404': { access: 'public' },
    '/verify': { access: 'public', query: ['number', 'code'], uncached: true },
    '/verify/[number]': { access: 'public', query: ['code'], uncached: true },
    '/listofholiday': { access: 'public' },
    '/holiday-calendar/[year].svg': { access: 'public' },
    '/contactus': { access: 'public' },
    '/media/[file]': { access: 'public', englishOnly: true, query: ['name'] },
    '/display-settings': { access: 'public', englishOnly: true },
  },
};
