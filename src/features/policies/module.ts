import type { PortalModule } from '../modules';

/** The site's policies and help (GIGW): privacy, website policies, help, screen reader access, accessibility. */
export const POLICIES_MODULE: PortalModule = {
  name: 'policies',
  routes: {
    '/privacypolicy': { access: 'public' },
    // About the site itself (GIGW).
    '/website-policies': { access: 'public' },
    '/website-policies/[policy]': { access: 'public' },
    '/help': { access: 'public' },
    '/screen-reader-access': { access: 'public' },
    '/accessibility-statement': { access: 'public' },
  },
};
