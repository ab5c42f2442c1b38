import { withCouncil, type Council } from '../../src/server/council-context';

/**
 * The council a data-layer test's work belongs to: code that reads the current council (the signing key, the
 * page cache, `db()`) throws outside one (src/server/council-context.ts). The first council of an
 * installation, as a one-council server's is.
 */
export const TEST_COUNCIL: Council = { id: 1, slug: 'test', name: 'Test Council', nameHindi: 'परीक्षण परिषद', shortName: 'TC', status: 'active', first: true, hosts: ['127.0.0.1'] };

/** Wraps a test or hook so that it runs as work of TEST_COUNCIL. */
export function inTestCouncil<T>(work: () => Promise<T>): () => Promise<T> {
  return () => withCouncil(TEST_COUNCIL, work);
}

/** Runs `work` as work of TEST_COUNCIL: for a test that writes into its server's database in-process. */
export function asTestCouncil<T>(work: () => T): T {
  return withCouncil(TEST_COUNCIL, work);
}
