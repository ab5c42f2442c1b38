import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';
import type { RegisterEntry } from '../../src/features/trade-licence/register.server';

/**
 * The licence register's public part over HTTP: the page (search, ward, paging, Hindi), its open data as JSON
 * and CSV with exactly the public fields and nothing personal, and the trade licence counts on the public
 * performance page. Reads the demo's licences on the shared server; writes nothing.
 */
const url = (p: string) => `${baseUrl()}${p}`;
const PUBLIC_FIELDS = ['category', 'licenceNumber', 'status', 'tradeName', 'tradeType', 'validFrom', 'validUntil', 'ward'];
// A mobile number, a PAN, an email address: none may appear in the register's answers.
const PERSONAL = [/\b[6-9]\d{9}\b/, /\b[A-Z]{5}\d{4}[A-Z]\b/, /@/];

const register = async (query = '') => {
  const res = await fetch(url(`/api/Public/trade-licence/register.json${query}`));
  expect(res.status).toBe(200);
  return (await res.json()) as { total: number; licences: RegisterEntry[] };
};

describe('the licence register in public', () => {
  it('answers JSON with the public fields only, in every state the demo holds', async () => {
    const { total, licences } = await register();
    expect(total).toBe(licences.length);
    expect(licences.length).toBeGreaterThanOrEqual(4);
    for (const l of licences) expect(Object.keys(l).sort()).toEqual(PUBLIC_FIELDS);
    expect(new Set(licences.map((l) => l.status))).toEqual(new Set(['valid', 'expired', 'cancelled']));
    const text = JSON.stringify(licences);
    for (const pattern of PERSONAL) expect(text).not.toMatch(pattern);
    for (const l of licences) expect(l.validFrom <= l.validUntil).toBe(true);
  });

  it('searches by trade name in either case and filters by ward, the same in JSON, CSV and the page', async () => {
    const { licences } = await register();
    const one = licences[0];
    const word = one.tradeName.split(' ')[0].toUpperCase();
    const found = await register(`?q=${encodeURIComponent(word)}`);
    expect(found.licences.map((l) => l.licenceNumber)).toContain(one.licenceNumber);
    expect(found.licences.every((l) => l.tradeName.toUpperCase().includes(word))).toBe(true);
    const byWard = await register(`?ward=${encodeURIComponent(one.ward)}`);
    expect(byWard.licences.length).toBe(licences.filter((l) => l.ward === one.ward).length);
    // A wildcard is a letter like any other, and a ward not written as a ward number is ignored.
    expect((await register('?q=%25')).total).toBe(licences.filter((l) => l.tradeName.includes('%')).length);
    expect((await register('?ward=%27%20or%201%3D1')).total).toBe(licences.length);

    const page = await fetch(url(`/tradelicense/register?q=${encodeURIComponent(word)}&ward=${encodeURIComponent(one.ward)}`));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-licence="${one.licenceNumber}"`);
    expect(html).toContain(`value="${word}"`);
    const none = await (await fetch(url('/tradelicense/register?q=no-such-trade-zzqx'))).text();
    expect(none).toContain('No licence matches');
    expect(none).not.toContain('data-licence=');
  });

  it('answers CSV with a header and one line a licence, nothing personal', async () => {
    const res = await fetch(url('/api/Public/trade-licence/register.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('licence_number,trade_name,ward,category,trade_type,valid_from,valid_until,status');
    const { licences } = await register();
    expect(lines.length - 1).toBe(licences.length);
    expect(lines[1].startsWith(`${licences[0].licenceNumber},`)).toBe(true);
    for (const pattern of PERSONAL) expect(lines.join('\n')).not.toMatch(pattern);
  });

  it('shows the register in Hindi with its states in Hindi, pages it, and links it from the form', async () => {
    const res = await fetch(url('/hi/tradelicense/register'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('व्यापार लाइसेंस रजिस्टर');
    expect(html).toMatch(/data-status="cancelled"[\s\S]*?रद्द/);
    expect(html).not.toMatch(/>(Valid|Expired|Cancelled)</);
    expect(html).toContain('/api/Public/trade-licence/register.csv');
    expect((await fetch(url('/tradelicense/register?page=x'))).status).toBe(400);
    expect(await (await fetch(url('/tradelicense/register?page=999'))).text()).not.toContain('data-licence=');
    expect(await (await fetch(url('/tradelicense'))).text()).toContain('href="/tradelicense/register"');
    expect(await (await fetch(url('/hi/tradelicense'))).text()).toContain('href="/hi/tradelicense/register"');
  });

  it('counts trade licence applications per month and per ward on the performance page, the same totals both ways', async () => {
    for (const lang of ['', '/hi']) {
      const html = await (await fetch(url(`${lang}/grievance-performance`))).text();
      expect(html).toContain('data-licence-performance');
      const sums = (table: string) => {
        const part = html.slice(html.indexOf(`data-table="${table}"`), html.indexOf('</table>', html.indexOf(`data-table="${table}"`)));
        const total = (count: string) => [...part.matchAll(new RegExp(`data-count="${count}">(\\d+)<`, 'g'))].reduce((s, m) => s + Number(m[1]), 0);
        return { received: total('received'), issuedInTime: total('issuedInTime'), pending: total('pending') };
      };
      const byMonth = sums('licences-by-month');
      expect(byMonth).toEqual(sums('licences-by-ward'));
      expect(byMonth.received).toBeGreaterThan(0);
      expect(byMonth.pending).toBeGreaterThan(0);
      expect(byMonth.issuedInTime + byMonth.pending).toBeLessThanOrEqual(byMonth.received);
      if (lang) expect(html).toContain('नियत समय में जारी');
    }
  });
});
