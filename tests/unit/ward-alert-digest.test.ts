import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { indianMoment } from '../../src/lib/india-time';
import { outboxIdle } from '../../src/server/outbox';
import { digestSlot, sendWardDigests } from '../../src/features/ward-alerts/ward-alert-digest.server';
import { writeCouncilIdentity } from '../../src/server/council/identity';
import { demoCouncil } from '../../db/seed/council';
import { openTestDatabase } from '../support/database';
import { inTestCouncil } from '../support/council';

/**
 * The daily digest's own rules on the database of the run (SQLite, and PostgreSQL in its pass): which 08:00
 * a moment belongs to, the 24 hours it tells of, one message per address and day, empty days recorded and not
 * sent, and only confirmed subscriptions that asked for daily news of that kind.
 */
describe('the ward alerts\' daily digest', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ward-digest-'));
  let database: Db;
  const wards: Record<string, number> = {};
  const iso = (ms: number) => new Date(ms).toISOString();
  const slot = indianMoment('2026-12-02T08:00');
  const digests = () => database.selectFrom('outbox_message').select(['recipient', 'subject', 'body', 'list_unsubscribe']).where('reference', 'like', 'ward-digest-%').orderBy('id').execute();

  async function subscription(recipient: string, ward: string, events: 'new' | 'resolved' | 'both', confirmedAt: number | null, frequency: 'daily' | 'immediate' = 'daily', channel: 'email' | 'sms' = 'email', lang: 'en' | 'hi' = 'en') {
    await database.insertInto('ward_alert_subscription').values({
      channel, recipient, ward_id: wards[ward], events, frequency, lang, confirmed_at: confirmedAt === null ? null : iso(confirmedAt), confirm_nonce: null, created_at: iso(slot - 3 * 86_400_000), updated_at: iso(slot - 3 * 86_400_000),
    }).execute();
  }

  async function grievance(number: string, ward: string, events: { at: number; action: string; from: string | null; to: string }[]) {
    const { id } = await database.insertInto('service_case').values({
      service: 'grievance', number, state: events.at(-1)!.to, ward_id: wards[ward], category_id: null, assignee_id: null, due_at: null, lodged_at: iso(events[0].at), state_since: iso(events.at(-1)!.at),
      updated_at: iso(events.at(-1)!.at), lang: 'en', source: 'web', data: JSON.stringify({ landmark: 'Near the temple', description: 'Private words' }),
    }).returning('id').executeTakeFirstOrThrow();
    for (const e of events) {
      await database.insertInto('case_event').values({ case_id: id, at: iso(e.at), actor_kind: 'citizen', actor_user_id: null, actor_label: 'Citizen', action: e.action, from_state: e.from, to_state: e.to, note: '', visibility: 'public', data: '{}' }).execute();
    }
  }

  beforeAll(inTestCouncil(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database);
    // Messages name the council they come from.
    await writeCouncilIdentity(database, demoCouncil);
    for (const n of ['1', '2', '3', '4']) wards[n] = (await database.insertInto('ward').values({ ward_number: n }).returning('id').executeTakeFirstOrThrow()).id;
    const hour = 3_600_000;
    await grievance('NPK-PGR-T-1', '1', [{ at: slot - 20 * hour, action: 'lodge', from: null, to: 'Lodged' }, { at: slot - 2 * hour, action: 'resolve', from: 'Assigned', to: 'Resolved' }]);
    // Before the 24 hours, and after the 08:00: neither is this digest's.
    await grievance('NPK-PGR-T-2', '1', [{ at: slot - 25 * hour, action: 'lodge', from: null, to: 'Lodged' }]);
    await grievance('NPK-PGR-T-3', '1', [{ at: slot + 1000, action: 'lodge', from: null, to: 'Lodged' }]);
    await subscription('both@example.in', '1', 'both', slot - 2 * 86_400_000);
    await subscription('both@example.in', '2', 'both', slot - 2 * 86_400_000);
    await subscription('resolved@example.in', '1', 'resolved', slot - 2 * 86_400_000);
    await subscription('quiet@example.in', '3', 'both', slot - 2 * 86_400_000);
    await subscription('unconfirmed@example.in', '1', 'both', null);
    await subscription('late@example.in', '1', 'both', slot + 60_000);
    await subscription('immediate@example.in', '1', 'both', slot - 2 * 86_400_000, 'immediate');
  }));

  afterAll(async () => {
    await outboxIdle();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('belongs to the latest 08:00 in India', () => {
    expect(digestSlot(indianMoment('2026-12-02T07:59'))).toEqual({ day: '2026-12-01', at: indianMoment('2026-12-01T08:00') });
    expect(digestSlot(indianMoment('2026-12-02T08:00'))).toEqual({ day: '2026-12-02', at: slot });
    expect(digestSlot(indianMoment('2026-12-02T23:59'))).toEqual({ day: '2026-12-02', at: slot });
    // 02:30 UTC is 08:00 in India.
    expect(iso(slot)).toBe('2026-12-02T02:30:00.000Z');
  });

  it('sends one message per address with the 24 hours before 08:00, once, and records an empty day without sending it', inTestCouncil(async () => {
    expect(await sendWardDigests({ database, now: slot + 5 * 60_000 })).toBe(2);
    const sent = await digests();
    expect(sent.map((m) => m.recipient)).toEqual(['both@example.in', 'resolved@example.in']);
    const [both, resolved] = sent;
    expect(both.subject).toBe('Grievances in your wards: digest of 2 December 2026');
    expect(both.body).toContain('Ward 1\n- NPK-PGR-T-1: , ward 1, near Near the temple. Now: Lodged.');
    expect(both.body).toContain('NPK-PGR-T-1: , ward 1, near Near the temple. Now: Resolved.');
    expect(both.body).not.toContain('NPK-PGR-T-2');
    expect(both.body).not.toContain('NPK-PGR-T-3');
    expect(both.body).not.toContain('Private words');
    expect(both.body).not.toContain('Ward 2');
    expect(both.body).toMatch(/Stop every alert: \S+\/ward-alerts\/unsubscribe\?token=a\.\d+\.[\w-]{22}\n/);
    // No mail transport here: the message is only logged, and a logged message has no header to carry.
    expect(both.list_unsubscribe).toBeNull();
    expect(resolved.body).not.toContain('Now: Lodged.');
    expect(resolved.body).toContain('Now: Resolved.');

    // Each subscription's day is claimed once (its send-once key), with how many events it told of.
    const subscriptions = await database.selectFrom('ward_alert_subscription').select(['id', 'recipient', 'ward_id']).orderBy('id').execute();
    const claims = await database.selectFrom('sent_once').select(['key', 'detail']).where('key', 'like', 'ward-digest:%').execute();
    const recorded = subscriptions.flatMap((s) => claims.filter((c) => c.key.startsWith(`ward-digest:${s.id}:`))
      .map((c) => ({ recipient: s.recipient, ward_id: s.ward_id, day: c.key.split(':')[2], events: Number(c.detail) })));
    expect(recorded).toEqual([
      { recipient: 'both@example.in', ward_id: wards['1'], day: '2026-12-02', events: 2 },
      { recipient: 'both@example.in', ward_id: wards['2'], day: '2026-12-02', events: 0 },
      { recipient: 'resolved@example.in', ward_id: wards['1'], day: '2026-12-02', events: 1 },
      { recipient: 'quiet@example.in', ward_id: wards['3'], day: '2026-12-02', events: 0 },
    ]);

    // Later runs of the same day find nothing to do.
    expect(await sendWardDigests({ database, now: slot + 10 * 60_000 })).toBe(0);
    expect(await sendWardDigests({ database, now: slot + 12 * 3_600_000 })).toBe(0);
    expect(await digests()).toHaveLength(2);
  }));

  it('carries its stop link in the subscriber\'s language, by email and by SMS', inTestCouncil(async () => {
    const next = slot + 86_400_000;
    await grievance('NPK-PGR-T-4', '4', [{ at: next - 3_600_000, action: 'lodge', from: null, to: 'Lodged' }]);
    await subscription('hindi@example.in', '4', 'both', slot, 'daily', 'email', 'hi');
    await subscription('9812300004', '4', 'both', slot, 'daily', 'sms', 'hi');
    await subscription('9812300005', '4', 'new', slot, 'daily', 'sms', 'en');
    // The next day's digest: ward 1's subscribers hear of NPK-PGR-T-3 too; these three are ward 4's.
    expect(await sendWardDigests({ database, now: next + 60_000 })).toBe(5);
    const sent = (await digests()).filter((m) => ['hindi@example.in', '9812300004', '9812300005'].includes(m.recipient));
    expect(sent).toHaveLength(3);
    const by = (recipient: string) => sent.find((m) => m.recipient === recipient)!;
    const hindi = by('hindi@example.in');
    expect(hindi.subject).toBe('आपके वार्डों की शिकायतें: 3 दिसंबर 2026 का सारांश');
    expect(hindi.body).toContain('NPK-PGR-T-4: ');
    expect(hindi.body).toMatch(/वार्ड 4 की सूचनाएँ रोकें: \S+\/hi\/ward-alerts\/unsubscribe\?token=u\.\d+\.[\w-]{22}\n/);
    expect(hindi.body).toMatch(/सभी सूचनाएँ रोकें: \S+\/hi\/ward-alerts\/unsubscribe\?token=a\.\d+\.[\w-]{22}\n/);
    // A text message ends with the one link that stops every alert of that mobile.
    expect(by('9812300004').body).toMatch(/NPK-PGR-T-4: .* रोकें: \S+\/hi\/ward-alerts\/unsubscribe\?token=a\.\d+\.[\w-]{22}$/);
    expect(by('9812300005').body).toMatch(/^Grievances in your wards: digest of 3 December 2026\. NPK-PGR-T-4: .* Stop: \S+\/ward-alerts\/unsubscribe\?token=a\.\d+\.[\w-]{22}$/);
  }));
});
