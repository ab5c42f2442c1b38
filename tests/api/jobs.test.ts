import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../src/server/db';
import { ADMIN, OFFICER, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { createFreshDatabase, openServerDatabase, testPostgresUrl } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { grievanceEventRows, grievanceRow, setGrievance } from '../support/grievance-row';

/**
 * Time-driven steps run as jobs, with nobody reading: on SQLite the in-process runner runs a job when it is
 * due on the server's clock (moved here by the test) and catches up one missed while the server was down; on
 * PostgreSQL two instances share pg-boss and a due run happens once. The grievance jobs: a resolution nobody
 * rated closes after the auto-close days, and an open grievance past its due time gets one overdue notice to
 * its officer and one to the admins.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
let mobileSerial = 0;
const freshMobile = () => `96${String(30_000_000 + ++mobileSerial * 71).padStart(8, '0')}`;

interface Staff { admin: Record<string, string>; officerId: number }

async function lodge(server: TestServer): Promise<string> {
  const form = new FormData();
  const values = { category: '2', ward: '5', address: 'Ward 5 market lane', description: 'Drain overflowing onto the road.', name: 'Ramesh Prasad', mobile: freshMobile() };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const html = await (await fetch(`${server.url}/postgrievance`, { method: 'POST', body: form })).text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (!number) throw new Error('lodging failed');
  return number;
}

async function act(server: TestServer, staff: Staff, number: string, action: string, fields: Record<string, string> = {}, photos: Uint8Array<ArrayBuffer>[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos) form.append('photos', new File([photo], 'after.jpg', { type: 'image/jpeg' }));
  const res = await fetch(`${server.url}/api/Grievance/${number}/${action}`, { method: 'POST', headers: staff.admin, body: form });
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${await res.text()}`);
}

async function staffOf(server: TestServer, database: Db): Promise<Staff> {
  const officer = await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow();
  return { admin: bearer(await login(ADMIN.email, ADMIN.password, server.url)), officerId: officer.id };
}

const stateOf = async (database: Db, number: string) =>
  (await grievanceRow(database, number)).state;
const overdueNotices = (database: Db, number: string) =>
  database.selectFrom('outbox_message').select(['recipient', 'subject', 'body']).where('reference', '=', number).where('subject', 'like', 'Overdue:%').orderBy('id').execute();
const lastRun = async (database: Db, name: string) =>
  (await database.selectFrom('job_run').select('last_run_at').where('name', '=', name).executeTakeFirst())?.last_run_at;

describe('on SQLite, the in-process runner', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-clock-'));
  const clockFile = path.join(dir, 'offset');
  let offset = 0;
  const moveClock = (by: number) => fs.writeFileSync(clockFile, String((offset += by)));
  const serverNow = () => Date.now() + offset;
  let server: TestServer;
  let database: Db;
  let staff: Staff;
  let jpeg: Uint8Array<ArrayBuffer>;

  /** Moves the clock past the job's interval and waits until the runner has run it again. */
  async function runJob(name: string, interval: number) {
    const before = await lastRun(database, name);
    moveClock(interval + 1_000);
    // The run is taken (last_run_at moves) before its handler runs, and marked finished after.
    await until(async () => {
      const row = await database.selectFrom('job_run').select(['last_run_at', 'last_finished_at', 'last_error']).where('name', '=', name).executeTakeFirstOrThrow();
      return row.last_run_at !== before && row.last_finished_at !== null ? row : undefined;
    }, `a finished run of ${name}`);
  }

  beforeAll(async () => {
    fs.writeFileSync(clockFile, '0');
    // SQLite whatever TEST_POSTGRES_URL says: this is the in-process runner's test.
    server = await startServer({ DATABASE_URL: '', TEST_CLOCK_FILE: clockFile });
    database = openServerDatabase(server.dataDir);
    staff = await staffOf(server, database);
    jpeg = await sampleJpeg('#1d4ed8', 20, 16);
    await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
    // Every job runs on the first start (none has run before).
    await until(async () => {
      const rows = await database.selectFrom('job_run').select('name').execute();
      return rows.length === 8 ? rows : undefined;
    }, 'the first runs');
  });

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('closes a resolution nobody rated after the auto-close days, with nobody reading', async () => {
    const number = await lodge(server);
    await act(server, staff, number, 'assign', { officer: String(staff.officerId) });
    await act(server, staff, number, 'resolve', { note: 'Drain cleared.' }, [jpeg]);
    await setGrievance(database, number, { decided_at: new Date(serverNow() - 8 * DAY).toISOString() });
    expect(await stateOf(database, number)).toBe('Resolved');

    await runJob('case-timed-steps', 60 * MINUTE);
    expect(await stateOf(database, number)).toBe('Closed');
    const id = (await grievanceRow(database, number)).id;
    const events = (await grievanceEventRows(database, id)).map(({ action, actor_kind }) => ({ action, actor_kind }));
    expect(events.at(-1)).toEqual({ action: 'auto-close', actor_kind: 'system' });
    const told = await database.selectFrom('outbox_message').select('body').where('reference', '=', number).execute();
    expect(told.some((m) => m.body.includes(`Your grievance ${number} has been closed.`))).toBe(true);
  });

  it('sends one overdue notice to the officer and one to the admins when an open grievance passes its due time, and never again', async () => {
    const number = await lodge(server);
    await act(server, staff, number, 'assign', { officer: String(staff.officerId) });
    await runJob('case-overdue', MINUTE);
    expect(await overdueNotices(database, number)).toEqual([]);

    await setGrievance(database, number, { due_at: new Date(serverNow() - MINUTE).toISOString() });
    await runJob('case-overdue', MINUTE);
    const notices = await overdueNotices(database, number);
    const admins = await database.selectFrom('app_user').select('email').where('role', '=', 'admin').orderBy('id').execute();
    expect(notices.map((n) => n.recipient)).toEqual([OFFICER.email, admins.map((a) => a.email).join(', ')]);
    expect(notices[0].subject).toBe(`Overdue: grievance ${number}`);
    expect(notices[0].body).toContain(`Grievance ${number}, assigned to you, was due by`);
    expect(notices[1].body).toContain(`assigned to ${OFFICER.email}`);
    expect(notices[1].body).toContain(`${server.url}/grievances/${number}`);

    await runJob('case-overdue', MINUTE);
    await runJob('case-overdue', MINUTE);
    expect(await overdueNotices(database, number)).toHaveLength(2);
  });

  it('catches up a run missed while the server was stopped', async () => {
    const number = await lodge(server);
    await act(server, staff, number, 'assign', { officer: String(staff.officerId) });
    await act(server, staff, number, 'resolve', {}, [jpeg]);
    await server.stop();
    const before = await lastRun(database, 'case-timed-steps');
    // While it is down, the resolution grows stale and the hourly run falls due.
    await setGrievance(database, number, { decided_at: new Date(serverNow() - 8 * DAY).toISOString() });
    moveClock(2 * 60 * MINUTE);
    server = await startServer({ DATABASE_URL: '', TEST_CLOCK_FILE: clockFile }, { dataDir: server.dataDir });
    await until(async () => ((await stateOf(database, number)) === 'Closed' ? true : undefined), 'the caught-up auto-close');
    const after = await lastRun(database, 'case-timed-steps');
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!) + 2 * 60 * MINUTE - MINUTE);
  });
});

