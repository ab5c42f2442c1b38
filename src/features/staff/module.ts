import type { PortalModule } from '../modules';
import { ROLES } from '../../lib/roles';

/** The back office's landing (the dashboard, every role's) and the admins' screen of staff accounts. */
export const STAFF_MODULE: PortalModule = {
  name: 'staff',
  routes: {
    // Every role's landing: what waits for that role (src/pages/dashboard.astro).
    '/dashboard': { access: ROLES, staffLanding: true, nav: { group: 'home', label: 'Dashboard' } },
    // ?done=&id= say what the last change did, after its post redirected here (src/pages/staff.astro).
    '/staff': { access: ['admin'], query: ['q', 'page', 'done', 'id'], nav: { group: 'settings', label: 'Staff Accounts' } },
  },
};
