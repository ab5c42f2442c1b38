import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import { migrateToLatest, type Db } from '../../src/server/db';
import { findComplaint, listComplaintStatuses } from '../../src/features/complaint/complaint.server';
import { findStaffGrievance, grievanceEvents } from '../../src/features/grievance/grievance-queries.server';
import { openTestDatabase } from '../support/database';

/**
 * Grievances stored in the legacy complaint tables move onto the case kernel's with their whole history,
 * under the same ids and numbers, and read back the same through the legacy calls and the grievance pages.
 */
describe('the migration of grievances onto the case kernel', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kernel-migration-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every complaint, event, note and its visibility, photo, contact, rating, reminder, notice and log entry', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-26-0030-staff-accounts')).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const at = '2026-11-01T04:00:00.000Z';
    const one = async (table: string, values: Record<string, unknown>) => (await old.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id as number;
    const type = await one('grievance_type', { grievance_title: 'Drain', sla_hours: 48 });
    const district = await one('district', { district_name_english: 'D' });
    const ward = await one('ward', { ward_number: '4' });
    const ulb = await one('ulb', { ulb_name: 'U' });
    const officer = await one('app_user', { email: 'officer@example.org', password_hash: 'x', role: 'officer', created_at: at });
    const photo = await one('media', { sha256: 'a'.repeat(64), content_type: 'image/jpeg', size: 3, bytes: Buffer.from([1, 2, 3]), created_at: at });
    const complaint = (id: number, values: Record<string, unknown>) =>
      one('complaint', {
        grievance_type_id: type, district_id: district, ward_id: ward, ulb_id: ulb, your_suggestion: 'Clean it', landmark: 'Near the tank',
        additional_information: 'Blocked drain', entry_by: 'Online', entry_date: at, action_by: '', complaint_number: `NPK-PGR-2026-11-01-${String(id).padStart(6, '0')}`,
        citizen_name: 'Asha', citizen_mobile: '9876543210', citizen_email: 'asha@example.org', address: 'House 7', source: 'web', lang: 'hi', sla_hours: 48,
        ...values,
      });
    // Explicit ids with a gap, as a real table has after deletions.
    const closed = await complaint(5, {
      id: 5, status: 'Resolved', state: 'Closed', officer_id: officer, decided_at: '2026-11-02T04:00:00.000Z', closed_at: '2026-11-03T04:00:00.000Z',
      rating: 4, rating_comment: 'Good', action_by: 'officer@example.org', action_date: '2026-11-02T04:00:00.000Z', pub_image_1_media_id: photo, action_image_1_media_id: photo,
    });
    const open = await complaint(9, { id: 9, status: 'Pending', state: 'Assigned', officer_id: officer, due_at: '2026-11-03T04:00:00.000Z', citizen_mobile: '', citizen_email: '' });
    const unstated = await complaint(12, { id: 12, status: '', state: 'Lodged', complaint_number: null });
    const event = (complaintId: number, values: Record<string, unknown>) =>
      one('grievance_event', { complaint_id: complaintId, at, actor_kind: 'staff', actor_label: 'desk@example.org', note: '', visibility: 'public', ...values });
    await event(closed, { action: 'lodge', from_state: null, to_state: 'Lodged', actor_kind: 'citizen', actor_label: 'Citizen' });
    await event(closed, { action: 'assign', from_state: 'Lodged', to_state: 'Assigned', officer_id: officer, note: 'Chase the contractor', visibility: 'staff', at: '2026-11-01T05:00:00.000Z' });
    const resolved = await event(closed, { action: 'resolve', from_state: 'Assigned', to_state: 'Resolved', actor_label: 'officer@example.org', note: 'Cleared', at: '2026-11-02T04:00:00.000Z' });
    await old.insertInto('grievance_event_media').values({ event_id: resolved, position: 0, media_id: photo }).execute();
    await event(closed, { action: 'rate', from_state: 'Resolved', to_state: 'Closed', actor_kind: 'citizen', actor_label: 'Citizen', rating: 4, note: 'Good', at: '2026-11-03T04:00:00.000Z' });
    await event(open, { action: 'lodge', from_state: null, to_state: 'Lodged' });
    await old.insertInto('grievance_overdue_notice').values({ complaint_id: open, due_at: '2026-11-03T04:00:00.000Z', sent_at: '2026-11-03T04:01:00.000Z' }).execute();
    await old.insertInto('complaint_reminder').values({ complaint_id: open, message: 'Still blocked', created_date: '2026-11-02T00:00:00.000Z' }).execute();
    await old.insertInto('notification_log').values({ at, complaint_id: closed, channel: 'sms', recipient: '9876543210', subject: 'S', body: 'B', outcome: 'sent', error: '' }).execute();

    await migrateToLatest(database);

    const cases = await database.selectFrom('service_case').selectAll().orderBy('id').execute();
    expect(cases.map((c) => [c.id, c.service, c.number, c.state])).toEqual([
      [5, 'grievance', 'NPK-PGR-2026-11-01-000005', 'Closed'],
      [9, 'grievance', 'NPK-PGR-2026-11-01-000009', 'Assigned'],
      [12, 'grievance', 'NPK-PGR-2026-11-01-000012', 'Lodged'],
    ]);
    expect(cases[0]).toMatchObject({ ward_id: ward, category_id: type, assignee_id: officer, lodged_at: at, lang: 'hi', source: 'web', state_since: '2026-11-03T04:00:00.000Z' });
    expect(JSON.parse(cases[0].data)).toMatchObject({ districtId: district, ulbId: ulb, rating: 4, ratingComment: 'Good', decidedAt: '2026-11-02T04:00:00.000Z', pubImage1: photo, actionImage1: photo });
    expect(JSON.parse(cases[0].data).legacyStatus).toBeUndefined();
    expect(JSON.parse(cases[2].data).legacyStatus).toBe('');
    expect(await database.selectFrom('case_contact').selectAll().where('case_id', '=', closed).executeTakeFirst()).toEqual({ case_id: closed, name: 'Asha', mobile: '9876543210', email: 'asha@example.org', address: 'House 7' });

    // The legacy calls answer as before: the same id, status words, pictures and reminders.
    expect(await listComplaintStatuses('All', database)).toEqual([{ id: 5, status: 'Resolved' }, { id: 9, status: 'Pending' }]);
    const legacy = await findComplaint(9, false, database);
    expect(legacy).toMatchObject({ id: 9, grievance: 'Drain', district: 'D', ward: '4', ulb: 'U', status: 'Pending', reminders: ['Still blocked'] });
    expect((await findComplaint(5, false, database))?.images.action_Image_1?.sha256).toBe('a'.repeat(64));

    // The timeline, with the staff-only note kept from the citizen, the officer and the rating.
    const staff = await findStaffGrievance('NPK-PGR-2026-11-01-000005', Date.parse(at), database);
    expect(staff).toMatchObject({ id: 5, name: 'Asha', officerId: officer, rating: 4, category: 'Drain', ward: '4' });
    const forCitizen = await grievanceEvents(closed, 'citizen', database);
    expect(forCitizen.map((e) => [e.action, e.note, e.staffOnly])).toEqual([['lodge', '', false], ['assign', '', true], ['resolve', 'Cleared', false], ['rate', 'Good', false]]);
    expect(forCitizen[1].note).toBe('');
    expect((await grievanceEvents(closed, 'staff', database))[1].note).toBe('Chase the contractor');
    expect(forCitizen[2].photos).toHaveLength(1);
    expect(forCitizen[3].rating).toBe(4);

    // The notice sent stays sent: a claim of the one send-once table since (2026-11-30-pw-sent-once).
    expect(await database.selectFrom('sent_once').select(['key', 'sent_at']).where('key', 'like', 'case-overdue:%').execute()).toEqual([{ key: `case-overdue:${open}:2026-11-03T04:00:00.000Z`, sent_at: '2026-11-03T04:01:00.000Z' }]);
    expect(await database.selectFrom('notification_log').select(['complaint_id', 'recipient']).execute()).toEqual([{ complaint_id: closed, recipient: '9876543210' }]);
    for (const table of ['complaint', 'grievance_event', 'grievance_event_media', 'grievance_overdue_notice']) {
      await expect(old.selectFrom(table).selectAll().execute()).rejects.toThrow();
    }

    // New cases, events and reminders are numbered after the moved ones.
    const next = await database
      .insertInto('service_case')
      .values({ service: 'grievance', number: 'N', state: 'Lodged', lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(12);
    const nextEvent = await database
      .insertInto('case_event')
      .values({ case_id: next.id, at, actor_kind: 'system', actor_label: 'System', action: 'lodge', to_state: 'Lodged', note: '', visibility: 'public', data: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(nextEvent.id).toBeGreaterThan(resolved);
    const reminder = await database.insertInto('complaint_reminder').values({ complaint_id: next.id, message: 'm', created_date: at }).returning('id').executeTakeFirstOrThrow();
    expect(reminder.id).toBeGreaterThan(1);
  });
});
