import type { PortalModule } from '../modules';

/** The site-wide alerts an admin puts above every page. */
export const ALERTS_MODULE: PortalModule = {
  name: 'alerts',
  routes: {
    '/alerts': { access: ['admin'], nav: { group: 'content', label: 'Alerts' } },
    '/api/Admin/alerts': { access: ['admin'] },
    '/api/Admin/alerts/[id]': { access: ['admin'] },
  },
};
