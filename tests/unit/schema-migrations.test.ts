import { describe, expect, it } from 'vitest';
import { migrateToLatest, openPostgresSchema, postgresPool } from '../../src/server/db';
import { createFreshDatabase, testPostgresUrl } from '../support/database';

/**
 * A council's schema migrates seeing itself alone (src/server/db.ts): its migrator lists its own tables, not
 * every column of every council's, and its lock holds no other schema's migrations back.
 */
describe.skipIf(!testPostgresUrl())('migrations of one schema among many', () => {
  it('look at their own schema only, and another schema migrates while one holds its lock', async () => {
    const pool = postgresPool(await createFreshDatabase(testPostgresUrl()!), 3);
    try {
      const a = openPostgresSchema(pool, 'council_a');
      const b = openPostgresSchema(pool, 'council_b');
      await migrateToLatest(a);
      // A's migration lock held on a connection of A's, as its migrator takes it: B's whole migration still
      // runs meanwhile (under one lock for the database it would wait for A's, and the test time out).
      const adapter = a.getExecutor().adapter;
      const options = { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock', lockTableSchema: 'council_a' };
      await a.connection().execute(async (held) => {
        await adapter.acquireMigrationLock(held, options);
        try {
          expect((await migrateToLatest(b)).length).toBeGreaterThan(10);
        } finally {
          await adapter.releaseMigrationLock(held, options);
        }
      });
      const tables = await a.introspection.getTables();
      expect(tables.length).toBeGreaterThan(10);
      expect(tables.every((t) => t.schema === 'council_a')).toBe(true);
    } finally {
      await pool.end();
    }
  });
});
