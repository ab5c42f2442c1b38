import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { addUser } from '../../src/server/auth/users';
import { CONTENT_TYPES } from '../../src/features/content-types';
import { formatWhen } from '../../src/lib/format';
import { rupees } from '../../src/features/payments/money';
import { ADMIN, CASHIER, USER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startMailServer, type ReceivedMail } from '../support/mail';
import { startSmsGateway, type SentText, type SmsGateway } from '../support/sms';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * Staff and payers are told of what concerns them, through the outbox, once per event: an officer of a case
 * given to them (not of one they already had, nor twice for a repeated or simultaneous request), an editor of
 * an item sent back with the reviewer's comment, and a payer of record of a cheque the bank returned, in
 * their language, with where to pay. Its own server: the test reads the outbox behind the server's back, with
 * a mail server and an SMS gateway to deliver to.
 */
let server: TestServer;
let database: Db;
let gateway: SmsGateway;
let mail: Awaited<ReturnType<typeof startMailServer>>;
const texts: SentText[] = [];
const url = (p: string) => `${server.url}${p}`;
const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

const outboxTo = (recipient: string) => database.selectFrom('outbox_message').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
const mailsTo = (to: string): ReceivedMail[] => mail.mails.filter((m) => m.to === to);
/** How staff are named to each other: their name, or the email of an account without one. */
const staffName = async (email: string) => {
  const row = await database.selectFrom('app_user').select(['name', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  return row.name?.trim() || row.email;
};

async function staffAccount(email: string, role: 'officer' | 'editor'): Promise<{ id: number; token: string }> {
  await addUser(email, `${role}-notices-2026`, role, database);
  const { id } = await database.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id, token: await login(email, `${role}-notices-2026`, server.url) };
}

async function lodge(mobile: string): Promise<string> {
  const form = new URLSearchParams({ category: '1', ward: '3', address: 'House 9, Lane 4', landmark: 'Near the water tank', description: 'The drain   is blocked\nagain after the rain.', name: 'Kamla Devi', mobile, email: '' });
  const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
  const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
  if (!number) throw new Error('not lodged');
  return number;
}

let tokens: { admin: string; desk: string; cashier: string };

beforeAll(async () => {
  mail = await startMailServer();
  gateway = await startSmsGateway(texts);
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'office@council.example', SMS_GATEWAY_URL: gateway.urlTemplate });
  database = openServerDatabase(server.dataDir);
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  tokens = {
    admin: await login(ADMIN.email, ADMIN.password, server.url),
    desk: await login(USER.email, USER.password, server.url),
    cashier: await login(CASHIER.email, CASHIER.password, server.url),
  };
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
  await gateway?.stop();
});

describe('an officer given a case', () => {
  const assign = (number: string, officer: number) => fetch(url(`/api/Staff/cases/${number}/assign`), { method: 'POST', headers: json(tokens.desk), body: JSON.stringify({ officer }) });

  it('gets one email naming the case, what it is about, its due time in India time and the staff page; none again for the same assignment', async () => {
    const first = await staffAccount('field.one@notices.example', 'officer');
    const second = await staffAccount('field.two@notices.example', 'officer');
    const number = await lodge('9812300011');
    expect((await assign(number, first.id)).status).toBe(200);
    // The same request again (a double press, a retried call) changes nothing for the officer.
    expect((await assign(number, first.id)).status).toBe(200);

    const sent = await outboxTo('field.one@notices.example');
    expect(sent).toHaveLength(1);
    const due = (await database.selectFrom('service_case').select('due_at').where('number', '=', number).executeTakeFirstOrThrow()).due_at!;
    const category = (await database.selectFrom('grievance_type').select('grievance_title').where('id', '=', 1).executeTakeFirstOrThrow()).grievance_title;
    expect(sent[0]).toMatchObject({ channel: 'email', lang: 'en', reference: number, subject: `Assigned to you: Grievance ${number}` });
    expect(sent[0].body).toBe([
      `${await staffName(USER.email)} has assigned grievance ${number} to you.`,
      '',
      `About: ${category} (ward 3, Near the water tank): The drain is blocked again after the rain.`,
      `Due by: ${formatWhen(due, 'en')} (India time)`,
      '',
      `Open the case at ${url(`/grievances/${number}`)}`,
    ].join('\n'));
    const arrived = await until(() => mailsTo('field.one@notices.example')[0], 'the assignment email');
    expect(arrived.subject).toBe(`Assigned to you: Grievance ${number}`);

    // Given to another officer by several requests at once: that officer hears of it once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => assign(number, second.id)));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await outboxTo('field.two@notices.example')).toHaveLength(1);
    expect(await outboxTo('field.one@notices.example')).toHaveLength(1);
  });

  it('shows the assignment email on the admins\' outbox page', async () => {
    const html = await (await fetch(url('/notifications'), { headers: bearer(tokens.admin) })).text();
    expect(html).toContain('field.two@notices.example');
    expect(html).toMatch(/Assigned to you: Grievance NPK-PGR-/);
  });
});

