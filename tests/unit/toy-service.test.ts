import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { object, string } from 'yup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { defineService } from '../../src/features/cases/service';
import { checkedServices } from '../../src/features/cases/registry';
import { lodgeCase, takeStep, type CaseActor } from '../../src/features/cases/cases.server';
import { caseEvents, listCases, publicViewOf } from '../../src/features/cases/case-queries.server';
import { sendCaseOverdueNotices, takeTimedSteps } from '../../src/features/cases/case-jobs.server';
import { outboxIdle } from '../../src/server/outbox';
import { sampleJpeg } from '../support/content-samples';
import { openTestDatabase } from '../support/database';
import { inTestCouncil } from '../support/council';
import { seedDemoCouncil } from '../../db/seed/council';

/** What the stall's fee requirement finds paid: a service's own requirement reads its own records. */
let paidPaise = 0;

// A whole service, declared in about 30 lines: the kernel does the rest.
const STALL = defineService({
  name: 'stall-permit', title: { en: 'Stall permit', hi: 'ठेला परमिट' }, noun: 'permit', series: { name: 'stall-permit', code: 'STL', shows: 'day' }, initial: 'Applied',
  states: {
    Applied: { en: 'Applied', hi: 'आवेदन किया', open: true, dueHours: 24 },
    Inspected: { en: 'Inspected', hi: 'निरीक्षण हुआ', open: true, dueHours: 48 },
    Granted: { en: 'Granted', hi: 'स्वीकृत' },
    Lapsed: { en: 'Lapsed', hi: 'व्यपगत' },
  },
  transitions: {
    inspect: { label: 'Inspect', hi: 'निरीक्षण', from: ['Applied'], to: 'Inspected', by: ['officer'], requires: ['photo'], effect: ({ fields }) => ({ data: { spot: fields.spot } }) },
    grant: { label: 'Grant', hi: 'स्वीकृत करें', from: ['Inspected'], to: 'Granted', by: ['admin'], requires: ['payment'], message: 'granted' },
    lapse: { label: 'Lapse', hi: 'व्यपगत', from: ['Inspected'], to: 'Lapsed', by: ['system'], afterHours: 24 * 30, message: 'lapsed' },
  },
  lodgedBy: ['citizen'],
  requirements: { payment: { load: async () => paidPaise, check: (c) => (c.loaded === 50_000 ? null : { status: 400, message: 'Pay the fee first.' }) } },
  data: object({ goods: string().required('Say what you will sell.').max(100) }),
  publicView: (c) => ({ number: c.number, state: c.state, goods: c.data.goods }),
  catalogue: (lang) => ({
    subject: (n: string, state: string) => `${n}: ${state}`,
    lodge: (n: string) => (lang === 'hi' ? `आपका आवेदन ${n} मिल गया है।` : `Your application ${n} has been received.`),
    granted: (n: string) => (lang === 'hi' ? `परमिट ${n} स्वीकृत।` : `Permit ${n} granted.`),
    lapsed: (n: string) => `Permit ${n} lapsed.`,
  }),
});

