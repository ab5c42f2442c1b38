import type { PortalModule } from '../modules';
import { ROLES } from '../../lib/roles';

/** Signing in and out, and each member of staff's own password and session. */
export const ACCOUNT_MODULE: PortalModule = {
  name: 'account',
  routes: {
    '/login': { access: 'public', query: ['next', 'expired'], uncached: true },
    '/account': { access: ROLES },
    '/api/Account/login': { access: 'public' },
    '/api/Account/logout': { access: 'public' },
    '/api/Account/change-password': { access: ROLES },
    '/api/Account/renew': { access: ROLES },
    '/api/Account/session': { access: ROLES, idleUnchanged: true },
  },
};
