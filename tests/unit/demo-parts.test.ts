import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The demo seed stands in as a recorder: a start that loads it calls each part's seed at once (src/server/bootstrap.ts).
const seedCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../db/seed/demo', () => {
  const nothing = async () => {
    seedCalls.count += 1;
    return false;
  };
  return { seedDemoContent: nothing, seedDemoCouncil: nothing, seedPropertyTaxDemo: nothing, seedTradeLicenceDemo: nothing, seedWardBoundariesDemo: nothing, seedWaterDemo: nothing };
});

// A start reads its settings from the environment, before its modules load: a data folder of its own, cheap
// password hashes.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-parts-'));
Object.assign(process.env, { DATA_DIR: dataDir, TEST_FAST_PASSWORDS: '1', SEED: 'demo' });

const { prepareDatabase } = await import('../../src/server/bootstrap');
// The demo's parts are the modules', handed to the server as an entry installs the composition list.
(await import('../../src/modules')).installPortalModules();
const { demoComplete } = await import('../../db/seed/demo-parts');
const { openTestDatabase } = await import('../support/database');
type Db = Awaited<ReturnType<typeof openTestDatabase>>;

describe('a demo start', () => {
  let database: Db;
  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the demo seed while a part of the demo is missing, and not once every part is there', async () => {
    await prepareDatabase(database, () => {});
    expect(seedCalls.count).toBe(6);
    expect(await demoComplete(database)).toBe(false);

    // The row each part leaves, one part at a time: complete only with the last.
    const at = new Date().toISOString();
    const { writeCouncilIdentity } = await import('../../src/server/council/identity');
    await writeCouncilIdentity(database, { name: { en: 'Test Council', hi: 'परीक्षण परिषद' }, shortName: 'TST' });
    expect(await demoComplete(database)).toBe(false);
    const ward = await database.insertInto('ward').values({ ward_number: '5' }).returning('id').executeTakeFirstOrThrow();
    await database.insertInto('property').values({ number: 'W05-9999', ward: '5', holder_name: 'A', mobile: '9000000000', address: 'B', usage: 'residential', area_sqft: 500, floors: 1, updated_at: at }).execute();
    await database.insertInto('service_case').values({ service: 'trade-licence', number: 'TL-1', state: 'Applied', ward_id: ward.id, category_id: null, assignee_id: null, due_at: null, lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}' }).execute();
    expect(await demoComplete(database)).toBe(false);
    await database.insertInto('ward_boundary').values({ ward_id: ward.id, polygons: '[]', updated_at: at }).execute();
    expect(await demoComplete(database)).toBe(false);
    const water = await database.insertInto('service_case').values({ service: 'water', number: 'WA-1', state: 'Connected', ward_id: ward.id, category_id: null, assignee_id: null, due_at: null, lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}' }).returning('id').executeTakeFirstOrThrow();
    await database.insertInto('water_connection').values({ number: 'WC-1', case_id: water.id, property_number: 'W05-9999', ward: '05', holder_name: 'A', mobile: '9000000000', connection_type: 'domestic', pipe_mm: 15, billing: 'flat', meter_number: '', connected_on: '2026-04-01', work_order: 'WO-1', receipt_id: 0 }).execute();
    expect(await demoComplete(database)).toBe(true);

    seedCalls.count = 0;
    await prepareDatabase(database, () => {});
    expect(seedCalls.count).toBe(0);
  });
});
