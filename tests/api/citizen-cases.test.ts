import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { lodgeCase } from '../../src/features/cases/cases.server';
import { unknownParties } from '../../src/features/cases/registry';
import { installedServices } from '../../src/features/modules';
import { installPortalModules } from '../../src/modules';
import { unprovidedRequirements, type AnyService } from '../../src/features/cases/service';
import { STALL_PERMIT } from '../../src/features/stall-permit/stall-permit.service';
import { ADMIN, CASHIER, bearer, login } from '../support/api';
import { samplePdf } from '../support/content-samples';
import { asTestCouncil } from '../support/council';
import { openServerDatabase } from '../support/database';
import { licenceApplicationFields } from '../support/licence-application';
import { startServer, type TestServer } from '../support/server';

/**
 * The contract every service on the case kernel keeps with its citizens, checked for each declared service and
 * the tests' stall permit: the parties it names exist and the requirements it names are provided; a case lodged
 * with a mobile is on that citizen's /my and in their JSON; the link in each message it sent opens the case for
 * them, in the message's language; a stranger is sent to sign in and another citizen finds nothing.
 *
 * A new service adds how to lodge one of its cases to LODGE below, or this file fails.
 */
let server: TestServer;
let database: Db;
let adminToken: string;
const url = (p: string) => `${server.url}${p}`;