describe('a declaration that names what nothing provides', () => {
  const base = {
    name: 'broken', title: { en: 'Broken', hi: 'टूटा' }, noun: 'thing', series: { name: 'broken', code: 'BRK', shows: 'day' as const }, initial: 'Open' as const,
    states: { Open: { en: 'Open', hi: 'खुला', open: true as const }, Done: { en: 'Done', hi: 'पूरा' } },
    lodgedBy: ['citizen' as const],
    data: object({}),
    publicView: () => ({}),
    catalogue: () => ({ subject: (n: string) => n }),
  };
  it('stops the start when a step requires something neither the service nor the kernel provides (and the typecheck refuses it first)', () => {
    // @ts-expect-error -- 'payment' is neither the service's requirement nor a built-in one
    expect(() => defineService({ ...base, transitions: { finish: { label: 'Finish', hi: 'पूरा करें', from: ['Open'], to: 'Done', by: ['admin'], requires: ['payment'] } } }))
      .toThrow('broken: nothing provides the requirement finish: payment');
  });
  it('stops the start when a step names a role that does not exist (and the typecheck refuses it first)', () => {
    // @ts-expect-error -- 'adimn' is no role of the roles table, so the declaration does not compile
    const misspelt = defineService({ ...base, transitions: { finish: { label: 'Finish', hi: 'पूरा करें', from: ['Open'], to: 'Done', by: ['adimn'] } } });
    expect(() => checkedServices([misspelt])).toThrow('broken names parties that do not exist: adimn');
  });
  it('stops the start when a fee has no pay step for payments to take, or the service reads its own payment', () => {
    const fee = { paise: () => 10_000, title: { en: 'Fee', hi: 'शुल्क' }, referenceName: { en: 'Number', hi: 'संख्या' } };
    const finish = { label: 'Finish', hi: 'पूरा करें', from: ['Open' as const], to: 'Done' as const, by: ['system' as const], requires: ['payment' as const] };
    expect(() => defineService({ ...base, fee, transitions: { finish } })).toThrow("broken: a service with a fee declares a 'pay' step by the system that requires 'payment'");
    expect(() => defineService({ ...base, fee, transitions: { pay: { ...finish, by: ['admin' as const] } } })).toThrow("a 'pay' step by the system");
    const ownPayment = { payment: { check: () => null } };
    expect(() => defineService({ ...base, fee, requirements: ownPayment, transitions: { pay: finish } })).toThrow("broken: a service with a fee is paid through payments, not a 'payment' requirement of its own");
    expect(defineService({ ...base, fee, transitions: { pay: finish } }).fee).toBe(fee);
  });
  it('stops the start when a step counts its hours from a day but declares no hours', () => {
    const lapse = { label: 'Lapse', hi: 'व्यपगत', from: ['Open' as const], to: 'Done' as const, by: ['system' as const], afterDayOf: 'endsOn' };
    expect(() => defineService({ ...base, transitions: { lapse } })).toThrow('broken.lapse: afterDayOf without afterHours');
  });
});

