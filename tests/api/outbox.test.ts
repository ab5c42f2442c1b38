import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { RETRY_WAITS_MS } from '../../src/server/outbox/deliver';
import { openServerDatabase, testPostgresUrl } from '../support/database';
import { startMailServer, startSilentServer, type ReceivedMail } from '../support/mail';
import { freePort, startServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { grievanceRow } from '../support/grievance-row';

/**
 * Messages in the outbox survive what used to lose them: a mail server that is down (the message waits, is
 * tried again on the declared schedule and arrives once), and a kill -9 between the commit and the send (the
 * claim runs out and the next start sends it, once). A Hindi-lodged grievance is written to in Hindi, with a
 * link that opens it. Time is moved with the server's test clock, never waited out.
 */

const MINUTE = 60_000;
let mobileSerial = 0;
const freshMobile = () => `97${String(20_000_000 + ++mobileSerial * 53).padStart(8, '0')}`;

async function lodge(server: TestServer, fields: Record<string, string>, page = '/postgrievance'): Promise<string> {
  const form = new FormData();
  const values = { category: '1', ward: '3', address: 'House 7, Station Road', description: 'Street light out for three nights.', name: 'Meena Devi', mobile: freshMobile(), ...fields };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const res = await fetch(`${server.url}${page}`, { method: 'POST', body: form });
  const html = await res.text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (res.status !== 200 || !number) throw new Error(`lodging failed: ${res.status}`);
  return number;
}

const messagesAbout = (database: Db, number: string) => database.selectFrom('outbox_message').selectAll().where('reference', '=', number).orderBy('id').execute();
const triesOf = (database: Db, id: number) => database.selectFrom('outbox_attempt').select(['at', 'outcome', 'answer']).where('message_id', '=', id).orderBy('id').execute();
const mailsAbout = (mails: ReceivedMail[], number: string) => mails.filter((m) => m.body.includes(number));

function clock(): { file: string; set: (offsetMs: number) => void; dispose: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'council-clock-'));
  const file = path.join(dir, 'offset');
  fs.writeFileSync(file, '0');
  return { file, set: (offset) => fs.writeFileSync(file, String(offset)), dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function allowManyLodgings(database: Db) {
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
}

describe('with the mail server down', () => {
  const time = clock();
  let server: TestServer;
  let database: Db;
  let smtpPort: number;
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;

  beforeAll(async () => {
    smtpPort = await freePort(); // nothing listens there yet
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'grievances@council.example', TEST_CLOCK_FILE: time.file });
    database = openServerDatabase(server.dataDir);
    await allowManyLodgings(database);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    await mail?.close();
    time.dispose();
  });

  it('keeps the message waiting with the failed try, then sends it once on the retry after the server is back', async () => {
    const number = await lodge(server, { email: 'down@example.org' });
    const [waiting] = await until(async () => {
      const rows = await messagesAbout(database, number);
      return rows.length === 1 && rows[0].last_error ? rows : undefined;
    }, 'the first try');
    expect(waiting).toMatchObject({ channel: 'email', recipient: 'down@example.org', status: 'waiting', attempts: 1, claimed_until: null, lang: 'en' });
    const first = await triesOf(database, waiting.id);
    expect(first).toHaveLength(1);
    expect(first[0].outcome).toBe('failed');
    expect(first[0].answer).toMatch(/ECONNREFUSED/);
    // The next try is the schedule's first wait after the failure.
    expect(RETRY_WAITS_MS[0]).toBe(5 * MINUTE);
    expect(Date.parse(waiting.next_attempt_at) - Date.parse(first[0].at)).toBe(RETRY_WAITS_MS[0]);

    mail = await startMailServer(smtpPort);
    // A message lodged now goes at once; the waiting one keeps to its schedule and is not tried early.
    const second = await lodge(server, { email: 'second@example.org' });
    await until(() => mailsAbout(mail!.mails, second)[0], 'the second grievance\'s email');
    expect((await messagesAbout(database, number))[0]).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(mailsAbout(mail.mails, number)).toHaveLength(0);

    // Past the wait, the next sweep (the runner's, or the one right after another commit) sends it.
    time.set(RETRY_WAITS_MS[0] + MINUTE);
    const third = await lodge(server, { email: 'third@example.org' });
    const arrived = await until(() => mailsAbout(mail!.mails, number)[0], 'the retried email');
    expect(arrived.to).toBe('down@example.org');
    expect(arrived.subject).toBe(`Grievance ${number}: Lodged`);
    await until(() => mailsAbout(mail!.mails, third)[0], 'the third grievance\'s email');
    const [sent] = await until(async () => {
      const rows = await messagesAbout(database, number);
      return rows[0].status === 'sent' ? rows : undefined;
    }, 'the message marked sent');
    expect(sent).toMatchObject({ attempts: 2, claimed_until: null, last_error: '' });
    const tries = await triesOf(database, sent.id);
    expect(tries.map((t) => t.outcome)).toEqual(['failed', 'sent']);
    expect(tries[1].answer).toMatch(/^250 /);

    // Later sweeps send nothing again: one more after a commit, and (on SQLite) the runner's own.
    const fourth = await lodge(server, { email: 'fourth@example.org' });
    await until(() => mailsAbout(mail!.mails, fourth)[0], 'the fourth grievance\'s email');
    if (!testPostgresUrl()) {
      const seen = (await database.selectFrom('job_run').select('last_run_at').where('name', '=', 'outbox-sweep').executeTakeFirstOrThrow()).last_run_at;
      time.set(RETRY_WAITS_MS[0] + 3 * MINUTE);
      await until(async () => {
        const row = await database.selectFrom('job_run').select('last_run_at').where('name', '=', 'outbox-sweep').executeTakeFirstOrThrow();
        return row.last_run_at !== seen ? true : undefined;
      }, 'a scheduled sweep');
    }
    expect(mailsAbout(mail.mails, number)).toHaveLength(1);
    expect((await triesOf(database, sent.id)).length).toBe(2);
  });

  it('writes to a citizen who lodged in Hindi in Hindi, with a link that opens the grievance in Hindi', async () => {
    mail ??= await startMailServer(smtpPort);
    const number = await lodge(server, { email: 'hindi@example.org', name: 'सीता देवी' }, '/hi/postgrievance');
    const stored = await grievanceRow(database, number);
    expect(stored.lang).toBe('hi');
    const received = await until(() => mailsAbout(mail!.mails, number)[0], 'the Hindi email');
    const link = `${server.url}/hi/trackgrievance?number=${number}`;
    expect(received.body).toContain(`आपकी शिकायत ${number} दर्ज हो गई है।`);
    expect(received.body).toContain(`इसकी प्रगति यहाँ देखें: ${link}`);
    const [message] = await messagesAbout(database, number);
    expect(message).toMatchObject({ lang: 'hi', subject: `शिकायत ${number}: दर्ज` });
    const page = await (await fetch(link)).text();
    expect(page).toContain(`value="${number}"`);
    expect(page).toContain('lang="hi"');

    // An English lodging on the same server is written to in English.
    const english = await lodge(server, { email: 'english@example.org' });
    const inEnglish = await until(() => mailsAbout(mail!.mails, english)[0], 'the English email');
    expect(inEnglish.body).toContain(`${server.url}/trackgrievance?number=${english}`);
  });
});

