import type { PortalModule } from '../modules';

/** The log of messages to citizens and staff (the outbox), for admins. */
export const NOTIFICATIONS_MODULE: PortalModule = {
  name: 'notifications',
  routes: {
    '/notifications': { access: ['admin'], query: ['page', 'status'], nav: { group: 'services', label: 'Notifications' } },
  },
};
