import type { PortalModule } from '../modules';
import { rolesIn } from '../../lib/roles';

/**
 * The complaint desk's old API (docs/legacy-contract.md §4.2, §4.5): complaints, their counts and the desk's lookups.
 */
export const COMPLAINT_MODULE: PortalModule = {
  name: 'complaint',
  routes: {
    '/api/Public/complaint': { access: 'public', query: ['statusFilter', 'page', 'pageSize'] },
    '/api/Public/complaint-count': { access: 'public', query: ['statusFilter'] },
    '/api/Admin/complaint-count': { access: ['admin'], query: ['statusFilter'] },
    '/api/User/add-complaint': { access: rolesIn('desk') },
    '/api/User/complaint': { access: rolesIn('desk'), query: ['statusFilter', 'page', 'pageSize'] },
    '/api/User/complaint/[id]': { access: rolesIn('desk'), query: ['media'] },
    '/api/User/complaint-count': { access: rolesIn('desk'), query: ['statusFilter'] },
    '/api/User/district': { access: rolesIn('desk') },
    '/api/User/grievance': { access: rolesIn('desk') },
    '/api/User/ulb': { access: rolesIn('desk') },
    '/api/User/ward': { access: rolesIn('desk') },
  },
};
