import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { findCouncilIdentity, readCouncilIdentity, writeCouncilIdentity } from '../../src/server/council/identity';
import { openTestDatabase } from '../support/database';

/** A new council's database gets its identity from one call; the accessor reads it, and a change of it at once. */
describe('a council identity written into a fresh database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-identity-'));
  let database: Db;
  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has none before, then the names and short name given, the rest empty, and the change once rewritten', async () => {
    expect(await readCouncilIdentity(database)).toBeNull();
    expect(await findCouncilIdentity(database)).toBeNull();

    await writeCouncilIdentity(database, { name: { en: 'Nagar Panchayat Sitapur', hi: 'नगर पंचायत सीतापुर' }, shortName: 'NPS' });
    const first = await findCouncilIdentity(database);
    expect(first).toMatchObject({ name: { en: 'Nagar Panchayat Sitapur', hi: 'नगर पंचायत सीतापुर' }, shortName: 'NPS', colour: 'blue', logo: null });
    expect(first?.address.en).toEqual({ line1: '', line2: '', town: '', district: '', state: '', pinCode: '' });
    expect(first?.links.important).toEqual([]);

    await writeCouncilIdentity(database, { name: { en: 'Nagar Parishad Sitapur', hi: 'नगर परिषद सीतापुर' }, shortName: 'NPSI', colour: 'green' });
    expect(await findCouncilIdentity(database)).toMatchObject({ name: { en: 'Nagar Parishad Sitapur' }, shortName: 'NPSI', colour: 'green' });
    const rows = await database.selectFrom('council_identity').select('id').execute();
    expect(rows).toEqual([{ id: 1 }]);
  });
});
