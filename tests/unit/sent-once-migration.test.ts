import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import { migrateToLatest, type Db } from '../../src/server/db';
import { sendCaseOverdueNotices } from '../../src/features/cases/case-jobs.server';
import { sendWardDigests, digestSlot } from '../../src/features/ward-alerts/ward-alert-digest.server';
import { sendRenewalReminders } from '../../src/features/trade-licence/licence.server';
import { openTestDatabase } from '../support/database';
import { installPortalModules } from '../../src/modules';

// The kernel's jobs walk the installed services, as a started server's do.
installPortalModules();

/**
 * The one send-once table takes over the claims of the three ways there were: an overdue notice already sent,
 * a ward's digest already sent for a day and a licence's renewal reminder already sent are each carried over,
 * so no job sends any of them again after the move.
 */
describe('the move to one send-once table', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sent-once-'));
  let database: Db;

  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries every claim over, and the jobs send none of them again', async () => {
    database = await openTestDatabase(dataDir);
    const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-30-17-ward-localities')).error).toBeUndefined();
    const old = database as unknown as Kysely<any>;
    const at = '2026-12-01T04:00:00.000Z';
    const now = Date.parse('2026-12-02T03:00:00.000Z');
    const id = async (table: string, values: Record<string, unknown>) => (await old.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id as number;

    // A grievance past its due time whose notice went out.
    const dueAt = '2026-12-01T10:00:00.000Z';
    const overdue = await id('service_case', { service: 'grievance', number: 'NPK-PGR-2026-12-01-000001', state: 'Lodged', due_at: dueAt, lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}' });
    await old.insertInto('case_contact').values({ case_id: overdue, name: 'Asha', mobile: '9876500031', email: '', address: '' }).execute();
    await old.insertInto('case_overdue_notice').values({ case_id: overdue, due_at: dueAt, sent_at: '2026-12-01T10:01:00.000Z' }).execute();
    // A daily subscriber whose digest of today went out.
    const ward = await id('ward', { ward_number: '9' });
    const subscription = await id('ward_alert_subscription', {
      channel: 'email', recipient: 'daily@example.in', ward_id: ward, events: 'both', frequency: 'daily', lang: 'en', confirmed_at: at, confirm_nonce: null, created_at: at, updated_at: at,
    });
    const day = digestSlot(now).day;
    await old.insertInto('ward_alert_digest').values({ subscription_id: subscription, day, sent_at: at, events: 2 }).execute();
    // A licence ending in 30 days whose reminder went out by SMS and email.
    const validUntil = new Date(now + 30 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const application = await id('service_case', { service: 'trade-licence', number: 'NPK-TL-2026-12-01-000002', state: 'Issued', lodged_at: at, state_since: at, updated_at: at, lang: 'en', source: 'web', data: '{}' });
    await old.insertInto('case_contact').values({ case_id: application, name: 'Ravi', mobile: '9876500032', email: 'ravi@example.in', address: '' }).execute();
    const bill = await id('payment_bill', {
      kind: 'trade-licence', reference: 'NPK-TL-2026-12-01-000002', description: 'Fee', amount_paise: 100, payer_name: 'Ravi', payer_mobile: '9876500032', payer_email: '',
      lang: 'en', state: 'paid', open_key: null, details_json: '{}', created_at: at, valid_until: at,
    });
    const receipt = await id('payment_receipt', {
      number: 'NPK-RCT-2026-27-000001', fy: '2026-27', seq: 1, bill_id: bill, valid_bill_id: bill, transaction_id: null, kind: 'trade-licence', reference: 'NPK-TL-2026-12-01-000002',
      mode: 'cash', instrument: '', amount_paise: 100, paid_at: at, cashier_id: null, state: 'valid', cancelled_at: null, token: 't'.repeat(24),
    });
    await old.insertInto('trade_licence').values({ number: 'NPK-TLN-2026-27-000007', case_id: application, trade_name: 'Ravi Stores', trade_type: 'grocery', ward: '9', address: 'x', valid_from: '2026-04-01', valid_until: validUntil, receipt_id: receipt, issued_at: at, cancelled_at: null }).execute();
    for (const [channel, recipient] of [['sms', '9876500032'], ['email', 'ravi@example.in']]) {
      await old.insertInto('outbox_message').values({ created_at: at, channel, recipient, lang: 'en', subject: 'Renew', body: 'Renew', reference: 'NPK-TLN-2026-27-000007:renew-30', status: 'sent', next_attempt_at: at }).execute();
    }

    await migrateToLatest(database);
    const claims = await database.selectFrom('sent_once').select(['key', 'detail']).orderBy('key').execute();
    expect(claims).toEqual([
      { key: `case-overdue:${overdue}:${dueAt}`, detail: '' },
      { key: 'licence-renewal:NPK-TLN-2026-27-000007:30', detail: '' },
      { key: `ward-digest:${subscription}:${day}`, detail: '2' },
    ]);
    for (const table of ['case_overdue_notice', 'ward_alert_digest']) await expect(old.selectFrom(table).selectAll().execute()).rejects.toThrow();

    const queued = async () => Number((await database.selectFrom('outbox_message').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await queued();
    expect(await sendCaseOverdueNotices({ database, now })).toBe(0);
    expect(await sendWardDigests({ database, now })).toBe(0);
    expect(await sendRenewalReminders({ database, now })).toBe(0);
    expect(await queued()).toBe(before);
  });
});
