import type { PortalModule } from '../modules';

/** The site's own pages: the home page, the not-found page, holidays, contact, display settings, stored files and /verify. */
export const HOME_MODULE: PortalModule = {
  name: 'home',
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
