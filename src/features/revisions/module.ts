import type { PortalModule } from '../modules';
import { rolesIn } from '../../lib/roles';

/** A content item's revisions: reading and comparing them, and an admin's restore. */
export const REVISIONS_MODULE: PortalModule = {
  name: 'revisions',
  routes: {
    // An item's revisions: ?from=&to= pick the two compared.
    '/history/[type]/[id]': { access: rolesIn('content'), query: ['from', 'to'] },
    '/api/Admin/[type]/[id]/revisions': { access: rolesIn('content') },
    '/api/Admin/[type]/[id]/revisions/[n]': { access: rolesIn('content'), query: ['against'] },
    '/api/Admin/[type]/[id]/revisions/[n]/restore': { access: ['admin'] },
  },
};
