import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { outboxIdle } from '../../src/server/outbox';
import { DEMO_APPLICANT_MOBILE, seedTradeLicenceDemo } from '../../db/seed/trade-licence';
import { publicLicence } from '../../src/features/trade-licence/licence.server';
import { openTestDatabase } from '../support/database';
import { inTestCouncil } from '../support/council';
import { seedDemoCouncil } from '../../db/seed/council';
import { installPortalModules } from '../../src/modules';

// The demo's paid fees are receipted through the installed modules' payables, as on a start that seeds.
installPortalModules();

describe('the trade licence demo', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trade-demo-'));
  let database: Db;
  beforeAll(inTestCouncil(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database);
    // Its numbers carry the council's short name.
    await seedDemoCouncil(database);
    for (const role of ['admin', 'verifier', 'inspector', 'approver', 'cashier'] as const) {
      await database.insertInto('app_user').values({ email: `${role}@npk.test`, password_hash: 'x', role, created_at: new Date().toISOString() }).execute();
    }
    await database.insertInto('ward').values({ ward_number: '5' }).execute();
  }));
  afterAll(async () => {
    await outboxIdle();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has an application in every state, two issued licences (one ending in five days) and the README applicant, once', inTestCouncil(async () => {
    expect(await seedTradeLicenceDemo(database)).toBe(true);
    const cases = await database.selectFrom('service_case').innerJoin('case_contact', 'case_contact.case_id', 'service_case.id').select(['number', 'state', 'mobile']).orderBy('service_case.id').execute();
    expect(cases.map((c) => c.state)).toEqual(['Applied', 'NeedsApplicant', 'Inspection', 'PendingApproval', 'PendingPayment', 'Issued', 'Issued', 'Rejected', 'Cancelled', 'Expired']);
    expect(cases[0]).toMatchObject({ number: expect.stringMatching(/^NPK-TL-\d{4}-\d{2}-\d{2}-000001$/), mobile: DEMO_APPLICANT_MOBILE });
    const licences = await database.selectFrom('trade_licence').select('number').orderBy('id').execute();
    const states = await Promise.all(licences.map(async (l) => (await publicLicence(l.number, database))?.status));
    expect(states).toEqual(['valid', 'valid', 'cancelled', 'expired']);
    expect(await seedTradeLicenceDemo(database)).toBe(false);
  }));
});
