import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from './singleton';

/**
 * One installation serves several councils, each with a database of its own (councils/registry.ts). Which
 * council a piece of work belongs to is never a global of the process: a request runs inside its council's
 * context (the Node entry chooses it from the host), and work outside a request (jobs, the outbox, warm
 * start, scripts) names its council with withCouncil. `db()` reads the context and throws without one, so a
 * query can never fall through to some default council's data.
 */
export interface Council {
  id: number;
  /** Letters, digits and hyphens: names the council's folder (SQLite) or schema (PostgreSQL). */
  slug: string;
  name: string;
  nameHindi: string;
  shortName: string;
  status: 'active' | 'disabled';
  /** The council made on the installation's first start: it keeps DATA_DIR/council.sqlite or `public`. */
  first: boolean;
  /** Its host names, lower case without a port; the first names it in absolute links (config.ts siteOrigin). */
  hosts: string[];
}

// One per process: the Node entry and Astro's bundle each carry a copy of this module (singleton.ts).
const storage = processSingleton('council-context', () => new AsyncLocalStorage<Council>());

/** Runs `work` (and everything it starts) as work of `council`. */
export function withCouncil<T>(council: Council, work: () => T): T {
  return storage.run(council, work);
}

/** The council of the work under way; throws when none was chosen. */
export function currentCouncil(): Council {
  const council = storage.getStore();
  if (!council) throw new Error('No council chosen: this code ran outside a request and outside withCouncil(council, …).');
  return council;
}

/** The council of the work under way, if any. */
export function councilInContext(): Council | undefined {
  return storage.getStore();
}
