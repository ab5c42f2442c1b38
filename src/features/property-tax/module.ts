import type { PortalModule } from '../modules';
import { hasDemoPart } from '../../../db/seed/demo-parts';
import { rolesIn } from '../../lib/roles';
import { propertyTaxPayable } from './property-tax.server';

/** Property tax: a property's demand is paid online or at the counter. */
export const PROPERTY_TAX_MODULE: PortalModule = {
  name: 'property-tax',
  payables: [propertyTaxPayable],
  demo: {
    present: (database) => hasDemoPart(database, 'propertyTax'),
    // Loaded only when a start seeds (scripts/bundle-main.mjs builds the demo seed apart).
    seed: async (database) => (await import('../../../db/seed/demo')).seedPropertyTaxDemo(database),
    done: 'Filled the property tax register with a demo ward.',
  },
  routes: {
    // Property tax: a demand is found by number and mobile, posted (never in a URL), and the answer to a post is
    // never cached. The empty form is the same for everyone and is cached, as it is what a crowd opens in the
    // last days before the rebate ends; ?txn= is the payer's own transaction, which the page keeps uncached.
    '/paypropertytax': { access: 'public', query: ['txn', 'number'] },
    '/viewpropertytax': { access: 'public', query: ['number'] },
    '/counter': { access: rolesIn('counter'), query: ['number', 'done'], nav: { group: 'revenue', label: 'Tax Counter' } },
    // The tax reports and notices: the counter answers a payer's "what do I owe" and the collection staff chase
    // arrears, so cashiers read them as admins do; nothing here changes anything.
    '/tax-collection': { access: rolesIn('counter'), query: ['date', 'period', 'lang', 'format'], nav: { group: 'revenue', label: 'Collection vs Demand' } },
    '/tax-defaulters': { access: rolesIn('counter'), query: ['ward', 'lang', 'format'], nav: { group: 'revenue', label: 'Tax Defaulters' } },
    '/demand-notice': { access: rolesIn('counter'), query: ['number', 'ward', 'lang'], nav: { group: 'revenue', label: 'Demand Notices' } },
    '/property-register': { access: ['admin'], query: ['imported', 'q', 'page', 'edit'], nav: { group: 'revenue', label: 'Property Tax' } },
    '/property-ledger/[number]': { access: rolesIn('counter') },
    '/property-tax-settings': { access: ['admin'], query: ['saved', 'lang'], nav: { group: 'settings', label: 'Property Tax Settings' } },
    '/api/Public/property-tax/[number]': { access: 'public', query: ['mobile'], uncached: true },
  },
};