describe.skipIf(!testPostgresUrl())('on PostgreSQL, pg-boss shared by two instances', () => {
  let url: string;
  let first: TestServer;
  let second: TestServer;
  let database: Db;

  // Two starts, the first of them a first start with the demo content, made while the browser tests begin
  // beside this file (scripts/test.mjs): on a busy machine more than the usual 90 s.
  beforeAll(async () => {
    url = await createFreshDatabase(testPostgresUrl()!);
    // A platform of two councils (the demo's second is made on the first start with STATE_HOST): each due run
    // happens once per council, whichever instance takes it.
    first = await startServer({ DATABASE_URL: url, STATE_HOST: 'state.test' });
    second = await startServer({ DATABASE_URL: url, STATE_HOST: 'state.test' });
    database = openPostgres(url, 2);
  }, 240_000);

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.destroy();
  });

  // pg-boss's queue as it stands and the servers' last words, so a failure on a busy machine says what happened.
  async function whatHappened(err: unknown): Promise<Error> {
    const { rows } = await sql<Record<string, unknown>>`
      select name, data, state, created_on, started_on, completed_on from pgboss.job
      where name in ('case-overdue', '__pgboss__send-it') order by created_on`.execute(database).catch(() => ({ rows: [] }));
    const tail = (server: TestServer) => server.output().split('\n').slice(-15).join('\n');
    return new Error(`${err instanceof Error ? err.message : String(err)}\njobs:\n${rows.map((r) => JSON.stringify(r)).join('\n')}\nfirst server:\n${tail(first)}\nsecond server:\n${tail(second)}`);
  }

  // Up to two turns of the minute on real time, each of them late on a busy machine: hence the long waits.
  it('runs each due run once: one overdue notice per person, one schedule for both instances', { timeout: 420_000 }, () => dueRunsOnce().catch(async (err) => { throw await whatHappened(err); }));

  async function dueRunsOnce() {
    const staff = await staffOf(first, database);
    const number = await lodge(first);
    await act(first, staff, number, 'assign', { officer: String(staff.officerId) });
    await setGrievance(database, number, { due_at: new Date(Date.now() - MINUTE).toISOString() });
    // pg-boss turns the every-minute schedule into a job once a minute, on real time: a test server's monitor
    // looks every second, so this waits for the minute to turn (up to a minute), not for its next look.
    const noticedAt = Date.now();
    await until(async () => ((await overdueNotices(database, number)).length > 0 ? true : undefined), 'the overdue notices', { tries: 1800, everyMs: 100 });
    // And one more run after that, which must add nothing.
    await until(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'case-overdue' and state = 'completed' and completed_on > ${new Date(noticedAt + 1_000)}`.execute(database);
      return rows[0].n >= 2 ? true : undefined;
    }, 'a later run', { tries: 1800, everyMs: 100 });
    expect((await overdueNotices(database, number)).map((n) => n.recipient)).toEqual([OFFICER.email, ADMIN.email]);
    // The instances share one schedule rather than each keeping its own: fewer jobs than two a minute. Not
    // exactly one a minute: pg-boss decides a minute has turned by the instance's clock corrected by its estimate
    // of the database's, and keys that minute's job by the database's clock, so on a loaded machine an early
    // decision (12:59.6 by the database) and the next instance's on the minute can both make a job (seen:
    // 02:13:00.47 and 02:13:01.47). The notices above are the guarantee: a run finds nothing left to send.
    // The schedule's job names no council; it queues one job per council (src/server/jobs/pg-boss-runner.ts),
    // and each council's runs are as few: fewer than two a minute, for both councils of the platform.
    const { rows: made } = await sql<{ council: string | null; jobs: number; minutes: number }>`
      select data->>'council' as council, count(*)::int as jobs, count(distinct date_trunc('minute', created_on))::int as minutes
      from pgboss.job where name = 'case-overdue' group by data->>'council' order by 1 nulls first`.execute(database);
    expect(made.map((row) => row.council)).toEqual([null, '1', '2']);
    for (const row of made) {
      expect(row.jobs).toBeGreaterThan(0);
      expect(row.jobs, `council ${row.council}`).toBeLessThan(2 * row.minutes);
    }
    const { rows: [ran] } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'case-overdue' and data->>'council' = '2' and state = 'completed'`.execute(database);
    expect(ran.n).toBeGreaterThan(0);
    // Both instances took part in the queue: each registered its schedules and workers on one shared pg-boss.
    const { rows: schedules } = await sql<{ name: string }>`select name from pgboss.schedule order by name`.execute(database);
    expect(schedules.map((s) => s.name)).toEqual(['case-overdue', 'case-timed-steps', 'outbox-sweep', 'payments-reconcile-old', 'payments-reconcile-recent', 'trade-licence-reminders', 'ward-alert-digest', 'water-billing']);
  }
});
