import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { outboxIdle } from '../../src/server/outbox';
import { takeStep, type CaseActor } from '../../src/features/cases/cases.server';
import { findCase } from '../../src/features/cases/case-queries.server';
import { collectAtCounter } from '../../src/features/payments/counter.server';
import { installPortalModules } from '../../src/modules';
import { applyForLicence, feeFor, financialYearsOpen, resubmit } from '../../src/features/trade-licence/applications.server';
import { judgeDocument } from '../../src/features/trade-licence/verdicts.server';
import { expireLicences, publicLicence, sendRenewalReminders } from '../../src/features/trade-licence/licence.server';
import { documentStates } from '../../src/features/trade-licence/requirements';
import { TRADE_LICENCE } from '../../src/features/trade-licence/trade-licence.service';
import { licenceRegister, registerCsv } from '../../src/features/trade-licence/register.server';
import { licencePerformance } from '../../src/features/trade-licence/performance.server';
import { samplePdf } from '../support/content-samples';
import { openTestDatabase } from '../support/database';
import { seedDemoCouncil } from '../../db/seed/council';
import { indianDate } from '../../src/lib/india-time';
import { inTestCouncil } from '../support/council';

/**
 * One application through every stage and each refusal the issue lists, on the kernel and the payments as
 * the server runs them (the HTTP layer is the kernel's staff API, tested with grievances).
 */
const DAY = 86_400_000;
const pdf = (label: string) => ({ bytes: samplePdf(label), contentType: 'application/pdf' });