const LODGE: Record<string, (mobile: string) => Promise<string>> = {
  grievance: async (mobile) => {
    const form = new URLSearchParams({ category: '1', ward: '3', address: 'House 9, Lane 4', landmark: '', description: 'The hand pump is broken.', name: 'Meena Kumari', mobile, email: '' });
    const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
    const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
    if (!number) throw new Error('the grievance was not lodged');
    return number;
  },
  'trade-licence': async (mobile) => {
    const stored = await database.selectFrom('service_case').select('data').where('service', '=', 'trade-licence').executeTakeFirstOrThrow();
    const { financialYear } = JSON.parse(stored.data) as { financialYear: string };
    const fields = licenceApplicationFields(financialYear, {
      tradeName: 'Meena Tailors', tradeSubType: 'Provisions', owner1_name: 'Meena Kumari', owner1_guardianName: 'Ram Lal', owner1_gender: 'Female',
      owner1_dateOfBirth: '1985-03-02', owner1_mobile: mobile, owner1_pan: 'ABCDE1234F',
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const code of ['identity', 'premises', 'photo']) form.append(`doc_${code}`, new File([samplePdf(`${code} ${mobile}`)], `${code}.pdf`, { type: 'application/pdf' }));
    const res = await fetch(url('/api/Public/trade-licence/applications'), { method: 'POST', body: form });
    const body = (await res.json()) as { number?: string };
    if (res.status !== 201 && res.status !== 200) throw new Error(`the application was refused: ${JSON.stringify(body)}`);
    return body.number!;
  },
  water: async (mobile) => {
    // A property of the register given this citizen's mobile, as the counter would find it.
    const property = await database.selectFrom('property').select('number').orderBy('number', 'desc').executeTakeFirstOrThrow();
    await database.updateTable('property').set({ mobile }).where('number', '=', property.number).execute();
    const form = new FormData();
    for (const [name, value] of Object.entries({ propertyNumber: property.number, mobile, name: 'Meena Kumari', connectionType: 'domestic', pipeMm: '15', billing: 'flat', feePaise: '250000', lang: 'hi' })) form.append(name, value);
    for (const code of ['identity', 'tax-receipt']) form.append(`doc_${code}`, new File([samplePdf(`${code} ${mobile}`)], `${code}.pdf`, { type: 'application/pdf' }));
    const res = await fetch(url('/api/Public/water/applications'), { method: 'POST', body: form });
    const body = (await res.json()) as { number?: string };
    if (res.status !== 201) throw new Error(`the application was refused: ${JSON.stringify(body)}`);
    return body.number!;
  },
  'stall-permit': async (mobile) =>
    (await asTestCouncil(() => lodgeCase(STALL_PERMIT, { contact: { name: 'Meena Kumari', mobile, email: '', address: 'Gali 4' }, data: { goods: 'Flowers' }, lang: 'hi' }, {}, { party: 'citizen', userId: null, label: 'Citizen' }, database))).number,
};

installPortalModules();
const ALL: readonly AnyService[] = [...new Set([...installedServices(), STALL_PERMIT])];

/** A citizen's session for a mobile, through the real sign-in: the code is read from the notification log. */
async function signIn(mobile: string): Promise<string> {
  const post = (path: string, body: object) => fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/Citizen/signin', { mobile })).status).toBe(202);
  const log = await (await fetch(url('/notifications'), { headers: bearer(adminToken) })).text();
  const code = new RegExp(`${mobile}</td>[\\s\\S]*?(\\d{6}) is your sign-in code`).exec(log)![1];
  return ((await (await post('/api/Citizen/verify', { mobile, code })).json()) as { token: string }).token;
}

beforeAll(async () => {
  server = await startServer({ CASE_TEST_SERVICE: '1' });
  database = openServerDatabase(server.dataDir);
  adminToken = await login(ADMIN.email, ADMIN.password, server.url);
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('every service on the case kernel, for its citizens', () => {
  it('names only parties that exist and requirements that are provided', () => {
    for (const service of ALL) {
      expect(unknownParties(service), service.name).toEqual([]);
      expect(unprovidedRequirements(service), service.name).toEqual([]);
    }
  });

  it('has a way to lodge one of its cases in this file', () => {
    expect(ALL.map((s) => s.name).filter((name) => !LODGE[name])).toEqual([]);
  });

  for (const [index, service] of ALL.entries()) {
    it(`${service.name}: its case is on the citizen's list, its messages' links open it for them alone`, async () => {
      const mobile = `91234${String(80_000 + index * 11).padStart(5, '0')}`;
      const number = await LODGE[service.name](mobile);
      const cookie = `citizen_session=${await signIn(mobile)}`;

      // The citizen's list, page and JSON.
      const list = await fetch(url('/my'), { headers: { cookie } });
      expect(list.status).toBe(200);
      const html = await list.text();
      expect(html.includes(`href="/my/cases/${number}"`), `/my lists ${number}`).toBe(true);
      expect(html.includes(service.title.en), `/my names the service ${service.title.en}`).toBe(true);
      const listed = (await (await fetch(url('/api/Citizen/cases'), { headers: { cookie } })).json()) as { number: string; service: string }[];
      expect(listed.find((c) => c.number === number)).toMatchObject({ service: service.name });
      const one = await fetch(url(`/api/Citizen/cases/${number}`), { headers: { cookie } });
      expect(one.status).toBe(200);
      expect(await one.json()).toMatchObject({ number });

      // Every message about the case that links somewhere on this site: the link opens the case for its citizen.
      const sent = await database.selectFrom('outbox_message').select(['body', 'lang']).where('reference', '=', number).execute();
      expect(sent.length).toBeGreaterThan(0);
      const links = [...new Set(sent.flatMap((m) => [...m.body.matchAll(/https?:\/\/[^\s]+/g)].map((found) => new URL(found[0]).pathname + new URL(found[0]).search)))];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const opened = await fetch(url(link), { headers: { cookie } });
        expect(opened.status, link).toBe(200);
        expect((await opened.text()).includes(number), `${link} shows ${number}`).toBe(true);
        // A stranger is asked to sign in (or, on a public page, shown nothing of the case without its mobile).
        const stranger = await fetch(url(link), { redirect: 'manual' });
        if (stranger.status === 302) expect(stranger.headers.get('location')).toContain('/my/signin');
        else expect((await stranger.text()).includes('Meena Kumari'), `${link} shows a stranger the citizen's name`).toBe(false);
      }

      // Another citizen finds nothing, on the page or in the JSON.
      const other = `citizen_session=${await signIn(`91234${String(90_000 + index * 11).padStart(5, '0')}`)}`;
      expect((await fetch(url(`/my/cases/${number}`), { headers: { cookie: other } })).status).toBe(404);
      expect((await fetch(url(`/api/Citizen/cases/${number}`), { headers: { cookie: other } })).status).toBe(404);
      expect((await (await fetch(url('/my'), { headers: { cookie: other } })).text()).includes(number), 'another citizen\'s /my lists the case').toBe(false);
    });
  }

  it('takes the fee of a second paid service at the counter from its declaration alone, and moves the case by its pay step', async () => {
    // The stall permit declares a fee and a pay step, and nothing else of payments: no payable, no copy.
    const mobile = '9123488802';
    const number = await LODGE['stall-permit'](mobile);
    const cashier = bearer(await login(CASHIER.email, CASHIER.password, server.url));
    const collect = () => fetch(url('/counter'), { method: 'POST', headers: cashier, body: new URLSearchParams({ action: 'collect', number: number.toLowerCase(), mode: 'cash', instrument: '' }), redirect: 'manual' });
    const receipts = () => database.selectFrom('payment_receipt').select(['number', 'kind', 'amount_paise', 'state']).where('reference', '=', number).execute();
    // Not yet granted: no fee is due, and nothing is taken.
    expect((await collect()).status).toBe(409);
    expect(await receipts()).toEqual([]);
    await database.updateTable('service_case').set({ state: 'Inspected' }).where('number', '=', number).execute();
    const granted = await fetch(url(`/api/Staff/cases/${number}/grant`), { method: 'POST', headers: { ...bearer(adminToken), 'content-type': 'application/json' }, body: JSON.stringify({ note: 'Pitch 4.' }) });
    expect(granted.status).toBeLessThan(300);
    const found = await (await fetch(url(`/counter?number=${number}`), { headers: cashier })).text();
    expect(found).toContain(`data-application="${number}"`);
    expect(found).toMatch(/data-total-due>150\.00</);
    // Pressed many times at once: one receipt of the service's own kind, for the declared fee.
    const answers = await Promise.all(Array.from({ length: 12 }, collect));
    expect(answers.map((a) => a.status).sort()).toEqual([303, ...Array(11).fill(409)]);
    const [receipt, ...more] = await receipts();
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'stall-permit', amount_paise: 15_000, state: 'valid' });
    // The receipt's transaction took the declared pay step through the kernel: the state, the timeline, the audit, the citizen's message.
    const paid = await database.selectFrom('service_case').select(['id', 'state']).where('number', '=', number).executeTakeFirstOrThrow();
    expect(paid.state).toBe('Paid');
    const event = await database.selectFrom('case_event').select(['action', 'from_state', 'to_state', 'actor_kind', 'data']).where('case_id', '=', paid.id).where('action', '=', 'pay').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ from_state: 'Granted', to_state: 'Paid', actor_kind: 'system' });
    expect(JSON.parse(event.data)).toMatchObject({ receipt: receipt.number });
    const audited = await database.selectFrom('audit_log').select('entity').where('record_id', '=', paid.id).where('action', '=', 'transition').where('after_json', 'like', '%"action":"pay"%').execute();
    expect(audited).toHaveLength(1);
    const told = await database.selectFrom('outbox_message').select(['lang', 'body']).where('reference', '=', number).where('body', 'like', '%शुल्क मिल गया%').execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((m) => m.lang === 'hi')).toBe(true);
    // The receipt names what was paid in the service's words.
    const receiptSent = await database.selectFrom('outbox_message').select('body').where('reference', '=', receipt.number).execute();
    expect(receiptSent.map((m) => m.body).join(' ')).toContain('Stall permit fee');
    // Paid once: the counter offers nothing more.
    expect((await collect()).status).toBe(409);
  });

  it('shows a trade licence application with its stage, its facts and what the applicant can do next, in Hindi', async () => {
    const mobile = '9123488801';
    const number = await LODGE['trade-licence'](mobile);
    const cookie = `citizen_session=${await signIn(mobile)}`;
    const page = await fetch(url(`/hi/my/cases/${number}`), { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const words of ['व्यापार लाइसेंस', 'आवेदन किया', 'Meena Tailors']) expect(html.includes(words), words).toBe(true);
    // Sent back to the applicant: the page says why and links the replacement.
    await database.updateTable('service_case').set({ state: 'NeedsApplicant' }).where('number', '=', number).execute();
    const sentBack = await (await fetch(url(`/my/cases/${number}`), { headers: { cookie } })).text();
    expect(sentBack.includes(`data-step="replace" href="/tradelicense/track?number=${number}"`), 'the replacement step links the application\'s page').toBe(true);
  });
});
