import type { JobDefinition } from '../server/jobs';
import type { RouteDeclaration } from '../server/route-table';
import type { DemoPart } from '../server/bootstrap';
import type { ProtocolVoice } from '../server/protocol-voices';
import { checkedSeries, type NumberSeries } from '../lib/number-series';
import { processSingleton } from '../server/singleton';
import type { Payable } from './payments/payable';
import type { Verifiable } from './shared/verification';
import type { PrivateFileReader } from './shared/private-files';
import type { AnyService } from './cases/service';
import { checkedServices } from './cases/registry';

/**
 * A feature's declaration of what it brings to the others: the series it numbers what it issues in, the things
 * citizens pay for (payables), the printed numbers /verify answers for (verifiables), its time-driven jobs, who
 * may read the private files its records hold, its routes, its protocols' voices and its part of the demo. The
 * composition list (src/modules.ts)
 * names every module once; each entry (the middleware for Astro's pages, the Node entry, a test) installs that
 * list before serving, and the features that need these read them here. No feature registers itself by being
 * imported, so no page has to import one for its side effect.
 */
export interface PortalModule {
  name: string;
  /**
   * The services it runs on the case kernel (src/features/cases): the inbox offers them in the composition
   * list's order, and each one's number series is taken as the module's own.
   */
  services?: readonly AnyService[];
  /** The number series it takes numbers from (src/server/numbering.ts): each name and code one module's own. */
  series?: readonly NumberSeries[];
  /**
   * What citizens pay for through it; given as a function, made from every installed service (the payments
   * module makes each service's declared fee payable so).
   */
  payables?: readonly Payable[] | ((services: readonly AnyService[]) => readonly Payable[]);
  verifiables?: readonly Verifiable[];
  jobs?: readonly JobDefinition[];
  /** Who may read the private files this module's records hold (src/features/shared/private-files.ts). */
  privateFileReaders?: readonly PrivateFileReader[];
  /**
   * Its routes, by the pattern of their file (under src/pages, or its own pages/ folder), with who may open each
   * (src/server/route-table.ts).
   * The route table is every module's, in the composition list's order: the sidebar lists a group's entries so.
   */
  routes?: Readonly<Record<string, RouteDeclaration>>;
  /** The addresses that answer in a protocol's own voice, even in the server's early refusals (Open311). */
  protocolVoices?: readonly ProtocolVoice[];
  /** Its part of the demo a demo start fills an empty database with (db/seed/). */
  demo?: DemoPart;
}

/** A module as installed: what it derives from the installed services made once. */
export type InstalledModule = Omit<PortalModule, 'payables'> & { payables?: readonly Payable[] };

interface Installed {
  /** The list an entry gave, so that installing it again changes nothing. */
  given: readonly PortalModule[] | null;
  modules: readonly InstalledModule[] | null;
  services: readonly AnyService[];
}

// One per process: the Node entry and Astro's server bundle each carry a copy of this file (see singleton.ts).
const installed = (): Installed => processSingleton('portal-modules', (): Installed => ({ given: null, modules: null, services: [] }));

/** Installs the composition list, checked: each module, number series, payable kind, verifiable kind and job is named once. */
export function installModules(given: readonly PortalModule[]): void {
  const current = installed();
  if (current.given === given) return;
  const services = checkedServices(given.flatMap((m) => m.services ?? []));
  const modules: InstalledModule[] = given.map((m) => (typeof m.payables === 'function' ? { ...m, payables: m.payables(services) } : (m as InstalledModule)));
  checkedSeries([...modules.flatMap((m) => m.series ?? []), ...services.map((service) => service.series)]);
  for (const [what, names] of [
    ['module', modules.map((m) => m.name)],
    ['payable kind', modules.flatMap((m) => m.payables ?? []).map((p) => p.kind)],
    ['verifiable kind', modules.flatMap((m) => m.verifiables ?? []).map((v) => v.kind)],
    ['job', modules.flatMap((m) => m.jobs ?? []).map((j) => j.name)],
    ['private file reader', modules.flatMap((m) => m.privateFileReaders ?? []).map((r) => r.name)],
    ['route', modules.flatMap((m) => Object.keys(m.routes ?? {}))],
  ] as const) {
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) throw new Error(`Two modules declare the ${what} ${name}.`);
      seen.add(name);
    }
  }
  current.given = given;
  current.modules = modules;
  current.services = services;
}

/** The installed modules; asking before an entry installed them is a wiring mistake, said at once. */
export function installedModules(): readonly InstalledModule[] {
  const { modules } = installed();
  if (!modules) throw new Error('No modules are installed: an entry installs the composition list (src/modules.ts) before serving.');
  return modules;
}

/** Every service on the case kernel, in the composition list's order (the order the inbox offers them). */
export function installedServices(): readonly AnyService[] {
  installedModules();
  return installed().services;
}