describe('a trade licence from the form to the certificate', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trade-licence-'));
  let database: Db;
  let wardId: number;
  const citizen: CaseActor = { party: 'citizen', userId: null, label: 'Citizen' };
  const staff: Record<string, CaseActor> = {};
  const outbox = () => database.selectFrom('outbox_message').select(['recipient', 'lang', 'subject', 'body', 'reference']).orderBy('id').execute();
  const fy = financialYearsOpen()[0];

  const form = (over: Record<string, unknown> = {}) => ({
    financialYear: fy, licenceType: 'new', tradeName: 'Sharma General Store', structureType: 'immovable', structureSubType: 'pucca',
    commencementDate: '2024-06-01', gstNo: '10ABCDE1234F1Z5', areaSqft: 250, employees: 10, tradeCategory: 'Retail', tradeType: 'grocery',
    tradeSubType: 'Provisions', wardId, doorNo: '12', road: 'Station Road', locality: 'Gandhi Nagar', pincode: '845401',
    owners: [
      { name: 'Ramesh Sharma', guardianName: 'Suresh Sharma', relationship: 'Father', gender: 'Male', dateOfBirth: '1980-02-29', mobile: '9876500021', email: 'ramesh@example.in', pan: 'ABCDE1234F' },
      { name: 'Sunita Sharma', guardianName: 'Ramesh Sharma', relationship: 'Husband', gender: 'Female', dateOfBirth: '1984-07-10', pan: 'ABCDE1235G' },
    ],
    correspondenceAddress: '12 Station Road, Gandhi Nagar',
    feePaise: 125_000,
    ...over,
  });
  const documents = (run: string) => ({ identity: pdf(`identity ${run}`), premises: pdf(`premises ${run}`), photo: pdf(`photo ${run}`) });

  beforeAll(inTestCouncil(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database);
    // Its numbers carry the council's short name.
    await seedDemoCouncil(database);
    installPortalModules();
    wardId = (await database.insertInto('ward').values({ ward_number: '7' }).returning('id').executeTakeFirstOrThrow()).id;
    for (const role of ['verifier', 'inspector', 'approver', 'admin', 'cashier', 'officer'] as const) {
      const id = (await database.insertInto('app_user').values({ email: `${role}@npk.test`, password_hash: 'x', role, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
      staff[role] = { party: role, userId: id, label: `${role}@npk.test` };
    }
  }));
  afterAll(async () => {
    await outboxIdle();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the fee before applying and refuses a form that is wrong, short of a document, or priced before a change', inTestCouncil(async () => {
    expect(await feeFor({ tradeType: 'grocery', structure: 'pucca', kind: 'new', areaSqft: 250, employees: 10, financialYear: fy }, Date.now(), database)).toMatchObject({ ok: true, totalPaise: 125_000 });
    const apply = (over: Record<string, unknown>, docs: Record<string, ReturnType<typeof pdf>> = documents('x')) => applyForLicence({ fields: form(over), documents: docs, lang: 'en', source: 'web' }, citizen, database);
    await expect(apply({ owners: [] })).rejects.toMatchObject({ status: 400, errors: { owners: 'Enter at least one owner.' } });
    await expect(apply({ pincode: '045401', owners: [{ ...form().owners[0], pan: 'ABCD1234F' }], gstNo: '10ABCDE1234F1Y5' })).rejects.toMatchObject({
      status: 400, errors: { pincode: 'Enter the six-digit pincode.', 'owners[0].pan': expect.stringMatching(/PAN/), gstNo: expect.stringMatching(/GST/) },
    });
    await expect(apply({ commencementDate: '2024-02-30' })).rejects.toMatchObject({ status: 400, errors: { commencementDate: expect.any(String) } });
    const { photo: _left, ...short } = documents('x');
    await expect(apply({}, short)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Owner's photograph"), errors: { doc_photo: 'Attach this document.' } });
    await expect(apply({ feePaise: 120_000 })).rejects.toMatchObject({ status: 409, errors: { feePaise: '125000' } });
    await expect(apply({ licenceType: 'renewal', oldLicenceNumber: 'NPK-TLN-2025-26-000999' })).rejects.toMatchObject({ status: 400, errors: { oldLicenceNumber: 'No licence has this number.' } });
    expect(await database.selectFrom('service_case').select('id').execute()).toEqual([]);
  }));

  it('goes through every stage, each by its own role, and issues a licence anyone can verify', inTestCouncil(async () => {
    const { number } = await applyForLicence({ fields: form(), documents: documents('one'), lang: 'hi', source: 'web' }, citizen, database);
    expect(number).toMatch(/^NPK-TL-\d{4}-\d{2}-\d{2}-\d{6}$/);
    expect((await outbox()).at(-1)).toMatchObject({ recipient: expect.stringContaining('9876500021'), lang: 'hi', body: expect.stringContaining(`आपका व्यापार लाइसेंस आवेदन ${number} मिल गया है`) });
    const found = (await findCase(number, Date.now(), database, [TRADE_LICENCE]))!;
    expect(found.dueAt).toBe(new Date(Date.parse(found.lodgedAt) + 72 * 3_600_000).toISOString());
    expect(found.data.owners).toHaveLength(2);

    // Wrong roles and missing verdicts.
    await expect(takeStep(TRADE_LICENCE, number, 'verify', {}, staff.inspector, database)).rejects.toMatchObject({ status: 403 });
    await expect(takeStep(TRADE_LICENCE, number, 'verify', {}, staff.officer, database)).rejects.toMatchObject({ status: 403 });
    await expect(takeStep(TRADE_LICENCE, number, 'verify', {}, staff.verifier, database)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('identity, premises, photo') });
    await expect(takeStep(TRADE_LICENCE, number, 'approve', {}, staff.approver, database)).rejects.toMatchObject({ status: 409 });
    await expect(judgeDocument(number, 'identity', { verdict: 'accept' }, staff.approver, database)).rejects.toMatchObject({ status: 403 });
    await expect(judgeDocument(number, 'premises', { verdict: 'refuse', reason: '' }, staff.verifier, database)).rejects.toMatchObject({ status: 400 });

    // The verifier refuses the premises proof and sends the application back; the trader replaces it.
    await judgeDocument(number, 'identity', { verdict: 'accept' }, staff.verifier, database);
    await judgeDocument(number, 'photo', { verdict: 'accept' }, staff.verifier, database);
    await judgeDocument(number, 'premises', { verdict: 'refuse', reason: 'The rent agreement has expired.' }, staff.verifier, database);
    await expect(takeStep(TRADE_LICENCE, number, 'sendBack', {}, staff.verifier, database)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Say what is wrong') });
    await takeStep(TRADE_LICENCE, number, 'sendBack', { note: 'Send a rent agreement in force.' }, staff.verifier, database);
    expect((await outbox()).at(-1)).toMatchObject({ lang: 'hi', body: expect.stringContaining('Send a rent agreement in force.') });
    await expect(resubmit(number, { identity: pdf('identity two') }, citizen, database)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('premises') });
    await resubmit(number, { premises: pdf('premises two') }, citizen, database);
    const states = await documentStates(database, found.id);
    expect(states.map((d) => [d.code, d.accepted])).toEqual([['identity', true], ['premises', null], ['photo', true]]);

    await judgeDocument(number, 'premises', { verdict: 'accept' }, staff.verifier, database);
    await takeStep(TRADE_LICENCE, number, 'verify', {}, staff.verifier, database);
    await expect(takeStep(TRADE_LICENCE, number, 'forward', { note: 'ok' }, staff.inspector, database)).rejects.toMatchObject({ status: 400 });
    await takeStep(TRADE_LICENCE, number, 'forward', { note: 'Shop as described, 250 sq ft, fire extinguisher in place.' }, staff.inspector, database);

    // Paying before approval is refused; the approver approves; the cashier takes the fee.
    const cashier = { id: staff.cashier.userId!, email: staff.cashier.label };
    await expect(collectAtCounter({ kind: 'trade-licence', reference: number, mode: 'cash', instrument: '', cashier }, database)).rejects.toMatchObject({ status: 409 });
    await expect(takeStep(TRADE_LICENCE, number, 'approve', {}, staff.inspector, database)).rejects.toMatchObject({ status: 403 });
    await takeStep(TRADE_LICENCE, number, 'approve', {}, staff.approver, database);
    await expect(takeStep(TRADE_LICENCE, number, 'pay', {}, staff.admin, database)).rejects.toMatchObject({ status: 403 });
    const receipt = await collectAtCounter({ kind: 'trade-licence', reference: number, mode: 'cash', instrument: '', cashier }, database);
    expect(await database.selectFrom('payment_receipt').select('amount_paise').where('number', '=', receipt.number).executeTakeFirst()).toEqual({ amount_paise: 125_000 });

    const issued = (await findCase(number, Date.now(), database, [TRADE_LICENCE]))!;
    expect(issued.state).toBe('Issued');
    const licenceNumber = issued.data.licenceNumber as string;
    expect(licenceNumber).toMatch(new RegExp(`^NPK-TLN-${fy}-\\d{6}$`));
    expect(issued.data.validUntil).toBe(`${Number(fy.slice(0, 4)) + 1}-03-31`);
    const publicView = await publicLicence(licenceNumber, database);
    expect(publicView).toMatchObject({ status: 'valid', tradeName: 'Sharma General Store', ward: '7', address: '12, Station Road, Gandhi Nagar, 845401' });
    expect(JSON.stringify(publicView)).not.toMatch(/Ramesh|Sunita|9876500021|ABCDE|ramesh@/);

    // Reminders 30, 7 and 1 days before the end, once each; expired the day after its last day.
    const lastDay = Date.parse(`${issued.data.validUntil}T12:00:00+05:30`);
    expect(await sendRenewalReminders({ database, now: lastDay - 30 * DAY })).toBe(1);
    expect(await sendRenewalReminders({ database, now: lastDay - 30 * DAY })).toBe(0);
    expect(await sendRenewalReminders({ database, now: lastDay - 20 * DAY })).toBe(0);
    expect(await sendRenewalReminders({ database, now: lastDay - 7 * DAY })).toBe(1);
    expect(await sendRenewalReminders({ database, now: lastDay - DAY })).toBe(1);
    expect((await outbox()).filter((m) => m.reference.startsWith(`${licenceNumber}:renew-`)).map((m) => m.reference)).toEqual([`${licenceNumber}:renew-30`, `${licenceNumber}:renew-7`, `${licenceNumber}:renew-1`]);
    expect(await expireLicences({ database, now: lastDay })).toBe(0);
    expect((await publicLicence(licenceNumber, database, lastDay + DAY))?.status).toBe('expired');

    // An unchanged renewal goes straight to payment, with the old licence's trade and owners.
    const renewal = await applyForLicence(
      { fields: { financialYear: financialYearsOpen()[1], licenceType: 'renewal', oldLicenceNumber: licenceNumber, unchanged: 'true', feePaise: 125_000 }, documents: { identity: pdf('identity r'), 'old-licence': pdf('old licence') }, lang: 'en', source: 'web' },
      citizen,
      database,
    );
    const renewed = (await findCase(renewal.number, Date.now(), database, [TRADE_LICENCE]))!;
    expect([renewed.state, renewed.data.tradeName, (renewed.data.owners as unknown[]).length]).toEqual(['PendingPayment', 'Sharma General Store', 2]);

    // The same answers typed again (in other letters) are no change; a larger area sends the renewal through the checks.
    const nextYear = financialYearsOpen()[1];
    const renew = async (over: Record<string, unknown>, feePaise: number) => {
      const { number: n } = await applyForLicence(
        { fields: { financialYear: nextYear, licenceType: 'renewal', oldLicenceNumber: licenceNumber, feePaise, ...over }, documents: { identity: pdf(`identity ${JSON.stringify(over)}`), 'old-licence': pdf(`old ${JSON.stringify(over)}`) }, lang: 'en', source: 'web' },
        citizen,
        database,
      );
      return (await findCase(n, Date.now(), database, [TRADE_LICENCE]))!;
    };
    const same = await renew({ unchanged: 'true', tradeName: 'SHARMA  general store', areaSqft: '250', wardId: String(wardId) }, 125_000);
    expect([same.state, same.data.tradeName, same.data.renewalChanges]).toEqual(['PendingPayment', 'Sharma General Store', []]);
    const larger = await feeFor({ tradeType: 'grocery', structure: 'pucca', kind: 'renewal', areaSqft: 600, employees: 10, financialYear: nextYear }, Date.now(), database);
    expect(larger.ok && larger.totalPaise).not.toBe(125_000);
    await expect(renew({ unchanged: 'true', areaSqft: '600' }, 125_000)).rejects.toMatchObject({ status: 409 });
    const changed = await renew({ unchanged: 'true', areaSqft: '600', structureSubType: 'pucca' }, larger.ok ? larger.totalPaise : 0);
    expect([changed.state, changed.data.areaSqft, changed.data.unchanged, changed.data.renewalChanges, (changed.data.owners as unknown[]).length]).toEqual(['Applied', 600, false, ['areaSqft'], 2]);
    await expect(takeStep(TRADE_LICENCE, changed.number, 'renewUnchanged', {}, { party: 'system', userId: null, label: 'System' }, database)).rejects.toMatchObject({ status: 409 });
    // Through the checks again, as a new application goes.
    for (const code of ['identity', 'old-licence']) await judgeDocument(changed.number, code, { verdict: 'accept' }, staff.verifier, database);
    await takeStep(TRADE_LICENCE, changed.number, 'verify', {}, staff.verifier, database);
    await takeStep(TRADE_LICENCE, changed.number, 'forward', { note: 'Shop extended to 600 sq ft at the back.' }, staff.inspector, database);
    await takeStep(TRADE_LICENCE, changed.number, 'approve', {}, staff.approver, database);
    expect((await findCase(changed.number, Date.now(), database, [TRADE_LICENCE]))!.state).toBe('PendingPayment');
    // A trader who says something changed goes through the checks even when the answers match.
    const claimed = await renew({ unchanged: 'false', owners: [{ ...form().owners[1] }, { ...form().owners[0] }] }, 125_000);
    expect([claimed.state, claimed.data.renewalChanges]).toEqual(['Applied', []]);

    expect(await expireLicences({ database, now: lastDay + DAY })).toBe(1);
    expect((await findCase(number, Date.now(), database, [TRADE_LICENCE]))!.state).toBe('Expired');
  }));

  it('lets the approver cancel an issued licence, which then verifies as cancelled', inTestCouncil(async () => {
    const { number } = await applyForLicence({ fields: form({ tradeName: 'Gupta Tailors', tradeType: 'tailoring', structureSubType: 'kutcha', employees: 2, feePaise: 20_000 }), documents: documents('two'), lang: 'en', source: 'counter' }, staff.admin, database);
    for (const code of ['identity', 'premises', 'photo']) await judgeDocument(number, code, { verdict: 'accept' }, staff.verifier, database);
    await takeStep(TRADE_LICENCE, number, 'verify', {}, staff.verifier, database);
    await takeStep(TRADE_LICENCE, number, 'forward', { note: 'A kutcha shed of 250 sq ft on Station Road.' }, staff.inspector, database);
    await takeStep(TRADE_LICENCE, number, 'approve', {}, staff.approver, database);
    await collectAtCounter({ kind: 'trade-licence', reference: number, mode: 'cash', instrument: '', cashier: { id: staff.cashier.userId!, email: staff.cashier.label } }, database);
    const licenceNumber = (await findCase(number, Date.now(), database, [TRADE_LICENCE]))!.data.licenceNumber as string;
    await expect(takeStep(TRADE_LICENCE, number, 'cancel', { note: 'Trade moved elsewhere.' }, staff.verifier, database)).rejects.toMatchObject({ status: 403 });
    await expect(takeStep(TRADE_LICENCE, number, 'cancel', {}, staff.approver, database)).rejects.toMatchObject({ status: 400 });
    await takeStep(TRADE_LICENCE, number, 'cancel', { note: 'Trade moved elsewhere.' }, staff.approver, database);
    expect((await publicLicence(licenceNumber, database))?.status).toBe('cancelled');
    await expect(takeStep(TRADE_LICENCE, number, 'reject', { note: 'x' }, staff.approver, database)).rejects.toMatchObject({ status: 409 });
    expect(indianDate(Date.now())).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The register shows it cancelled, with its trade's category; the performance counts hold every application of the ward.
    const { entries } = await licenceRegister({ q: 'gupta' }, null, database);
    expect(entries).toEqual([expect.objectContaining({ licenceNumber, tradeName: 'Gupta Tailors', ward: '7', category: 'Service', status: 'cancelled' })]);
    const counts = await licencePerformance(database);
    const lodged = await database.selectFrom('service_case').select(['state']).where('service', '=', 'trade-licence').execute();
    expect(counts.byWard).toEqual([{ key: '7', received: lodged.length, issuedInTime: 2, pending: lodged.filter((c) => ['Applied', 'Inspection', 'PendingApproval'].includes(c.state)).length }]);
    expect(counts.byMonth.reduce((sum, m) => sum + m.received, 0)).toBe(lodged.length);
  }));
});

