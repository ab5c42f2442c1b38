import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { APPROVER, INSPECTOR, OFFICER, USER, VERIFIER, bearer, login } from '../support/api';
import { samplePdf } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { messages } from '../../src/i18n/messages';

/**
 * The trade licence over HTTP: the fee call, applying as multipart (a missing document, a fee no longer the
 * fee), the form's POST-redirect-GET with its one-time token, the verifier's per-document verdicts, staff steps
 * through the kernel's /api/Staff/cases/{number}/{action} with each wrong role refused, and /verify and its
 * JSON for the demo's licences (valid, cancelled, expired) with nothing personal. The payment that issues a
 * licence is followed in tests/unit/trade-licence-journey.test.ts.
 */
let server: TestServer;
let database: Db;
let tokens: Record<'verifier' | 'inspector' | 'approver' | 'officer' | 'user', string>;
const url = (p: string) => `${server.url}${p}`;
let financialYear = '';

function application(over: Record<string, string> = {}, documents = ['identity', 'premises', 'photo']): FormData {
  const fields: Record<string, string> = {
    financialYear, licenceType: 'new', tradeName: 'Verma Kirana', structureType: 'immovable', structureSubType: 'pucca', commencementDate: '2024-06-01',
    areaSqft: '250', employees: '10', tradeCategory: 'Retail', tradeType: 'grocery', tradeSubType: 'Provisions', wardId: '1', doorNo: '4', road: 'Mill Road',
    locality: 'Purani Bazar', pincode: '845401', correspondenceAddress: '4 Mill Road', feePaise: '125000',
    owner1_name: 'Dinesh Verma', owner1_guardianName: 'Ram Verma', owner1_relationship: 'Father', owner1_gender: 'Male', owner1_dateOfBirth: '1979-03-02',
    owner1_mobile: '9800011122', owner1_pan: 'ABCDE1234F',
    ...over,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const code of documents) form.append(`doc_${code}`, new File([samplePdf(`${code} ${Math.random()}`)], `${code}.pdf`, { type: 'application/pdf' }));
  return form;
}

