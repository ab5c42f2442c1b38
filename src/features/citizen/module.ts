import type { PortalModule } from '../modules';

/** A citizen's own place, signed in with their mobile: their cases and their steps. */
export const CITIZEN_MODULE: PortalModule = {
  name: 'citizen',
  routes: {
    // A citizen's own place, signed in with their mobile. Signing in and out is open to anyone; what a
    // signed-in citizen sees is theirs alone, so never cached (page-cache.ts knows their cookie too). The sign-in
    // form is everyone's, and cached, except for a visitor between its two steps (their mobile, in a cookie).
    '/my/signin': { access: 'public', query: ['step', 'next', 'out'] },
    '/my/signout': { access: 'public', uncached: true },
    '/my': { access: 'citizen' },
    '/my/cases/[number]': { access: 'citizen', query: ['done'] },
    '/api/Citizen/signin': { access: 'public' },
    '/api/Citizen/verify': { access: 'public' },
    '/api/Citizen/signout': { access: 'public' },
    '/api/Citizen/cases': { access: 'citizen' },
    '/api/Citizen/cases/[number]': { access: 'citizen' },
    '/api/Citizen/cases/[number]/[action]': { access: 'citizen' },
  },
};
