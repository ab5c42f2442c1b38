// `npm run db:migrate`: brings the database in DATA_DIR up to date without starting the server.
// COUNCIL=<slug> names another council of the installation than the first.
import { db, migrateToLatest } from '../src/server/db';
import { closeScriptDatabases, inScriptCouncil } from '../src/server/councils/script-council';

try {
  const ran = await inScriptCouncil(() => migrateToLatest(db()));
  console.log(ran.length > 0 ? `Migrated: ${ran.join(', ')}` : 'The database is up to date.');
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeScriptDatabases();
}
