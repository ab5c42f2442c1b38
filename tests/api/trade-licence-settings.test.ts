import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, APPROVER, USER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The admin's fee table and document checklists: the page's forms (refusals in the page's language with what
 * was typed kept, a save that changes the fee the form and the fee call show at once, removal, the audit log)
 * and the JSON calls (403 for anyone not an admin, 400 with field errors). Its own server: it changes the fee
 * table every other test prices with.
 */
let server: TestServer;
let database: Db;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let approver: Record<string, string>;
const url = (p: string) => `${server.url}${p}`;
const FEE_QUERY = 'tradeType=grocery&structure=pucca&kind=new&area=250&employees=10';
const fee = async () => (await (await fetch(url(`/api/Public/trade-licence/fee?${FEE_QUERY}`))).json()) as { totalPaise: number; lines: { basis: string; rateId: number | null; amountPaise: number }[] };
const post = (fields: Record<string, string>, headers = admin, lang = '') =>
  fetch(url(`/trade-licence-settings${lang}`), { method: 'POST', headers, body: new URLSearchParams(fields), redirect: 'manual' });
const api = (method: string, path: string, headers: Record<string, string>, body?: object) =>
  fetch(url(`/api/Admin/trade-licence/${path}`), { method, headers: { ...headers, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
const rates = () => database.selectFrom('trade_fee_rate').selectAll().orderBy('id').execute();
const line = { tradeType: 'grocery', structure: 'pucca', applicationKind: '*', basis: 'area', fromUnits: '0', toUnits: '', method: 'flat', amount: '5000' };

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  clerk = bearer(await login(USER.email, USER.password, server.url));
  approver = bearer(await login(APPROVER.email, APPROVER.password, server.url));
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('the trade licence fee table and checklists', () => {
  it('refuses anyone but an admin, and bad lines with each field\'s reason in the page\'s language, keeping what was typed', async () => {
    const before = await rates();
    expect((await api('POST', 'fee-rates', clerk, line)).status).toBe(403);
    expect((await api('POST', 'fee-rates', approver, line)).status).toBe(403);
    expect((await api('DELETE', `fee-rates/${before[0].id}`, clerk)).status).toBe(403);
    expect((await api('GET', 'fee-rates', {})).status).toBe(401);
    const clerkPage = await post({ intent: 'save-fee', ...line }, clerk);
    expect(clerkPage.status).toBe(302);
    expect(clerkPage.headers.get('location')).not.toContain('trade-licence-settings');

    const bad = await api('POST', 'fee-rates', admin, { ...line, tradeType: 'fireworks', fromUnits: '10', toUnits: '5', amount: 'lots', method: 'free' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      tradeType: 'Choose from the list.', toUnits: 'The upper end must not be below the lower end.', amount: 'Enter an amount in rupees, such as 500 or 2.50.', method: 'Choose from the list.',
    });
    const page = await post({ intent: 'save-fee', ...line, fromUnits: 'ten', amount: '5,00,00,00,000' }, admin, '?lang=hi');
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('कुछ नहीं सहेजा गया');
    expect(html).toContain('data-field-error="fromUnits"');
    expect(html).toContain('पूर्ण संख्या लिखें');
    expect(html).toContain('रुपये में राशि लिखें');
    expect(html).toContain('value="ten"');
    expect(html).toContain('value="5,00,00,00,000"');
    const rule = await post({ intent: 'save-rule', tradeType: '*', applicationKind: '*', code: 'identity', nameEn: 'Another identity', nameHi: 'x', position: '1' });
    expect(rule.status).toBe(400);
    const ruleHtml = await rule.text();
    expect(ruleHtml).toContain('This checklist already has a document with this code.');
    expect(ruleHtml).toContain('Enter a name of 2 to 120 characters.');
    expect(ruleHtml).toContain('value="Another identity"');
    expect(await rates()).toEqual(before);
  });

  it('a saved line is the fee the form and the fee call show at once; an edit and a removal too, each audited', async () => {
    const original = await fee();
    const area = original.lines.find((l) => l.basis === 'area')!;
    const added = await post({ intent: 'save-fee', ...line });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/trade-licence-settings?saved=1');
    const id = (await rates()).at(-1)!.id;
    const withLine = await fee();
    expect(withLine.lines.find((l) => l.basis === 'area')).toMatchObject({ rateId: id, amountPaise: 500_000 });
    expect(withLine.totalPaise).toBe(original.totalPaise - area.amountPaise + 500_000);
    const form = await (await fetch(url(`/tradelicense?${FEE_QUERY}`))).text();
    expect(form).toContain(`value="${withLine.totalPaise}"`);

    const edited = await post({ intent: 'save-fee', id: String(id), ...line, amount: '6000.50' }, admin, '?lang=hi');
    expect(edited.headers.get('location')).toBe('/trade-licence-settings?saved=1&lang=hi');
    expect((await fee()).lines.find((l) => l.basis === 'area')?.amountPaise).toBe(600_050);
    const editPage = await (await fetch(url(`/trade-licence-settings?edit=fee-${id}`), { headers: admin })).text();
    expect(editPage).toContain('value="6000.50"');

    const viaApi = await api('PUT', `fee-rates/${id}`, admin, { ...line, amount: 7000 });
    expect(viaApi.status).toBe(200);
    expect(await viaApi.json()).toMatchObject({ id, amount_paise: 700_000 });
    // Removing asks first: a post without the question's answer is sent to the question and removes nothing.
    const unanswered = await post({ intent: 'remove-fee', id: String(id) });
    expect(unanswered.status).toBe(303);
    expect(unanswered.headers.get('location')).toBe(`/trade-licence-settings?remove=fee-${id}#remove-question`);
    expect((await fee()).lines.find((l) => l.basis === 'area')?.amountPaise).toBe(700_000);
    const question = await (await fetch(url(`/trade-licence-settings?remove=fee-${id}`), { headers: admin })).text();
    expect(question).toContain('Remove this line?');
    expect(question).toContain('₹7,000.00');
    expect((await post({ intent: 'remove-fee', id: String(id), action: 'remove' })).status).toBe(303);
    expect(await fee()).toEqual(original);
    expect((await api('DELETE', `fee-rates/${id}`, admin)).status).toBe(404);

    const audit = await database.selectFrom('audit_log').select(['action', 'record_id', 'user_email']).where('entity', '=', 'trade-fee-rate').orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.record_id])).toEqual([['create', id], ['update', id], ['update', id], ['delete', id]]);
    expect(audit.every((a) => a.user_email === ADMIN.email)).toBe(true);
  });

  it('adds a document to a checklist, which the form asks for at once, and removes it', async () => {
    const res = await api('POST', 'document-rules', admin, { tradeType: 'grocery', applicationKind: 'new', code: 'Shop_NOC', nameEn: 'Landlord no-objection letter', nameHi: 'मकान मालिक का अनापत्ति पत्र', position: 9 });
    expect(res.status).toBe(201);
    const rule = (await res.json()) as { id: number; code: string };
    expect(rule.code).toBe('shop_noc');
    expect(await (await fetch(url(`/tradelicense?${FEE_QUERY}`))).text()).toContain('name="doc_shop_noc"');
    expect((await api('POST', 'document-rules', admin, { tradeType: 'grocery', applicationKind: 'new', code: 'shop_noc', nameEn: 'Again', nameHi: 'फिर से' })).status).toBe(400);
    const list = (await (await api('GET', 'document-rules', admin)).json()) as { id: number }[];
    expect(list.some((r) => r.id === rule.id)).toBe(true);
    expect((await api('DELETE', `document-rules/${rule.id}`, admin)).status).toBe(200);
    expect(await (await fetch(url(`/tradelicense?${FEE_QUERY}`))).text()).not.toContain('name="doc_shop_noc"');
    expect((await api('GET', 'other-table', admin)).status).toBe(404);
  });
});
