/**
 * The composition list: every module of the portal, named once. The entries install it before serving
 * (src/middleware.ts for Astro's pages, src/entry-registrations.ts for the Node entry), and what the features
 * need from each other is derived from it: the payables the payments feature settles, the numbers /verify
 * answers for, and the jobs the runner runs. A new module is added here and nowhere else.
 */
import { installModules, type PortalModule } from './features/modules';
import { CASES_MODULE } from './features/cases/module';
import { PAYMENTS_MODULE } from './features/payments/module';
import { PROPERTY_TAX_MODULE } from './features/property-tax/module';
import { TRADE_LICENCE_MODULE } from './features/trade-licence/module';
import { WARD_ALERTS_MODULE } from './features/ward-alerts/module';
import { WATER_MODULE } from './features/water/module';
import { outboxSweepJob } from './server/outbox/sweep-job';
import type { JobDefinition } from './server/jobs';

export const MODULES: readonly PortalModule[] = [CASES_MODULE, PAYMENTS_MODULE, PROPERTY_TAX_MODULE, TRADE_LICENCE_MODULE, WARD_ALERTS_MODULE, WATER_MODULE];

/** Every job the server runs: the server's own outbox sweep, then each module's. */
export const JOBS: readonly JobDefinition[] = [outboxSweepJob, ...MODULES.flatMap((m) => m.jobs ?? [])];

/** Installs the list for this process (each entry calls it once; calling it again changes nothing). */
export function installPortalModules(): void {
  installModules(MODULES);
}
