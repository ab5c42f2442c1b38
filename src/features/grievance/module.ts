import type { PortalModule } from '../modules';
import { OPEN311_VOICE } from './open311-voice';
import { rolesIn } from '../../lib/roles';
import { GRIEVANCE } from './grievance.service';

/** Grievances: lodging, tracking, the desk's screens, the performance report, settings and Open311. */
export const GRIEVANCE_MODULE: PortalModule = {
  name: 'grievance',
  services: [GRIEVANCE],
  protocolVoices: [OPEN311_VOICE],
  routes: {
    // Grievances. Pages showing due dates and overdue badges depend on the clock: uncached until
    // the page cache can expire a page at a moment.
    '/viewgrievance': { access: 'public', query: ['status', 'page'], uncached: true },
    // Cached like any page: its form's token is shared by the visitors of a cached copy (form-submission.ts).
    '/postgrievance': { access: 'public', query: ['lodged'] },
    '/trackgrievance': { access: 'public', query: ['number'], uncached: true },
    // Open311 GeoReport v2: one route answers every address under /open311/ (src/features/grievance/open311.server.ts).
    '/open311/[...path]': { access: 'public', englishOnly: true, query: ['service_request_id', 'service_code', 'status', 'start_date', 'end_date', 'jurisdiction_id'], uncached: true },
    // The grievance desk's old addresses: they lead to the inbox and the case page.
    '/grievances': { access: rolesIn('grievance'), query: ['q', 'sort', 'state', 'ward', 'category', 'officer', 'overdue', 'page'] },
    '/grievances/[number]': { access: rolesIn('grievance'), query: ['done'] },
    // The grievance's redaction panel on the case page posts here.
    '/grievances/[number]/redact': { access: rolesIn('desk') },
    '/inquiry': { access: rolesIn('desk'), nav: { group: 'services', label: 'Add/View Grievance' } },
    // The desk's old landing: it leads to the one dashboard.
    '/userdashboard': { access: rolesIn('desk') },
    // Public, but listed here for its place among the desk's entries.
    '/grievance-performance': { access: 'public', uncached: true, nav: { group: 'services', label: 'Grievance Performance', shownTo: rolesIn('grievance') } },
    '/grievance-settings': { access: ['admin'], query: ['saved'], nav: { group: 'settings', label: 'Grievance Settings' } },
    '/api/Grievance/inbox': { access: rolesIn('grievance'), query: ['q', 'sort', 'state', 'ward', 'category', 'officer', 'overdue', 'page'] },
    '/api/Grievance/[number]': { access: rolesIn('grievance') },
    '/api/Grievance/[number]/[action]': { access: rolesIn('grievance') },
    // Open grievances like the one about to be lodged (src/features/grievance/similar-grievances.server.ts).
    '/api/Public/grievances/similar': { access: 'public', query: ['category', 'lat', 'long', 'ward', 'landmark'], uncached: true },
  },
};
