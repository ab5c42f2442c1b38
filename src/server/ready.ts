import { prepareCouncilDatabase, prepareDatabase } from './bootstrap';
import { preparePlatform } from './councils/setup';
import { closeCouncilDatabase, councilDatabase } from './councils/databases';
import { firstCouncil } from './councils/registry';
import { forgetVersionReader } from './content-version';
import { withCouncil, type Council } from './council-context';
import { processSingleton } from './singleton';
import { followIdentity } from './council/settings';

/**
 * The production entry prepares the platform and the first council before it listens. Under `astro dev` there
 * is no such entry, so the first request does it; afterwards this is one resolved promise.
 */
export function ensureReady(): Promise<void> {
  return processSingleton('ready', async () => {
    await preparePlatform();
    await councilReady(await firstCouncil());
  });
}

/**
 * A council's database, opened and brought up to date the first time the process needs it (a request on its
 * host, a job). A council whose migration fails is reported, left closed, and answers 503 (the promise stays
 * rejected) while the others serve; a restart tries it again.
 */
export function councilReady(council: Council): Promise<void> {
  const ready = processSingleton('councils-ready', () => new Map<number, Promise<void>>());
  let promise = ready.get(council.id);
  if (!promise) {
    promise = withCouncil(council, async () => {
      try {
        const open = councilDatabase(council);
        await (council.first ? prepareDatabase(open.db) : prepareCouncilDatabase(open.db));
      } catch (err) {
        console.error(`Council ${council.slug} cannot serve: preparing its database failed: ${(err as Error).message}`);
        forgetVersionReader(council.id);
        await closeCouncilDatabase(council.id).catch(() => {});
        throw err;
      }
      // Names changed before the platform kept a copy (the first council's demo, an upgrade) are caught up here.
      await followIdentity(councilDatabase(council).db).catch((err: Error) => console.error(`Council ${council.slug}: its names were not copied to the platform: ${err.message}`));
    });
    // Seen by whoever awaits it; a rejection nobody awaits yet must not end the process.
    promise.then(() => readyCouncils().add(council.id), () => {});
    ready.set(council.id, promise);
  }
  return promise;
}

const readyCouncils = () => processSingleton('councils-ready-now', () => new Set<number>());

/** Whether a council's database is known ready, answered without waiting (for the Node entry's cached answers). */
export function councilKnownReady(council: Council): boolean {
  return readyCouncils().has(council.id);
}