describe('a kill -9 between the commit and the send', () => {
  const time = clock();
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  let database: Db | undefined;
  let silent: Awaited<ReturnType<typeof startSilentServer>> | undefined;
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database?.destroy();
    await silent?.close();
    await mail?.close();
    time.dispose();
  });

  it('loses nothing: the next start sends the message once its claim has run out, and only once', async () => {
    silent = await startSilentServer();
    first = await startServer({ SMTP_URL: `smtp://127.0.0.1:${silent.port}`, TEST_CLOCK_FILE: time.file });
    database = openServerDatabase(first.dataDir);
    await allowManyLodgings(database);
    const number = await lodge(first, { email: 'killed@example.org' });
    // The send is under way: claimed, and the mail server took a connection it will never answer.
    const [inFlight] = await until(async () => {
      const rows = await messagesAbout(database!, number);
      return rows[0]?.claimed_until && silent!.connections() > 0 ? rows : undefined;
    }, 'the send to start', { tries: 600, everyMs: 50 }); // up to 30 s: on a busy machine the worker's first look can lag
    expect(inFlight).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(inFlight.claimed_until).not.toBeNull();

    process.kill(first.pid, 'SIGKILL');
    await until(() => {
      try {
        process.kill(first!.pid, 0);
        return undefined;
      } catch {
        return true;
      }
    }, 'the killed server to be gone');
    expect(await triesOf(database, inFlight.id)).toEqual([]);

    // Restarted past the claim, with a mail server that answers.
    time.set(3 * MINUTE);
    mail = await startMailServer();
    second = await startServer({ SMTP_URL: `smtp://127.0.0.1:${mail.port}`, TEST_CLOCK_FILE: time.file }, { dataDir: first.dataDir });
    const received = await until(() => mailsAbout(mail!.mails, number)[0], 'the email after the restart');
    expect(received.to).toBe('killed@example.org');
    const [sent] = await until(async () => {
      const rows = await messagesAbout(database!, number);
      return rows[0].status === 'sent' ? rows : undefined;
    }, 'the message marked sent');
    expect(sent.attempts).toBe(2);
    const tries = await triesOf(database, sent.id);
    expect(tries.map((t) => t.outcome)).toEqual(['failed', 'sent']);
    expect(tries[0].answer).toMatch(/^interrupted/);

    const later = await lodge(second, { email: 'later@example.org' });
    await until(() => mailsAbout(mail!.mails, later)[0], 'a later email, after another sweep');
    expect(mailsAbout(mail.mails, number)).toHaveLength(1);
  });
});
