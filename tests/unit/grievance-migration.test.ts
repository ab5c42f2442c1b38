import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { Db } from '../../src/server/db';
import { openTestDatabase } from '../support/database';

/** Complaints stored before the grievance workflow keep their rows and get a state, a number and their history. */
describe('the grievance workflow migration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grievance-migration-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('maps the old statuses onto states and writes the events the old columns tell', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    const result = await migrator.migrateTo('2026-11-23-0004-known-sign-in-address');
    expect(result.error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const type = await old.insertInto('grievance_type').values({ grievance_title: 'Drain' }).returning('id').executeTakeFirstOrThrow();
    const district = await old.insertInto('district').values({ district_name_english: 'D' }).returning('id').executeTakeFirstOrThrow();
    const ward = await old.insertInto('ward').values({ ward_number: '4' }).returning('id').executeTakeFirstOrThrow();
    const ulb = await old.insertInto('ulb').values({ ulb_name: 'U' }).returning('id').executeTakeFirstOrThrow();
    const statuses = ['Open', 'Pending', 'Resolved', 'Rejected', 'something else'];
    for (const status of statuses) {
      await old
        .insertInto('complaint')
        .values({
          grievance_type_id: type.id, district_id: district.id, ward_id: ward.id, ulb_id: ulb.id, status,
          entry_by: 'Desk', entry_date: '2026-11-01T04:00:00.000Z', action_by: status === 'Open' ? '' : 'Engineer',
          action_date: status === 'Open' ? null : '2026-11-02T10:00:00.000Z',
        })
        .execute();
    }
    // Up to the last migration that kept grievances in their own tables (the next moves them onto the case kernel).
    expect((await migrator.migrateTo('2026-11-26-0030-staff-accounts')).error).toBeUndefined();

    const rows = await old.selectFrom('complaint').select(['id', 'status', 'state', 'complaint_number', 'due_at', 'decided_at']).orderBy('id').execute();
    expect(rows.map((r) => r.state)).toEqual(['Lodged', 'Assigned', 'Resolved', 'Rejected', 'Lodged']);
    // Old clients still read the old words.
    expect(rows.map((r) => r.status)).toEqual(statuses);
    expect(rows[0].complaint_number).toBe(`NPK-PGR-2026-11-01-${String(rows[0].id).padStart(6, '0')}`);
    expect(rows[0].due_at).toBe('2026-11-04T04:00:00.000Z');
    expect(rows[2].decided_at).toBe('2026-11-02T10:00:00.000Z');

    const events = await old.selectFrom('grievance_event').select(['complaint_id', 'from_state', 'to_state', 'actor_label']).orderBy('id').execute();
    expect(events.filter((e) => e.complaint_id === rows[0].id).map((e) => e.to_state)).toEqual(['Lodged']);
    expect(events.filter((e) => e.complaint_id === rows[2].id)).toEqual([
      { complaint_id: rows[2].id, from_state: null, to_state: 'Lodged', actor_label: 'Desk' },
      { complaint_id: rows[2].id, from_state: 'Lodged', to_state: 'Resolved', actor_label: 'Engineer' },
    ]);
  });
});
