import type { PortalModule } from '../modules';
import { hasDemoPart } from '../../../db/seed/demo-parts';
import type { RouteDeclaration } from '../../server/route-table';
import { CONNECTION_SERIES, METER_SERIES, WORK_ORDER_SERIES, connectionFeePayable, waterChargesPayable } from './connections.server';
import { WATER_JOBS } from './bills.server';
import { METER_READERS } from './roles';
import { WATER } from './water.service';

/** Who takes money at the counter, and who runs a quarter's billing. */
const COUNTER = ['admin', 'cashier'] as const;
const ADMIN = ['admin'] as const;
/** The counter clerk and the reviewers, who work on applications as staff. */
const CASE_STAFF = ['admin', 'user', 'verifier', 'inspector', 'approver'] as const;

/** Piped water: its routes, the two things citizens pay for (the connection, the quarterly charges), and the billing job. */
const ROUTES: Record<string, RouteDeclaration> = {
  // The application form, with its fee for the type and pipe chosen (src/pages/water/index.astro).
  '/water': { access: 'public', query: ['applied', 'type', 'pipe'], uncached: true },
  // An application by number and mobile: its stage, the reason it was returned, the fee to pay.
  '/water/track': { access: 'public', query: ['number', 'txn'], uncached: true },
  // A connection by number and mobile: its bills, arrears and payments, and paying them.
  '/water/connection': { access: 'public', query: ['number', 'txn'], uncached: true },
  // The meter reader's phone screen: a connection's number, the reading and a photo of the meter.
  '/water/readings': { access: METER_READERS, query: ['saved', 'number'], staffHindi: true, nav: { group: 'services', label: 'Meter Readings' } },
  '/api/Public/water/fee': { access: 'public', query: ['type', 'pipe'], uncached: true },
  '/api/Public/water/applications': { access: 'public', uncached: true },
  '/api/Public/water/connections/[number]': { access: 'public', query: ['mobile'], uncached: true },
  '/api/Public/water/payments': { access: 'public', uncached: true },
  '/api/Staff/water/readings': { access: METER_READERS },
  '/api/Staff/water/bills': { access: ADMIN },
  '/api/Staff/water/counter': { access: COUNTER },
  '/api/Staff/water/applications': { access: CASE_STAFF },
  '/api/Citizen/water/[number]/[action]': { access: 'citizen' },
};

export const WATER_MODULE: PortalModule = {
  name: 'water',
  services: [WATER],
  series: [CONNECTION_SERIES, WORK_ORDER_SERIES, METER_SERIES],
  payables: [connectionFeePayable, waterChargesPayable],
  jobs: WATER_JOBS,
  demo: {
    present: (database) => hasDemoPart(database, 'water'),
    // Loaded only when a start seeds (scripts/bundle-main.mjs builds the demo seed apart).
    seed: async (database) => (await import('../../../db/seed/demo')).seedWaterDemo(database),
    done: 'Laid demo water connections in ward 05, billed for two quarters.',
  },
  routes: ROUTES,
};
