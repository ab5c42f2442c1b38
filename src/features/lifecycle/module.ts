import type { PortalModule } from '../modules';
import { rolesIn } from '../../lib/roles';

/** Content's life: the review queue and the state changes of an item (draft, review, published). */
export const LIFECYCLE_MODULE: PortalModule = {
  name: 'lifecycle',
  routes: {
    '/review-queue': { access: rolesIn('content'), nav: { group: 'content', label: 'Review Queue' } },
    '/api/Admin/[type]/[id]/state': { access: rolesIn('content') },
  },
};