describe('the register as CSV', () => {
  it('quotes what needs quoting and never lets a trade name run as a spreadsheet formula', () => {
    const entry = { licenceNumber: 'NPK-TLN-2026-27-000001', ward: '7', category: 'Retail', tradeType: { en: 'Grocery shop', hi: 'किराना दुकान' }, validFrom: '2026-04-01', validUntil: '2027-03-31', status: 'valid' as const };
    const csv = registerCsv([
      { ...entry, tradeName: '=HYPERLINK("http://x","y")' },
      { ...entry, tradeName: '+91 Stores' },
      { ...entry, tradeName: '@home, "best" shop' },
      { ...entry, tradeName: '-5' },
    ]).split('\n');
    // UTF-8's byte order mark first, so that Excel reads Hindi names as Hindi.
    expect(csv[0]).toBe('\uFEFFlicence_number,trade_name,ward,category,trade_type,valid_from,valid_until,status');
    expect(csv[1]).toBe(`NPK-TLN-2026-27-000001,"'=HYPERLINK(""http://x"",""y"")",7,Retail,Grocery shop,2026-04-01,2027-03-31,valid`);
    expect(csv[2].split(',')[1]).toBe("'+91 Stores");
    expect(csv[3]).toBe(`NPK-TLN-2026-27-000001,"'@home, ""best"" shop",7,Retail,Grocery shop,2026-04-01,2027-03-31,valid`);
    expect(csv[4].split(',')[1]).toBe('-5');
  });
});

