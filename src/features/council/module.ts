import type { PortalModule } from '../modules';

/**
 * The council's identity (src/server/council): its admin's settings screen and calls, and the first setup of a
 * council started without the demo.
 */
export const COUNCIL_MODULE: PortalModule = {
  name: 'council',
  routes: {
    // What names and describes the council: names, address, contacts, links, logo, colour.
    '/council-settings': { access: ['admin'], query: ['saved', 'lang'], nav: { group: 'settings', label: 'Council Settings' } },
    // The first setup, with the one-time token the start printed (src/server/council/setup.ts); not found once set up.
    '/setup': { access: 'public', query: ['token'], uncached: true },
    '/api/Admin/council': { access: ['admin'] },
    '/api/Admin/council/logo': { access: ['admin'] },
  },
};
