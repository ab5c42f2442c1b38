import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, OFFICER, bearer, login } from '../support/api';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';

/**
 * The audit log's filters (/audit and GET /api/Admin/audit): by the account that acted and by days in India
 * time (both ends included, a day starting at midnight in India, 18:30 the evening before in UTC), together
 * with the kind of record; kept in the address and in the form; days that are no dates refused in words with
 * what was typed kept. On a server of its own: its entries are written into the log directly, at chosen
 * instants either side of India's midnight, which no write through the site can do.
 */
let server: TestServer;
let database: Db;
let admin: Record<string, string>;
let officerId: number;
let adminId: number;
const url = (p: string) => `${server.url}${p}`;
const page = async (query: string) => {
  const res = await fetch(url(`/audit?${query}`), { headers: admin });
  return { status: res.status, html: await res.text() };
};
/** The entries of this file a page lists, by their labels, in the page's order. */
const listed = (html: string) => [...html.matchAll(/(?:complaint|notice): (AUD-\d)/g)].map((m) => m[1]);

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
  admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
  const id = async (email: string) => (await database.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  [adminId, officerId] = [await id(ADMIN.email), await id(OFFICER.email)];
  const entry = (label: string, at: string, userId: number, email: string, entity: string) => ({
    at, user_id: userId, user_email: email, action: 'update', entity, record_id: null, before_json: null, after_json: JSON.stringify({ title: label }), label,
  });
  await database
    .insertInto('audit_log')
    .values([
      entry('AUD-1', '2026-03-09T18:29:59.000Z', officerId, OFFICER.email, 'complaint'), // 9 March, 11:59:59 PM in India
      entry('AUD-2', '2026-03-09T18:30:00.000Z', officerId, OFFICER.email, 'complaint'), // 10 March, midnight in India
      entry('AUD-3', '2026-03-10T10:00:00.000Z', adminId, ADMIN.email, 'notice'), // 10 March, 3:30 PM
      entry('AUD-4', '2026-03-11T18:29:59.999Z', officerId, OFFICER.email, 'notice'), // 11 March, the day's last instant
      entry('AUD-5', '2026-03-11T18:30:00.000Z', officerId, OFFICER.email, 'complaint'), // 12 March, midnight
    ])
    .execute();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('the audit log by person and by days', () => {
  it("lists one person's changes between two Indian days, both included, newest first, times in India time", async () => {
    const { status, html } = await page(`person=${officerId}&from=10/03/2026&to=11/03/2026`);
    expect(status).toBe(200);
    expect(listed(html)).toEqual(['AUD-4', 'AUD-2']);
    expect(html).toContain('10 Mar 2026, 12:00 AM');
    expect(html).toContain('11 Mar 2026, 11:59 PM');
    // Kept in the form: the person chosen and the days as typed.
    expect(html).toMatch(new RegExp(`<option value="${officerId}" selected`));
    expect(html).toMatch(/id="audit-from" name="from"[^>]*value="10\/03\/2026"/);
    expect(html).toMatch(/id="audit-to" name="to"[^>]*value="11\/03\/2026"/);
  });

  it('combines the person and the days with the kind of record, and reads the wire’s YYYY-MM-DD too', async () => {
    expect(listed((await page(`person=${officerId}&from=2026-03-10&to=2026-03-11&entity=complaint`)).html)).toEqual(['AUD-2']);
    expect(listed((await page(`from=2026-03-10&to=2026-03-10`)).html)).toEqual(['AUD-3', 'AUD-2']);
    expect(listed((await page(`person=${adminId}&to=10-03-2026`)).html)).toEqual(['AUD-3']);
    expect(listed((await page(`person=${officerId}&from=12/03/2026&to=12/03/2026`)).html)).toEqual(['AUD-5']);
    const none = await page(`person=${adminId}&from=09/03/2026&to=09/03/2026`);
    expect(listed(none.html)).toEqual([]);
    expect(none.html).toContain('No change matches these filters.');
  });

  it('says which day is no date, keeps what was typed and lists nothing until it is corrected', async () => {
    const bad = await page(`person=${officerId}&from=31/02/2026&to=${encodeURIComponent('"><b>soon')}`);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('The “from” day is not a date');
    expect(bad.html).toContain('The “to” day is not a date');
    expect(bad.html).toMatch(/id="audit-from" name="from"[^>]*value="31\/02\/2026"/);
    // Kept, and kept inside its attribute: the quote cannot close it.
    expect(bad.html).toMatch(/id="audit-to" name="to"[^>]*value="&#34;><b>soon"/);
    expect(bad.html).not.toContain('"><b>soon');
    expect(listed(bad.html)).toEqual([]);
    const backwards = await page('from=11/03/2026&to=10/03/2026');
    expect(backwards.status).toBe(400);
    expect(backwards.html).toContain('The “from” day is after the “to” day');
  });

  it('answers the same filters as JSON, and refuses a day that is no date rather than drop it', async () => {
    const res = await fetch(url(`/api/Admin/audit?person=${officerId}&from=2026-03-10&to=2026-03-11`), { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(((await res.json()) as { label: string }[]).map((e) => e.label)).toEqual(['AUD-4', 'AUD-2']);
    const bad = await fetch(url('/api/Admin/audit?from=2026-02-30'), { headers: admin });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.from).toContain('not a date');
  });
});
