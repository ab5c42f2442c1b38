import type { PortalModule } from '../modules';
import { hasDemoPart } from '../../../db/seed/demo-parts';
import { rolesIn } from '../../lib/roles';
import { licenceVerifiable } from './licence-verifiable.server';
import { LICENCE_SERIES, TRADE_LICENCE_JOBS } from './licence.server';
import { TRADE_LICENCE } from './trade-licence.service';

/**
 * The trade licence: its licences are numbered in their own series, verified by number and reminded of before
 * they end. Its fee is the service's declaration (payments make it payable) and its expiry the service's timed
 * step (the kernel's job).
 */
export const TRADE_LICENCE_MODULE: PortalModule = {
  name: 'trade-licence',
  services: [TRADE_LICENCE],
  series: [LICENCE_SERIES],
  verifiables: [licenceVerifiable],
  jobs: TRADE_LICENCE_JOBS,
  demo: {
    present: (database) => hasDemoPart(database, 'tradeLicence'),
    // Loaded only when a start seeds (scripts/bundle-main.mjs builds the demo seed apart).
    seed: async (database) => (await import('../../../db/seed/demo')).seedTradeLicenceDemo(database),
    done: 'Added demo trade licence applications in every state.',
  },
  routes: {
    // Trade licences: the form (cached, its token shared as on every form page) shows a fee worked out from the
    // query; tracking and paying are each the applicant's own. The certificate is made once for each state of
    // its licence and kept (src/features/trade-licence/certificate-store.server.ts), not in the page cache.
    '/tradelicense': { access: 'public', query: ['applied', 'tradeType', 'structure', 'kind', 'area', 'employees', 'financialYear'] },
    '/tradelicense/register': { access: 'public', query: ['q', 'ward', 'page'], uncached: true },
    '/tradelicense/track': { access: 'public', query: ['txn', 'number'], uncached: true },
    '/tradelicense/certificate/[file]': { access: 'public', englishOnly: true, uncached: true },
    // The trade licence's fee table and document checklists (src/features/trade-licence/settings.server.ts).
    '/trade-licence-settings': { access: ['admin'], query: ['saved', 'removed', 'gone', 'edit', 'lang'], nav: { group: 'settings', label: 'Trade Licence Settings' } },
    // A trade licence application's documents: the verifier's accept or refuse, one document at a time.
    '/api/Staff/trade-licence/[number]/documents': { access: rolesIn('licence') },
    // The counter clerk's (or an admin's) upload of an applicant's replacement documents, which resubmits.
    '/api/Staff/trade-licence/[number]/replacements': { access: rolesIn('desk') },
    '/api/Public/trade-licence/fee': { access: 'public', query: ['tradeType', 'structure', 'kind', 'area', 'employees', 'financialYear'], uncached: true },
    '/api/Public/trade-licence/applications': { access: 'public', uncached: true },
    '/api/Public/trade-licence/verify/[number]': { access: 'public', uncached: true },
    // The licence register's public part as open data (src/features/trade-licence/register.server.ts).
    '/api/Public/trade-licence/register.json': { access: 'public', query: ['q', 'ward'], uncached: true },
    '/api/Public/trade-licence/register.csv': { access: 'public', query: ['q', 'ward'], uncached: true },
    // The trade licence's fee table and document checklists as JSON (fee-rates, document-rules).
    '/api/Admin/trade-licence/[table]': { access: ['admin'] },
    '/api/Admin/trade-licence/[table]/[id]': { access: ['admin'] },
  },
};
