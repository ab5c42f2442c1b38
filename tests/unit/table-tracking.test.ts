import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { tablesIn } from '../../src/server/cache/table-tracking';
import { collectDependencies, traceWrites, validUntil } from '../../src/server/cache/dependencies';
import { openTestDatabase } from '../support/database';

/** The query plugin and the render collector: what a page depends on is learnt from its queries. */
let dataDir: string;
let database: Db;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-tracking-'));
  database = await openTestDatabase(dataDir);
  await migrateToLatest(database);
});

afterAll(async () => {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('table tracking', () => {
  it('finds every table a query names: joins, aliases and subqueries', () => {
    const query = database
      .selectFrom('notice')
      .leftJoin('media as m', 'm.id', 'notice.file_media_id')
      .select('notice.id')
      .where('notice.id', 'in', database.selectFrom('circular').select('circular.id'));
    expect([...tablesIn(query.toOperationNode())].sort()).toEqual(['circular', 'media', 'notice']);
  });

  it('records the tables a render read and the earliest moment it stops being true', async () => {
    const { dependencies } = await collectDependencies(async () => {
      await database.selectFrom('tender').selectAll().execute();
      await database.selectFrom('latest_news').select('title').execute();
      validUntil(2_000);
      validUntil(5_000);
      validUntil(Number.NaN);
    });
    expect([...dependencies.tables].sort()).toEqual(['latest_news', 'tender']);
    expect(dependencies.expiresAt).toBe(2_000);
  });

  it('records as written only the table a write changes, not those it reads on the way', async () => {
    const { written } = await traceWrites(() =>
      database
        .insertInto('latest_news')
        .columns(['title', 'description', 'created_date'])
        .expression(database.selectFrom('notice').select(['title', 'description', 'created_date']))
        .execute(),
    );
    expect([...written]).toEqual(['latest_news']);
  });

  it('records nothing outside a render or a write', async () => {
    const outside = await collectDependencies(async () => undefined);
    await database.selectFrom('notice').selectAll().execute();
    expect(outside.dependencies.tables.size).toBe(0);
    expect(outside.dependencies.expiresAt).toBe(Number.POSITIVE_INFINITY);
  });
});