describe('an editor whose item is sent back', () => {
  const news = CONTENT_TYPES.find((t) => t.path === 'latest-news')!;
  const step = (token: string, id: number, body: object) => fetch(url(`/api/Admin/latest-news/${id}/state`), { method: 'POST', headers: json(token), body: JSON.stringify(body) });

  it('gets one email with the comment and the link to edit it; a repeated or simultaneous send-back tells nobody twice', async () => {
    const editor = await staffAccount('writer@notices.example', 'editor');
    const title = 'Vaccination camp on Sunday';
    const created = await fetch(url('/api/Admin/latest-news'), { method: 'POST', headers: json(editor.token), body: JSON.stringify({ id: 0, title, description: 'At the ward office.' }) });
    expect(created.status).toBe(201);
    const id = Number(((await created.json()) as { id: number }).id);
    expect((await step(editor.token, id, { action: 'submit' })).status).toBe(200);
    // Five presses at once: one sends it back, the others find it sent back already.
    const answers = await Promise.all(Array.from({ length: 5 }, () => step(tokens.admin, id, { action: 'send_back', comment: 'Add the camp\'s hours and the ward.' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await step(tokens.admin, id, { action: 'send_back', comment: 'Again' })).status).toBe(409);

    const sent = await outboxTo('writer@notices.example');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', lang: 'en', subject: `Sent back: ${news.heading} "${title}"` });
    expect(sent[0].body).toBe([
      `${await staffName(ADMIN.email)} has sent back your ${news.heading} item "${title}" with this comment:`,
      '',
      'Add the camp\'s hours and the ward.',
      '',
      `Change it and send it for review again at ${url(`${news.adminRoute}?edit=${id}`)}`,
    ].join('\n'));
    await until(() => mailsTo('writer@notices.example')[0], 'the send-back email');
  });
});

describe('a payer whose cheque bounced', () => {
  const collect = async (number: string) => {
    const res = await fetch(url('/counter'), { method: 'POST', headers: bearer(tokens.cashier), body: new URLSearchParams({ action: 'collect', number, mode: 'cheque', instrument: '004512 State Bank of India', amount: '' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    return decodeURIComponent(/done=([^&]+)/.exec(res.headers.get('location') ?? '')![1]);
  };
  const bounce = (number: string, receipt: string) =>
    fetch(url('/counter'), { method: 'POST', headers: bearer(tokens.cashier), body: new URLSearchParams({ action: 'bounce-confirm', number, receipt, reason: 'insufficient funds' }), redirect: 'manual' });
  const noticesOf = async (receipt: string) => (await database.selectFrom('outbox_message').selectAll().where('reference', '=', receipt).orderBy('id').execute()).filter((m) => m.subject.includes('Cheque returned'));

  it('is texted once, in Hindi and English (the register keeps no language), with the property, the amount owed again and where to pay', async () => {
    await database.updateTable('property').set({ mobile: '9812300044' }).where('number', '=', 'W05-0009').execute();
    const receipt = await collect('W05-0009');
    const amount = (await database.selectFrom('payment_receipt').select('amount_paise').where('number', '=', receipt).executeTakeFirstOrThrow()).amount_paise;
    const owed = rupees(amount);
    const answers = await Promise.all(Array.from({ length: 5 }, () => bounce('W05-0009', receipt)));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409, 409, 409]);
    expect((await bounce('W05-0009', receipt)).status).toBe(409);

    const notices = await noticesOf(receipt);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ channel: 'sms', recipient: '9812300044', subject: `चेक लौटा: रसीद ${receipt} रद्द / Cheque returned: receipt ${receipt} cancelled` });
    expect(notices[0].body).toContain(`(संपत्ति संख्या W05-0009) के लिए आपका चेक बैंक ने लौटा दिया है, इसलिए रसीद ${receipt} रद्द कर दी गई है और ₹${owed} फिर से देय है।`);
    expect(notices[0].body).toContain(`भुगतान ऑनलाइन ${url('/hi/paypropertytax?number=W05-0009')} पर या नगर परिषद कार्यालय में करें।`);
    expect(notices[0].body).toContain(`the bank returned your cheque for Property tax (Property number W05-0009), so receipt ${receipt} is cancelled and ₹${owed} is owed again.`);
    expect(notices[0].body).toContain(`Pay online at ${url('/paypropertytax?number=W05-0009')} or at the council office.`);
    // The receipt's own SMS names the number too: the bounce's is the one that says the cheque came back.
    const text = await until(() => texts.find((t) => t.message.includes(receipt) && t.message.includes('लौटा')), 'the bounce SMS');
    expect(text.mobile).toBe('919812300044');
  });

  it('is not written to when the bill holds no contact for them', async () => {
    await database.updateTable('property').set({ mobile: '' }).where('number', '=', 'W05-0010').execute();
    const receipt = await collect('W05-0010');
    expect((await bounce('W05-0010', receipt)).status).toBe(303);
    expect(await noticesOf(receipt)).toEqual([]);
  });

  it('hears of a trade licence fee\'s cheque in the language they applied in', async () => {
    const application = await database.selectFrom('service_case').select('number').where('service', '=', 'trade-licence').where('state', '=', 'PendingPayment').executeTakeFirstOrThrow();
    await database.updateTable('service_case').set({ lang: 'hi' }).where('number', '=', application.number).execute();
    const contact = await database.selectFrom('case_contact').innerJoin('service_case', 'service_case.id', 'case_contact.case_id').select(['mobile', 'email']).where('number', '=', application.number).executeTakeFirstOrThrow();
    const receipt = await collect(application.number);
    expect((await bounce(application.number, receipt)).status).toBe(303);
    // One per channel the applicant gave (the demo's invented applicants' stay in the log), each in Hindi.
    const notices = await database.selectFrom('outbox_message').selectAll().where('reference', '=', receipt).where('subject', '=', `चेक लौटा: रसीद ${receipt} रद्द`).execute();
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.every((n) => n.lang === 'hi' && [contact.mobile, contact.email].some((c) => c && n.recipient.includes(c)))).toBe(true);
    expect(await noticesOf(receipt)).toEqual([]);
    expect(notices[0].body).toContain(`(आवेदन संख्या ${application.number})`);
    expect(notices[0].body).toContain('भुगतान नगर परिषद कार्यालय में करें।');
    expect(notices[0].body).not.toMatch(/Property|owed again/);
  });
});
