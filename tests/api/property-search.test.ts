import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CASHIER, OFFICER, USER, baseUrl, bearer, login } from '../support/api';

/**
 * Finding a property on the register (/property-register?q=): by part of the holder's name in any case, in
 * English or Hindi, by the mobile whole or its last digits, by words of the address; 25 a page, each hit
 * linking to its ledger; an empty search says so; text that can be no search is refused in words with what
 * was typed kept; LIKE's own characters match only themselves; and only admins, who see the register's
 * mobiles, reach it. On the shared server: the properties are this file's own, named by a run's token.
 */
const run = Date.now().toString(36).toUpperCase();
/** Property numbers and an address word of this run only: the shared register holds other files' rows. */
const num = (n: number) => `FND${run}-${String(n).padStart(2, '0')}`;
const token = `Tola${run}`;
let admin: Record<string, string>;
const url = (path: string) => `${baseUrl()}${path}`;
const search = async (q: string, extra = '', headers = admin) => {
  const res = await fetch(url(`/property-register?q=${encodeURIComponent(q)}${extra}`), { headers, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
};
const hitsOn = (html: string) => [...html.matchAll(/<tr data-property="([^"]+)"/g)].map((m) => m[1]);
// Mobiles of this run: the first digits fixed and valid, the last six from the run's clock, so that their ends are this run's.
const tail = String(Date.now() % 1_000_000).padStart(6, '0');
const mobile = (lead: string) => `${lead}${tail}`;

beforeAll(async () => {
  admin = bearer(await login(ADMIN.email, ADMIN.password));
  const rows = [
    [num(1), '5', 'Ramesh Chandra Verma', mobile('9801'), `House 12, Gali 7, Sabzi Mandi, ${token}`, 'residential', '900', '1'],
    [num(2), '5', 'सुनीता देवी', mobile('9702'), `Ward office road, ${token}`, 'commercial', '400', '2'],
    [num(3), '5', 'Shabnam 100% Bano', mobile('9603'), `Near the well_house, ${token}`, 'residential', '300', '1'],
    // 27 more sharing one word of the address: a page and two on the next.
    ...Array.from({ length: 27 }, (_, i) => [num(10 + i), '5', `Holder ${i}`, `${8200 + i}${tail}`, `Mohalla ${token} lane ${i}`, 'vacant', '100', '0']),
  ];
  const csv = ['number,ward,holder_name,mobile,address,usage,area_sqft,floors', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\n');
  const form = new FormData();
  form.append('action', 'import');
  form.append('file', new File([csv], 'register.csv', { type: 'text/csv' }));
  const res = await fetch(url('/property-register'), { method: 'POST', headers: admin, body: form });
  expect(res.status, await res.clone().text().then((t) => /data-import-errors[\s\S]{0,600}/.exec(t)?.[0] ?? '')).toBe(200);
}, 60_000);

describe('finding a property on the register', () => {
  it('finds by part of the holder’s name in any case, in English and in Hindi, with links to the ledger', async () => {
    const english = await search(`chANDra ${token}`);
    expect(english.status).toBe(200);
    expect(hitsOn(english.html)).toEqual([num(1)]);
    expect(english.html).toContain(`href="/property-ledger/${num(1)}"`);
    expect(english.html).toContain(mobile('9801'));
    expect(hitsOn((await search(`सुनीता ${token}`)).html)).toEqual([num(2)]);
    expect(hitsOn((await search(`देवी ${token}`)).html)).toEqual([num(2)]);
  });

  it('finds by the mobile, whole (as people write it) or by its last digits', async () => {
    expect(hitsOn((await search(mobile('9801'))).html)).toEqual([num(1)]);
    expect(hitsOn((await search(`+91 ${mobile('9702').slice(0, 5)} ${mobile('9702').slice(5)}`)).html)).toEqual([num(2)]);
    expect(hitsOn((await search(`0${mobile('9603')}`)).html)).toEqual([num(3)]);
    // The last digits: every mobile of this run ends in the run's six, so nine of them name one.
    expect(hitsOn((await search(`603${tail}`)).html)).toEqual([num(3)]);
    expect(hitsOn((await search(`702-${tail}`)).html)).toEqual([num(2)]);
  });

  it('finds by words of the address in any order, and by the property number', async () => {
    expect(hitsOn((await search(`sabzi ${token.toLowerCase()} GALI`)).html)).toEqual([num(1)]);
    expect(hitsOn((await search(num(3).toLowerCase())).html)).toEqual([num(3)]);
  });

  it('takes % and _ as themselves, not as any text', async () => {
    expect(hitsOn((await search(`100% ${token}`)).html)).toEqual([num(3)]);
    expect(hitsOn((await search(`well_house ${token}`)).html)).toEqual([num(3)]);
    expect(hitsOn((await search(`well_hous_ ${token}`)).html)).toEqual([]);
    expect(hitsOn((await search(`1%0 ${token}`)).html)).toEqual([]);
  });

  it('pages 25 at a time with a link to the next page, and says when nothing matches', async () => {
    const first = await search(`mohalla ${token}`);
    expect(hitsOn(first.html)).toHaveLength(25);
    expect(first.html).toContain('Properties 1 to 25, more on the next page.');
    const next = /href="([^"]*page=2[^"]*)" rel="next"/.exec(first.html)![1].replace(/&(amp|#38);/g, '&');
    const second = await fetch(url(next), { headers: admin }).then((r) => r.text());
    expect(hitsOn(second)).toEqual([num(35), num(36)]);
    expect(second).toContain('rel="prev"');
    expect(second).not.toContain('rel="next"');

    const none = await search(`Nobody ${token}`);
    expect(none.status).toBe(200);
    expect(hitsOn(none.html)).toEqual([]);
    expect(none.html).toContain(`No property on the register matches “Nobody ${token}”.`);
  });

  it('refuses what can be no search, in words, keeping what was typed', async () => {
    const short = await search('98');
    expect(short.status).toBe(400);
    expect(short.html).toContain('Type at least 4 digits of the mobile number, or a name or address.');
    expect(short.html).toMatch(/id="find-q" name="q" type="search" value="98"/);
    const long = await search('a'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.html).toContain('Type at most 100 characters');
    const deep = await search(token, '&page=41');
    expect(deep.status).toBe(400);
    expect(deep.html).toContain('Results stop at page 40');
  });

  it('is an admin’s: the cashier, the desk and an officer get neither the page nor a mobile', async () => {
    for (const account of [CASHIER, USER, OFFICER]) {
      const other = bearer(await login(account.email, account.password));
      const res = await search(mobile('9801'), '', other);
      expect(res.status, account.email).not.toBe(200);
      expect(res.html).not.toContain(mobile('9801'));
      expect(res.html).not.toContain(num(1));
    }
  });
});