const apply = async (form: FormData) => {
  const res = await fetch(url('/api/Public/trade-licence/applications'), { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as any };
};
const step = async (token: string, number: string, action: string, body: object = {}) => {
  const res = await fetch(url(`/api/Staff/cases/${number}/${action}`), { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};
const judge = async (token: string, number: string, code: string, verdict: 'accept' | 'refuse', reason = '') =>
  (await fetch(url(`/api/Staff/trade-licence/${number}/documents`), { method: 'POST', headers: { ...bearer(token), accept: 'application/json' }, body: new URLSearchParams({ code, verdict, reason }) })).status;

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  tokens = {
    verifier: await login(VERIFIER.email, VERIFIER.password, server.url),
    inspector: await login(INSPECTOR.email, INSPECTOR.password, server.url),
    approver: await login(APPROVER.email, APPROVER.password, server.url),
    officer: await login(OFFICER.email, OFFICER.password, server.url),
    user: await login(USER.email, USER.password, server.url),
  };
  const fee = await fetch(url('/api/Public/trade-licence/fee?tradeType=grocery&structure=pucca&kind=new&area=250&employees=10'));
  expect(fee.status).toBe(200);
  expect(await fee.json()).toMatchObject({ ok: true, totalPaise: 125_000 });
  const stored = await database.selectFrom('service_case').select('data').where('service', '=', 'trade-licence').executeTakeFirstOrThrow();
  financialYear = (JSON.parse(stored.data) as { financialYear: string }).financialYear;
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('trade licence over HTTP', () => {
  it('answers the fee, and refuses an application short of a document or priced before a change', async () => {
    expect((await fetch(url('/api/Public/trade-licence/fee?tradeType=grocery&area=ten&employees=1'))).status).toBe(400);
    expect((await fetch(url('/api/Public/trade-licence/fee?tradeType=fireworks&area=10&employees=1'))).status).toBe(404);
    expect(await apply(application({}, ['identity', 'premises']))).toMatchObject({ status: 400, body: { errors: { doc_photo: 'Attach this document.' } } });
    expect(await apply(application({ feePaise: '100000' }))).toMatchObject({ status: 409, body: { errors: { feePaise: '125000' } } });
    expect(await apply(application({ owner1_pan: 'ABC' }))).toMatchObject({ status: 400 });
  });

  it('lodges the form once per token and answers its number after a redirect', async () => {
    const form = application({ form_token: 'tl-token-0123456789abcdef' });
    const first = await fetch(url('/tradelicense'), { method: 'POST', body: form, redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = first.headers.get('location') ?? '';
    expect(location).toMatch(/^\/tradelicense\?applied=NPK-TL-\d{4}-\d{2}-\d{2}-\d{6}$/);
    // A repeat sends the same form again: the same token, fields and documents.
    const again = await fetch(url('/tradelicense'), { method: 'POST', body: form, redirect: 'manual' });
    expect(again.headers.get('location')).toBe(location);
    const page = await (await fetch(url(location))).text();
    expect(page).toContain(location.split('=')[1]);
  });

  it('takes each staff step by its own role only, through the kernel and the document verdicts', async () => {
    const { status, body } = await apply(application());
    expect(status).toBe(201);
    const number = body.number as string;
    expect((await step(tokens.officer, number, 'verify')).status).toBe(404);
    expect((await step(tokens.inspector, number, 'verify')).status).toBe(403);
    expect((await step(tokens.verifier, number, 'verify')).status).toBe(409);
    expect(await judge(tokens.approver, number, 'identity', 'accept')).toBe(403);
    expect(await judge(tokens.verifier, number, 'premises', 'refuse')).toBe(400);
    for (const code of ['identity', 'premises', 'photo']) expect(await judge(tokens.verifier, number, code, 'accept')).toBe(200);
    expect(await step(tokens.verifier, number, 'verify')).toMatchObject({ status: 200, body: { state: 'Inspection' } });
    // The inspector's form asks for the report by name, as a required field, not as an optional note.
    const page = await (await fetch(url(`/cases/${number}`), { headers: bearer(tokens.inspector) })).text();
    const forward = /<section[^>]*data-action="forward"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(forward).toContain('Inspection report (required: what was found at the premises)');
    expect(forward).toMatch(/<textarea name="note"[^>]* required[^>]* minlength="10"/);
    expect(forward).not.toContain('Note (optional)');
    expect((await step(tokens.inspector, number, 'forward', { note: '' })).status).toBe(400);
    expect(await step(tokens.inspector, number, 'forward', { note: 'Premises as described, 250 sq ft.' })).toMatchObject({ status: 200, body: { state: 'PendingApproval' } });
    expect((await step(tokens.inspector, number, 'approve')).status).toBe(403);
    expect(await step(tokens.approver, number, 'approve')).toMatchObject({ status: 200, body: { state: 'PendingPayment' } });
    expect((await step(tokens.approver, number, 'pay')).status).toBe(403);
  });

  it('lets the counter clerk upload the replacement for a refused document, kept private, which resubmits', async () => {
    const applied = await apply(application({ owner1_mobile: '9800011133' }));
    expect(applied.status).toBe(201);
    const number = applied.body.number as string;
    expect(await judge(tokens.verifier, number, 'premises', 'refuse', 'Unsigned agreement')).toBe(200);
    expect((await step(tokens.verifier, number, 'sendBack', { note: 'Send the signed agreement.' })).status).toBe(200);
    const replace = (token: string, files: Record<string, File>, json = true) => {
      const form = new FormData();
      for (const [code, file] of Object.entries(files)) form.append(`doc_${code}`, file);
      return fetch(url(`/api/Staff/trade-licence/${number}/replacements`), { method: 'POST', headers: { ...bearer(token), ...(json ? { accept: 'application/json' } : {}) }, body: form, redirect: 'manual' });
    };
    const pdf = (label: string) => new File([samplePdf(label)], `${label}.pdf`, { type: 'application/pdf' });
    // Only the desk and admins upload for an applicant; a reviewer is refused before the form is read.
    expect((await replace(tokens.verifier, { premises: pdf('signed') })).status).toBe(403);
    expect((await replace(tokens.user, {})).status).toBe(400);
    // The case page's form is sent back to the panel, which words the refusal in the page's language.
    const refused = await replace(tokens.user, { premises: new File(['plain words'], 'agreement.txt', { type: 'text/plain' }) }, false);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`/cases/${number}?replace=file#tl-replace`);
    expect((await replace(tokens.user, { premises: pdf(`signed ${number}`) })).status).toBe(200);
    const after = await database.selectFrom('service_case').select(['id', 'state']).where('number', '=', number).executeTakeFirstOrThrow();
    expect(after.state).toBe('Applied');
    const stored = await database
      .selectFrom('case_event_media')
      .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
      .innerJoin('media', 'media.id', 'case_event_media.media_id')
      .select(['media.private', 'case_event.actor_label'])
      .where('case_event.case_id', '=', after.id)
      .where('case_event.action', '=', 'resubmit')
      .execute();
    expect(stored).toEqual([{ private: 1, actor_label: USER.email }]);
    // Once resubmitted, nothing waits for the applicant.
    expect((await replace(tokens.user, { premises: pdf('again') })).status).toBe(409);
  });

  it('verifies the demo licences, valid, cancelled and expired, with nothing personal', async () => {
    const licences = await database.selectFrom('trade_licence').select('number').orderBy('id').execute();
    const answers = await Promise.all(licences.map(async (l) => (await fetch(url(`/api/Public/trade-licence/verify/${l.number}`))).json() as Promise<any>));
    expect(answers.map((a) => a.status)).toEqual(['valid', 'valid', 'cancelled', 'expired']);
    expect(JSON.stringify(answers)).not.toMatch(/98123456|ABCDE|Sita Ram/);
    const page = await fetch(url(`/hi/verify/${licences[2].number}`));
    expect(page.status).toBe(200);
    const cancelled = await page.text();
    expect(cancelled).toContain('रद्द लाइसेंस');
    // A licence no longer in force says so where a valid one gives its dates.
    const hi = messages('hi').tradeLicence;
    expect(cancelled).toContain(`<dt>${hi.standing}</dt><dd>${hi.cancelledNotValid}</dd>`);
    const expired = await (await fetch(url(`/verify/${licences[3].number}`))).text();
    expect(expired).toMatch(/<dt>Validity<\/dt><dd>Expired: it was valid until \d{1,2} \w+ \d{4}<\/dd>/);
    expect((await fetch(url('/api/Public/trade-licence/verify/NPK-TLN-2026-27-999999'))).status).toBe(404);
  });

  it('tells the applicant of a refused application the reason the reviewer gave', async () => {
    const rejected = await database
      .selectFrom('service_case')
      .innerJoin('case_contact', 'case_contact.case_id', 'service_case.id')
      .innerJoin('case_event', 'case_event.case_id', 'service_case.id')
      .select(['service_case.number', 'case_contact.mobile', 'case_event.note'])
      .where('service_case.service', '=', 'trade-licence')
      .where('service_case.state', '=', 'Rejected')
      .where('case_event.action', '=', 'reject')
      .executeTakeFirstOrThrow();
    const res = await fetch(url('/tradelicense/track'), { method: 'POST', headers: { origin: server.url }, body: new URLSearchParams({ number: rejected.number, mobile: rejected.mobile }) });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<dt>Why it was rejected</dt><dd data-testid="reason">${rejected.note}</dd>`);
    expect(html).toContain('Not checked: the application was closed first');
  });
});
