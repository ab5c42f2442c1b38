/**
 * The composition list: every module of the portal, named once. The entries install it before serving
 * (src/middleware.ts for Astro's pages, src/entry-registrations.ts for the Node entry), and what the features
 * and the server need from each other is derived from it: the route table (every module's routes, in this
 * order, which is also the order of the sidebar's entries within an area), the protocols' voices, the demo's
 * parts, the payables the payments feature settles, the numbers /verify answers for, and the jobs the runner
 * runs. A new module is added here and
 * nowhere else.
 */
import { installModules, type PortalModule } from './features/modules';
import { ACCOUNT_MODULE } from './features/account/module';
import { ALERTS_MODULE } from './features/alerts/module';
import { AUDIT_MODULE } from './features/audit/module';
import { CASES_MODULE } from './features/cases/module';
import { CITIZEN_MODULE } from './features/citizen/module';
import { COMPLAINT_MODULE } from './features/complaint/module';
import { COUNCIL_MODULE } from './features/council/module';
import { CONTENT_MODULE } from './features/content-routes';
import { FEEDBACK_MODULE } from './features/feedback/module';
import { FEEDS_MODULE } from './features/feeds/module';
import { GRIEVANCE_MODULE } from './features/grievance/module';
import { HINDI_NAMES_MODULE } from './features/hindi-names/module';
import { HOME_MODULE } from './features/home/module';
import { LIFECYCLE_MODULE } from './features/lifecycle/module';
import { NOTIFICATIONS_MODULE } from './features/notifications/module';
import { PAYMENTS_MODULE } from './features/payments/module';
import { POLICIES_MODULE } from './features/policies/module';
import { PROPERTY_TAX_MODULE } from './features/property-tax/module';
import { REVISIONS_MODULE } from './features/revisions/module';
import { SEARCH_MODULE } from './features/search/module';
import { SITEMAP_MODULE } from './features/sitemap/module';
import { STAFF_MODULE } from './features/staff/module';
import { STATE_MODULE } from './features/state/module';
import { readCouncilHealth } from './features/state/health.server';
import { TRADE_LICENCE_MODULE } from './features/trade-licence/module';
import { TRANSLATION_MODULE } from './features/translation/module';
import { WARD_ALERTS_MODULE } from './features/ward-alerts/module';
import { WARDS_MODULE } from './features/wards/module';
import { WATER_MODULE } from './features/water/module';
import { STALL_PERMIT_MODULE } from './features/stall-permit/module';
import { readConfig } from './server/config';
import { outboxSweepJob } from './server/outbox/sweep-job';
import type { JobDefinition } from './server/jobs';
import { installRoutes, type RouteDeclaration } from './server/route-table';
import { installProtocolVoices } from './server/protocol-voices';
import { installDemoParts } from './server/bootstrap';
import { installCouncilHealthReader } from './server/councils/health';

export const MODULES: readonly PortalModule[] = [
  HOME_MODULE, POLICIES_MODULE, SEARCH_MODULE, SITEMAP_MODULE, FEEDS_MODULE, ACCOUNT_MODULE, COUNCIL_MODULE, STAFF_MODULE,
  CONTENT_MODULE, LIFECYCLE_MODULE, ALERTS_MODULE, TRANSLATION_MODULE, REVISIONS_MODULE,
  CASES_MODULE, CITIZEN_MODULE, GRIEVANCE_MODULE, COMPLAINT_MODULE, FEEDBACK_MODULE, NOTIFICATIONS_MODULE,
  PROPERTY_TAX_MODULE, PAYMENTS_MODULE, TRADE_LICENCE_MODULE, WARD_ALERTS_MODULE, WARDS_MODULE, WATER_MODULE, HINDI_NAMES_MODULE, AUDIT_MODULE, STATE_MODULE,
  ...testModules(),
];

/** The tests' small service beside the real ones: only on a test start that asks for it, never in production. */
function testModules(): PortalModule[] {
  return process.env.CASE_TEST_SERVICE === '1' && !readConfig().production ? [STALL_PERMIT_MODULE] : [];
}

/** Every job the server runs: the server's own outbox sweep, then each module's. */
export const JOBS: readonly JobDefinition[] = [outboxSweepJob, ...MODULES.flatMap((m) => m.jobs ?? [])];

/** Every route of the portal: each module's, in the list's order. */
export const ROUTES: Readonly<Record<string, RouteDeclaration>> = Object.assign({}, ...MODULES.map((m) => m.routes ?? {}));

/** Installs the list for this process (each entry calls it once; calling it again changes nothing). */
export function installPortalModules(): void {
  installModules(MODULES);
  // What the server needs of the modules, handed to it here: it imports none of them.
  installRoutes(ROUTES);
  installProtocolVoices(MODULES.flatMap((m) => m.protocolVoices ?? []));
  installDemoParts(MODULES.flatMap((m) => (m.demo ? [m.demo] : [])));
  // The state console's look at a council reads what the features count (src/server/councils/health.ts).
  installCouncilHealthReader(readCouncilHealth);
}
