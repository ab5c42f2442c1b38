import type { PortalModule } from '../modules';

/** The feedback form and the admins' inbox of what was sent. */
export const FEEDBACK_MODULE: PortalModule = {
  name: 'feedback',
  routes: {
    '/feedback': { access: 'public', query: ['sent'] },
    '/feedback-inbox': { access: ['admin'], query: ['page'], nav: { group: 'services', label: 'Feedback' } },
  },
};
