import type { PortalModule } from '../modules';
import { WARD_ALERT_JOBS } from './ward-alert-digest.server';

/** Ward alerts: the daily digest to every confirmed subscriber. */
export const WARD_ALERTS_MODULE: PortalModule = {
  name: 'ward-alerts',
  jobs: WARD_ALERT_JOBS,
  routes: {
    // Alerts for a ward (src/features/ward-alerts): the form holds a one-time token and offers SMS to a signed-in
    // citizen; the confirm and stop pages read their link's token; a ward's feed depends on the clock's 30 days.
    '/ward-alerts': { access: 'public', query: ['ward'], uncached: true },
    '/ward-alerts/confirm': { access: 'public', query: ['token'], uncached: true },
    '/ward-alerts/unsubscribe': { access: 'public', query: ['token'], uncached: true },
    '/wards/[ward]/grievances.rss': { access: 'public', uncached: true },
  },
};
