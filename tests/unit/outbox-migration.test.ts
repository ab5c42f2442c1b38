import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { Db } from '../../src/server/db';
import { cronFor } from '../../src/server/jobs/job';
import { openTestDatabase } from '../support/database';

/**
 * The notification log's entries become outbox messages (sent or failed, with their one try), new messages
 * are numbered after them, and grievances already overdue count as noticed (no flood on the first start).
 */
describe('the outbox migration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-migration-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries the notification log over and marks grievances already overdue as noticed', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-25-0001-drop-known-sign-in-address')).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const type = await old.insertInto('grievance_type').values({ grievance_title: 'Drain' }).returning('id').executeTakeFirstOrThrow();
    const district = await old.insertInto('district').values({ district_name_english: 'D' }).returning('id').executeTakeFirstOrThrow();
    const ward = await old.insertInto('ward').values({ ward_number: '4' }).returning('id').executeTakeFirstOrThrow();
    const ulb = await old.insertInto('ulb').values({ ulb_name: 'U' }).returning('id').executeTakeFirstOrThrow();
    const complaint = (state: string, due: string) =>
      old
        .insertInto('complaint')
        .values({
          grievance_type_id: type.id, district_id: district.id, ward_id: ward.id, ulb_id: ulb.id, status: 'Open', state,
          entry_by: 'Online', entry_date: '2026-11-01T04:00:00.000Z', action_by: '', complaint_number: `NPK-PGR-2026-11-01-${state}`, due_at: due,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const overdue = await complaint('Assigned', '2026-11-02T04:00:00.000Z');
    const closed = await complaint('Closed', '2026-11-02T04:00:00.000Z');
    const future = await complaint('Lodged', '2999-01-01T00:00:00.000Z');
    const log = [
      { at: '2026-11-01T04:00:01.000Z', complaint_id: overdue.id, channel: 'email', recipient: 'a@example.org', subject: 'S1', body: 'B1', outcome: 'sent', error: '' },
      { at: '2026-11-01T04:00:02.000Z', complaint_id: overdue.id, channel: 'sms', recipient: '9876543210', subject: 'S1', body: 'B1', outcome: 'failed', error: 'gateway said 500' },
      { at: '2026-11-01T04:00:03.000Z', complaint_id: null, channel: 'log', recipient: '9876543210', subject: 'S2', body: 'B2', outcome: 'logged', error: '' },
    ];
    for (const entry of log) await old.insertInto('notification_log').values(entry).execute();
    // Up to the last migration that kept grievances in their own tables (the next moves them onto the case kernel).
    expect((await migrator.migrateTo('2026-11-26-0030-staff-accounts')).error).toBeUndefined();

    const messages = await database.selectFrom('outbox_message').selectAll().orderBy('id').execute();
    expect(messages.map((m) => [m.channel, m.status, m.reference, m.sent_at, m.last_error])).toEqual([
      ['email', 'sent', 'NPK-PGR-2026-11-01-Assigned', log[0].at, ''],
      ['sms', 'failed', 'NPK-PGR-2026-11-01-Assigned', null, 'gateway said 500'],
      ['log', 'sent', '', log[2].at, ''],
    ]);
    const tries = await database.selectFrom('outbox_attempt').select(['message_id', 'outcome', 'answer']).orderBy('message_id').execute();
    expect(tries).toEqual([
      { message_id: messages[0].id, outcome: 'sent', answer: '' },
      { message_id: messages[1].id, outcome: 'failed', answer: 'gateway said 500' },
      { message_id: messages[2].id, outcome: 'sent', answer: 'no transport configured: kept here only' },
    ]);
    // The next message is numbered after the carried-over ones.
    const next = await database
      .insertInto('outbox_message')
      .values({ created_at: 'x', channel: 'log', recipient: 'r', lang: 'en', subject: 's', body: 'b', status: 'waiting', next_attempt_at: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(messages[2].id);

    const noticed = await old.selectFrom('grievance_overdue_notice').select('complaint_id').execute();
    expect(noticed.map((n) => n.complaint_id)).toEqual([overdue.id]);
    expect(noticed.map((n) => n.complaint_id)).not.toContain(closed.id);
    expect(noticed.map((n) => n.complaint_id)).not.toContain(future.id);
    const langs = await old.selectFrom('complaint').select('lang').execute();
    expect(new Set(langs.map((l) => l.lang))).toEqual(new Set(['en']));
  });
});

describe('a job\'s schedule', () => {
  it('is written as cron for pg-boss, and refused when cron cannot say it', () => {
    expect(cronFor(1)).toBe('* * * * *');
    expect(cronFor(15)).toBe('*/15 * * * *');
    expect(cronFor(60)).toBe('0 * * * *');
    expect(cronFor(360)).toBe('0 */6 * * *');
    expect(() => cronFor(7)).toThrow();
    expect(() => cronFor(90)).toThrow();
  });
});
