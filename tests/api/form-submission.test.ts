import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { openServerDatabase } from '../support/database';
import { startServer, type TestServer } from '../support/server';
import { countGrievances } from '../support/grievance-row';

/**
 * Public forms that store something answer with a redirect to their result (POST, redirect, GET), and the
 * same form sent again, by a refresh, a back button or a double tap, stores nothing twice.
 */

let server: TestServer;
let database: Db;
const url = (p: string) => `${server.url}${p}`;

/** The one-time token a visitor's copy of a form carries. */
async function tokenOf(path: string): Promise<string> {
  const html = await (await fetch(url(path))).text();
  const token = /name="form_token" value="([\w-]+)"/.exec(html)?.[1];
  expect(token, `${path} carries a form token`).toBeTruthy();
  return token!;
}

let serial = 0;
function grievanceForm(token: string | null, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = { category: '1', ward: '3', address: 'House 12, Lane 4, Ramnagar', landmark: '', description: 'Street light out for a week.', name: 'Asha Kumari', email: '', mobile: `97${String(20_000_000 + ++serial).padStart(8, '0')}`, ...fields };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  if (token) form.append('form_token', token);
  return form;
}

/** Sends a form without following the redirect: the status and where it leads. */
async function send(path: string, body: FormData | URLSearchParams): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(url(path), { method: 'POST', body, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

const complaintCount = () => countGrievances(database);

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.dataDir);
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('lodging a grievance: POST, redirect, GET', () => {
  it('serves the form from the page cache, its token shared, and lodges each visitor\'s own grievance once', async () => {
    const token = await tokenOf('/postgrievance');
    const second = await fetch(url('/postgrievance'));
    expect(second.headers.get('x-page-cache'), 'the form page is cached').toBe('hit');
    expect(await second.text()).toContain(`name="form_token" value="${token}"`);
    expect(await tokenOf('/hi/postgrievance')).not.toBe(token);

    const before = await complaintCount();
    const mine = grievanceForm(token);
    const theirs = grievanceForm(token);
    const [a, b] = await Promise.all([send('/postgrievance', mine), send('/postgrievance', theirs)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(b.location, 'two visitors of one cached page lodge two grievances').not.toBe(a.location);
    expect(await send('/postgrievance', mine), 'a repeat of one of them lodges nothing').toMatchObject({ status: 303, location: a.location });
    expect(await complaintCount()).toBe(before + 2);

    // A photo counts by its bytes: the same words with another photo are another sending.
    const withPhoto = (background: string) => async () => {
      const form = grievanceForm(token, { mobile: '9712300077', description: 'Garbage heap by the school gate.' });
      form.append('photos', new File([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background } }).jpeg().toBuffer())], 'heap.jpg', { type: 'image/jpeg' }));
      return form;
    };
    const green = await withPhoto('#15803d')();
    const sent = await send('/postgrievance', green);
    expect(sent.status).toBe(303);
    expect(await send('/postgrievance', green)).toMatchObject({ status: 303, location: sent.location });
    expect((await send('/postgrievance', await withPhoto('#b91c1c')())).location).not.toBe(sent.location);
    expect(await complaintCount()).toBe(before + 4);
  });

  it('redirects to the grievance\'s own page, which a refresh shows again without lodging anything', async () => {
    const before = await complaintCount();
    const form = grievanceForm(await tokenOf('/postgrievance'));
    const first = await send('/postgrievance', form);
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/postgrievance\?lodged=NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}$/);
    const number = decodeURIComponent(first.location!.split('=')[1]);
    const again = await send('/postgrievance', form);
    expect(again).toMatchObject({ status: 303, location: first.location });
    expect(await complaintCount()).toBe(before + 1);

    const shown = await fetch(url(first.location!));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain(`data-complaint-number>${number}<`);
    const reloaded = await fetch(url(first.location!));
    expect(await reloaded.text()).toContain(number);
    expect(await complaintCount()).toBe(before + 1);
  });

  it('lodges a double tap once: two sendings of one form at the same moment lead to one grievance', async () => {
    const before = await complaintCount();
    const token = await tokenOf('/postgrievance');
    const [a, b] = await Promise.all([send('/postgrievance', grievanceForm(token, { mobile: '9712300001' })), send('/postgrievance', grievanceForm(token, { mobile: '9712300001' }))]);
    expect(a.status).toBe(303);
    expect(b.location).toBe(a.location);
    expect(await complaintCount()).toBe(before + 1);
  });

  it('keeps the token through a refusal, so the corrected form lodges once, and a new form lodges anew', async () => {
    const before = await complaintCount();
    const token = await tokenOf('/postgrievance');
    const refused = await send('/postgrievance', grievanceForm(token, { mobile: '12345' }));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(`name="form_token" value="${token}"`);
    expect(refused.html).toContain('value="12345"');
    const corrected = await send('/postgrievance', grievanceForm(token));
    expect(corrected.status).toBe(303);
    const other = await send('/postgrievance', grievanceForm(await tokenOf('/postgrievance')));
    expect(other.location).not.toBe(corrected.location);
    expect(await complaintCount()).toBe(before + 2);
  });

  it('still lodges for an old client that sends no token, and answers 404 for a result that does not exist', async () => {
    const before = await complaintCount();
    expect((await send('/postgrievance', grievanceForm(null))).status).toBe(303);
    expect(await complaintCount()).toBe(before + 1);
    expect((await fetch(url('/postgrievance?lodged=NPK-PGR-2020-01-01-999999'))).status).toBe(404);
  });

  it('leads a Hindi form to the Hindi result page', async () => {
    const sent = await send('/hi/postgrievance', grievanceForm(await tokenOf('/hi/postgrievance')));
    expect(sent.location).toMatch(/^\/hi\/postgrievance\?lodged=NPK-PGR-/);
    const html = await (await fetch(url(sent.location!))).text();
    expect(html).toContain('lang="hi"');
  });
});

describe('the feedback form: POST, redirect, GET', () => {
  it('stores a message sent from the cached Contact Us page once, and another visitor\'s message beside it', async () => {
    const count = async () => Number((await database.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const token = await tokenOf('/contactus');
    expect((await fetch(url('/contactus'))).headers.get('x-page-cache')).toBe('hit');
    const before = await count();
    const message = (from: string) => new URLSearchParams({ name: from, email: '', subject: 'Broken bench', message: 'The bench by the ward 5 pond is broken.', form_token: token });
    const first = await send('/feedback', message('Meena Devi'));
    expect(first.status).toBe(303);
    expect(await send('/feedback', message('Meena Devi'))).toMatchObject({ status: 303, location: first.location });
    const other = await send('/feedback', message('Suresh Yadav'));
    expect(other.location).not.toBe(first.location);
    expect(await count()).toBe(before + 2);
  });

  it('stores a message once however often the same form is sent', async () => {
    const count = async () => Number((await database.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const token = await tokenOf('/feedback');
    const message = () => new URLSearchParams({ name: 'Ravi Kumar', email: '', subject: 'Park lights', message: 'The lights in the ward 3 park stay off after 8 pm.', form_token: token });
    const first = await send('/feedback', message());
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/feedback\?sent=\d+$/);
    expect(await send('/feedback', message())).toMatchObject({ status: 303, location: first.location });
    expect(await count()).toBe(before + 1);
    expect(await (await fetch(url(first.location!))).text()).toMatch(/Your feedback has been received<\/strong> \(reference number \d+\)/);
  });
});