describe('a service declared in one place, run by the kernel', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-service-'));
  let database: Db;
  const citizen: CaseActor = { party: 'citizen', userId: null, label: 'Citizen' };
  let officer: CaseActor;
  let admin: CaseActor;
  const contact = { name: 'Sunita Devi', mobile: '9876500011', email: '', address: 'Gali 4' };
  const outbox = () => database.selectFrom('outbox_message').select(['recipient', 'lang', 'subject', 'body', 'reference']).orderBy('id').execute();

  beforeAll(inTestCouncil(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database);
    // Its numbers carry the council's short name.
    await seedDemoCouncil(database);
    const user = async (email: string, role: 'admin' | 'officer') =>
      (await database.insertInto('app_user').values({ email, password_hash: 'x', role, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    officer = { party: 'officer', userId: await user('field@npk.test', 'officer'), label: 'field@npk.test' };
    admin = { party: 'admin', userId: await user('admin@npk.test', 'admin'), label: 'admin@npk.test' };
  }));
  afterAll(async () => {
    await outboxIdle();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lodges, lists in the inbox, takes two steps with their requirements, tells the citizen and notices an overdue case', inTestCouncil(async () => {
    await expect(lodgeCase(STALL, { contact, data: {} }, {}, citizen, database)).rejects.toMatchObject({ status: 400, message: 'Say what you will sell.' });
    const { number } = await lodgeCase(STALL, { contact, data: { goods: 'Tea' }, lang: 'hi' }, {}, citizen, database);
    expect(number).toMatch(/^NPK-STL-\d{4}-\d{2}-\d{2}-\d{6}$/);
    expect((await outbox()).at(-1)).toMatchObject({ recipient: contact.mobile, lang: 'hi', reference: number, body: expect.stringContaining(`आपका आवेदन ${number} मिल गया है।`) });

    const now = Date.now();
    const inbox = await listCases({ q: '+91 98765 00011', limit: 10, offset: 0 }, now, database, [STALL]);
    expect(inbox.rows.map((c) => [c.number, c.state, c.contact.name, c.overdue])).toEqual([[number, 'Applied', 'Sunita Devi', false]]);
    expect(JSON.stringify(publicViewOf(STALL, inbox.rows[0]))).not.toMatch(/Sunita|9876500011|Gali/);

    await expect(takeStep(STALL, number, 'inspect', {}, officer, database)).rejects.toMatchObject({ status: 400, message: 'Add at least one photo.' });
    await expect(takeStep(STALL, number, 'grant', {}, admin, database)).rejects.toMatchObject({ status: 409 });
    const photo = { bytes: await sampleJpeg(), contentType: 'image/jpeg' };
    await takeStep(STALL, number, 'inspect', { note: 'Pitch 12 is free', photos: [photo], fields: { spot: 'Pitch 12' } }, officer, database);
    // The service's own requirement, loaded in the step's transaction: refused until the fee is found paid.
    await expect(takeStep(STALL, number, 'grant', {}, admin, database)).rejects.toMatchObject({ status: 400, message: 'Pay the fee first.' });
    paidPaise = 50_000;
    await takeStep(STALL, number, 'grant', { note: 'Granted for a year', visibility: 'public' }, admin, database);

    const events = await caseEvents(inbox.rows[0].id, 'citizen', database);
    expect(events.map((e) => [e.action, e.from, e.to, e.note, e.photos.length])).toEqual([
      ['lodge', null, 'Applied', '', 0],
      ['inspect', 'Applied', 'Inspected', '', 1], // staff only unless staff say otherwise
      ['grant', 'Inspected', 'Granted', 'Granted for a year', 0],
    ]);
    expect((await outbox()).at(-1)).toMatchObject({ lang: 'hi', subject: `${number}: स्वीकृत`, body: expect.stringContaining(`/hi/my/cases/${number}`) });

    // The due-time job: a second application, a day and an hour later, is overdue; the admin hears once.
    const late = await lodgeCase(STALL, { contact, data: { goods: 'Fruit' } }, {}, citizen, database);
    const later = Date.now() + 25 * 3_600_000;
    expect(await sendCaseOverdueNotices({ database, now: later }, [STALL])).toBe(1);
    expect(await sendCaseOverdueNotices({ database, now: later }, [STALL])).toBe(0);
    expect((await outbox()).at(-1)).toMatchObject({ recipient: 'admin@npk.test', reference: late.number, subject: `Overdue: stall permit ${late.number}` });
    expect((await listCases({ overdue: true, limit: 10, offset: 0 }, later, database, [STALL])).rows.map((c) => c.number)).toEqual([late.number]);
    expect(await takeTimedSteps({ database, now: later }, [STALL])).toBe(0);
  }));

  it("numbers each service's cases in a series of its own, with no gap for another service's case or a lodging that failed", inTestCouncil(async () => {
    const KIOSK = { ...STALL, name: 'kiosk', series: { name: 'kiosk', code: 'KSK', shows: 'day' as const } };
    const serial = (number: string) => Number(number.slice(number.lastIndexOf('-') + 1));
    const first = await lodgeCase(STALL, { contact, data: { goods: 'Tea' } }, {}, citizen, database);
    const kiosk = await lodgeCase(KIOSK, { contact, data: { goods: 'Papers' } }, {}, citizen, database);
    // Fails inside its transaction, after its case row was written with its number: a contact needs a name.
    await expect(lodgeCase(STALL, { contact: { ...contact, name: null as unknown as string }, data: { goods: 'Tea' } }, {}, citizen, database)).rejects.toThrow();
    const next = await lodgeCase(STALL, { contact, data: { goods: 'Tea' } }, {}, citizen, database);
    expect(kiosk.number).toMatch(/^[A-Z0-9]+-KSK-\d{4}-\d{2}-\d{2}-000001$/);
    expect(serial(next.number)).toBe(serial(first.number) + 1);
  }));
});
