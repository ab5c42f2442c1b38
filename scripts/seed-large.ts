// `npm run seed:large`: adds the large data set (SEED_LARGE_SCALE=0.1 for a tenth) to the database in DATA_DIR
// (or at DATABASE_URL).
// It raises the versions of the tables it filled afterwards, so running servers render those pages afresh.
import { db } from '../src/server/db';
import { closeScriptDatabases, inScriptCouncil } from '../src/server/councils/script-council';
import { prepareDatabase } from '../src/server/bootstrap';
import { raiseTableVersions } from '../src/server/content-version';
import { traceWrites } from '../src/server/cache/dependencies';
import { LARGE_COUNTS, seedLargeData } from '../db/seed/large';
import { rebuildSearchIndex } from '../src/features/search/search-index.server';
import { installPortalModules } from '../src/modules';

// The demo's parts come from the composition list, as a server's entry installs it.
installPortalModules();

const scale = Number(process.env.SEED_LARGE_SCALE ?? 1);
const counts = Object.fromEntries(Object.entries(LARGE_COUNTS).map(([k, v]) => [k, Math.round(v * scale)])) as unknown as typeof LARGE_COUNTS;
const started = Date.now();
try {
  await inScriptCouncil(async () => {
    await prepareDatabase(db(), () => {});
    // The bulk rows bypass the write path, so the search index is rebuilt from them afterwards.
    const { written } = await traceWrites(async () => {
      await seedLargeData(db(), counts);
      await rebuildSearchIndex(db());
    });
    await raiseTableVersions(db(), written);
  });
  console.log(`Added ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  console.error(`seed:large failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeScriptDatabases();
}
