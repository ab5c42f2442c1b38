import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { object, string } from 'yup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../src/server/db';
import { defineService } from '../../src/features/cases/service';
import { lodgeCase, takeStep, SYSTEM_ACTOR, type CaseActor } from '../../src/features/cases/cases.server';
import { outboxIdle } from '../../src/server/outbox';
import { openTestDatabase } from '../support/database';
import { inTestCouncil } from '../support/council';
import { seedDemoCouncil } from '../../db/seed/council';

// A service whose field officers may take a case themselves, beside the admin and the clock giving it to one.
const PITCH = defineService({
  name: 'pitch', title: { en: 'Market pitch', hi: 'बाज़ार स्थान' }, noun: 'request', series: { name: 'pitch', code: 'MP', shows: 'day' }, initial: 'Asked',
  states: { Asked: { en: 'Asked', hi: 'माँगा', open: true, dueHours: 48 }, Taken: { en: 'Taken', hi: 'लिया', open: true } },
  transitions: {
    take: { label: 'Assign', hi: 'सौंपें', from: ['Asked', 'Taken'], to: 'Taken', by: ['officer', 'admin', 'system'], effect: ({ fields }) => ({ assigneeId: Number(fields.officer) }) },
  },
  lodgedBy: ['citizen'],
  assigneeRoles: ['officer'],
  data: object({ goods: string().required() }),
  summary: ({ data }) => `A pitch to sell ${String(data.goods)}`,
  publicView: (c) => ({ number: c.number, state: c.state }),
  catalogue: () => ({ subject: (n: string, state: string) => `${n}: ${state}` }),
});

/**
 * The kernel tells whoever a step gives a case to, from the step itself (a person's, a bulk assignment's
 * or the clock's): once, and never the one who took it themselves.
 */
describe('the assignment email, from the kernel\'s step', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assignment-notice-'));
  let database: Db;
  const citizen: CaseActor = { party: 'citizen', userId: null, label: 'Citizen' };
  const people: Record<'admin' | 'first' | 'second', CaseActor> = {} as never;
  const to = (email: string) => database.selectFrom('outbox_message').select(['recipient', 'subject', 'body']).where('recipient', 'like', `%${email}%`).orderBy('id').execute();

  beforeAll(inTestCouncil(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database);
    // Its numbers carry the council's short name.
    await seedDemoCouncil(database);
    const account = async (email: string, role: 'admin' | 'officer', name: string | null) => {
      const { id } = await database.insertInto('app_user').values({ email, password_hash: 'x', role, name, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
      return { party: role, userId: id, label: email };
    };
    people.admin = await account('chief@pitch.test', 'admin', 'Rekha Verma');
    people.first = await account('first@pitch.test', 'officer', null);
    people.second = await account('second@pitch.test', 'officer', null);
  }));
  afterAll(async () => {
    await outboxIdle();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('goes to an officer given a case by someone else, once; not to one who takes it themselves', inTestCouncil(async () => {
    const contact = { name: 'Ravi', mobile: '9876500099', email: '', address: '' };
    const one = await lodgeCase(PITCH, { contact, data: { goods: 'Bangles' } }, {}, citizen, database);
    const two = await lodgeCase(PITCH, { contact, data: { goods: 'Tea' } }, {}, citizen, database);

    // Taken by the officer themselves: nobody is told.
    await takeStep(PITCH, one.number, 'take', { fields: { officer: people.first.userId } }, people.first, database);
    expect(await to('first@pitch.test')).toEqual([]);

    // Given by the admin, then the same again: one email, naming the admin by name.
    await takeStep(PITCH, two.number, 'take', { fields: { officer: people.first.userId } }, people.admin, database);
    await takeStep(PITCH, two.number, 'take', { fields: { officer: people.first.userId } }, people.admin, database);
    const told = await to('first@pitch.test');
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe(`Assigned to you: Market pitch ${two.number}`);
    expect(told[0].body).toContain(`Rekha Verma has assigned market pitch ${two.number} to you.`);
    expect(told[0].body).toContain('About: A pitch to sell Tea');
    expect(told[0].body).toMatch(/Due by: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d [AP]M \(India time\)/);
    expect(told[0].body).toContain(`/cases/${two.number}`);

    // Given by the clock (an automatic assignment): told too, once.
    await takeStep(PITCH, one.number, 'take', { fields: { officer: people.second.userId } }, SYSTEM_ACTOR, database);
    expect(await to('second@pitch.test')).toHaveLength(1);
    expect((await to('second@pitch.test'))[0].body).toContain(`System has assigned market pitch ${one.number} to you.`);
  }));
});
