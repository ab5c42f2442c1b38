import type { PortalModule } from '../modules';

/** The audit log of every change, for admins. */
export const AUDIT_MODULE: PortalModule = {
  name: 'audit',
  routes: {
    '/audit': { access: ['admin'], query: ['page', 'entity', 'person', 'from', 'to'], nav: { group: 'settings', label: 'Audit Log' } },
    '/api/Admin/audit': { access: ['admin'], query: ['entity', 'page', 'pageSize', 'person', 'from', 'to'] },
  },
};
