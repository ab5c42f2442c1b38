// `npm run db:migrate`: brings the database in DATA_DIR up to date without starting the server.
import { closeDb, db, migrateToLatest } from '../src/server/db';

try {
  const ran = await migrateToLatest(db());
  console.log(ran.length > 0 ? `Migrated: ${ran.join(', ')}` : 'The database is up to date.');
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
