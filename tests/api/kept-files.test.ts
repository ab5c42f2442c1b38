import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { messages } from '../../src/i18n/messages';
import { SENDER_FILES } from '../../src/server/kept-files';
import { openServerDatabase } from '../support/database';
import { sampleJpeg, samplePdf } from '../support/content-samples';
import { licenceApplicationFields } from '../support/licence-application';
import { startServer, type TestServer } from '../support/server';

/**
 * A refused public form's files, kept for the form sent again (src/server/kept-files.ts), and the licence
 * form's refusal that tells everything at once. Its own server: each case sends from an address of its own
 * (TRUST_PROXY, X-Forwarded-For), since what a sender may have kept is counted by address, and the clock is
 * moved to see the kept files run out.
 */
let server: TestServer;
let database: Db;
let clockFile: string;
let financialYear = '';
const hi = messages('hi').tradeLicence;

const licenceFields = (over: Record<string, string> = {}) => licenceApplicationFields(financialYear, { tradeName: 'Kept Files Kirana', ...over });

function form(fields: Record<string, string>, files: Record<string, File[]> = {}, kept: { key: string; ids: string[] } | null = null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, list] of Object.entries(files)) for (const file of list) body.append(name, file);
  if (kept) {
    body.append('kept_key', kept.key);
    for (const id of kept.ids) body.append('kept_file', id);
  }
  return body;
}

const pdf = (label: string) => new File([samplePdf(`${label} ${Math.random()}`)], `${label}.pdf`, { type: 'application/pdf' });
const documents = (codes = ['identity', 'premises', 'photo']) => Object.fromEntries(codes.map((code) => [`doc_${code}`, [pdf(code)]]));

async function post(address: string, body: FormData, from: string) {
  const res = await fetch(`${server.url}${address}`, { method: 'POST', body, redirect: 'manual', headers: { 'x-forwarded-for': from } });
  return { status: res.status, location: res.headers.get('location') ?? '', html: await res.text() };
}

/** The key and the ids of the files a refused page kept, as its form carries them. */
function keptIn(html: string): { key: string; ids: string[] } | null {
  const key = /name="kept_key" value="([\w-]+)"/.exec(html)?.[1];
  if (!key) return null;
  return { key, ids: [...html.matchAll(/name="kept_file" value="(\d+)"/g)].map((m) => m[1]) };
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'kept-files-'));
  clockFile = path.join(dataDir, 'clock');
  fs.writeFileSync(clockFile, '0');
  server = await startServer({ TRUST_PROXY: '1', TEST_CLOCK_FILE: clockFile }, { dataDir });
  database = openServerDatabase(server.dataDir);
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
  const stored = await database.selectFrom('service_case').select('data').where('service', '=', 'trade-licence').executeTakeFirstOrThrow();
  financialYear = (JSON.parse(stored.data) as { financialYear: string }).financialYear;
});

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('the licence form tells everything wrong at once', () => {
  it('answers the fields and the missing documents in one refusal, and takes an application without PAN, trade sub type or cantonment', async () => {
    const res = await fetch(`${server.url}/api/Public/trade-licence/applications`, {
      method: 'POST', headers: { 'x-forwarded-for': '10.0.1.1' },
      body: form(licenceFields({ tradeName: '', pincode: '12', owner1_pan: 'ABC' }), documents(['identity'])),
    });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(errors).toMatchObject({ tradeName: 'Enter the trade name.', pincode: 'Enter the six-digit pincode.', doc_premises: 'Attach this document.', doc_photo: 'Attach this document.' });
    expect(Object.keys(errors).find((key) => key.includes('pan'))).toBeTruthy();

    const plain = await fetch(`${server.url}/api/Public/trade-licence/applications`, {
      method: 'POST', headers: { 'x-forwarded-for': '10.0.1.2' }, body: form(licenceFields({ owner1_mobile: '9800011123' }), documents()),
    });
    expect(plain.status, await plain.clone().text()).toBe(201);
    // The old fields still arrive from clients that send them: optional, not renamed.
    const older = await fetch(`${server.url}/api/Public/trade-licence/applications`, {
      method: 'POST', headers: { 'x-forwarded-for': '10.0.1.3' },
      body: form(licenceFields({ owner1_mobile: '9800011124', tradeSubType: 'Provisions', cantonment: 'None', owner1_pan: 'ABCDE1234F' }), documents()),
    });
    expect(older.status).toBe(201);
    const { number } = (await older.json()) as { number: string };
    const row = await database.selectFrom('service_case').select('data').where('number', '=', number).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ tradeSubType: 'Provisions', cantonment: 'None', owners: [{ pan: 'ABCDE1234F' }] });
  });

  it('says in Hindi which document to attach and what is wrong with a field, not "check this field"', async () => {
    const refused = await post('/hi/tradelicense', form(licenceFields({ owner1_pan: 'ABC' }), documents(['identity', 'premises'])), '10.0.2.1');
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(hi.refusals['Enter the PAN as on the card: five letters, four digits, a letter.']);
    // The demo checklist's owner's photograph, left out.
    expect(refused.html).toContain(hi.attachDocument('स्वामी का फ़ोटो'));
    expect(refused.html).not.toContain(hi.fieldError(messages('hi').services.trade.labels.pan));
  });
});

describe('a refused form keeps its files for the form sent again', () => {
  it('keeps the licence documents, which the corrected form sends by their key alone', async () => {
    const refused = await post('/tradelicense', form(licenceFields({ tradeName: '', owner1_mobile: '9800022201' }), documents()), '10.0.3.1');
    expect(refused.status).toBe(400);
    const kept = keptIn(refused.html);
    expect(kept?.ids).toHaveLength(3);
    // Another visitor's guess at the key brings nothing: the documents are missing for them.
    const stranger = await post('/tradelicense', form(licenceFields({ owner1_mobile: '9800022202' }), {}, { key: 'x'.repeat(32), ids: kept!.ids }), '10.0.3.2');
    expect(stranger.status).toBe(400);
    expect(stranger.html).toContain('Attach the document:');
    // The corrected form, with no file at all, lodges with the kept ones.
    const sent = await post('/tradelicense', form(licenceFields({ owner1_mobile: '9800022201' }), {}, kept), '10.0.3.1');
    expect(sent.status, sent.html.slice(0, 400)).toBe(303);
    const number = decodeURIComponent(/applied=([^&]+)/.exec(sent.location)![1]);
    const found = await database.selectFrom('service_case').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    const files = await database.selectFrom('case_event').innerJoin('case_event_media', 'case_event_media.event_id', 'case_event.id').select('case_event_media.media_id').where('case_event.case_id', '=', found.id).execute();
    expect(files).toHaveLength(3);
    // Lodged, the kept files went with it.
    expect(await database.selectFrom('kept_form_file').select('id').where('id', 'in', kept!.ids.map(Number)).execute()).toEqual([]);
  });

  it('keeps a grievance photo, lets the citizen leave it out, and forgets it after an hour', async () => {
    const photo = new File([await sampleJpeg('#1d4ed8', 40, 30)], 'drain.jpg', { type: 'image/jpeg' });
    const grievance = { category: '1', ward: '3', address: 'Lane behind the school', description: 'The drain has overflowed onto the lane.', name: 'Sita Kumari', mobile: '' };
    const refused = await post('/postgrievance', form(grievance, { photos: [photo] }), '10.0.4.1');
    expect(refused.status).toBe(400);
    const kept = keptIn(refused.html);
    expect(kept?.ids).toHaveLength(1);
    expect(refused.html).not.toContain('id="photos-again"');
    // Unticked, the photo stays behind; the form lodges without it.
    const without = await post('/postgrievance', form({ ...grievance, mobile: '9876504401' }, {}, { key: kept!.key, ids: [] }), '10.0.4.1');
    expect(without.status).toBe(303);
    const lodged = decodeURIComponent(/lodged=([^&]+)/.exec(without.location)![1]);
    const open311 = (await (await fetch(`${server.url}/open311/v2/requests/${lodged}.json`)).json()) as { media_url?: string }[];
    expect(open311[0].media_url ?? '').toBe('');

    const again = await post('/postgrievance', form(grievance, { photos: [photo] }), '10.0.4.2');
    const second = keptIn(again.html)!;
    fs.writeFileSync(clockFile, String(61 * 60_000));
    try {
      const late = await post('/postgrievance', form({ ...grievance, mobile: '9876504402' }, {}, second), '10.0.4.2');
      expect(late.status).toBe(303);
      const number = decodeURIComponent(/lodged=([^&]+)/.exec(late.location)![1]);
      const [request] = (await (await fetch(`${server.url}/open311/v2/requests/${number}.json`)).json()) as { media_url?: string }[];
      expect(request.media_url ?? '', 'the kept photo ran out after an hour').toBe('');
    } finally {
      fs.writeFileSync(clockFile, '0');
    }
  });

  it('keeps no more than a sender\'s share, and then asks for the file again', async () => {
    const from = '10.0.5.1';
    let keptSoFar = 0;
    while (keptSoFar < SENDER_FILES) {
      const refused = await post('/tradelicense', form(licenceFields({ tradeName: '' }), documents()), from);
      const kept = keptIn(refused.html);
      keptSoFar += kept?.ids.length ?? 0;
      if (!kept) break;
    }
    expect(keptSoFar).toBe(SENDER_FILES);
    const over = await post('/tradelicense', form(licenceFields({ tradeName: '' }), documents()), from);
    expect(keptIn(over.html)).toBeNull();
    expect(over.html).toContain(messages('en').frame.fileAgain);
    // Another address is not held to that one's share.
    expect(keptIn((await post('/tradelicense', form(licenceFields({ tradeName: '' }), documents()), '10.0.5.2')).html)?.ids).toHaveLength(3);
    // Thirty refused at once from a third address keep no more than its share: they take turns. (Some may be
    // turned away as they arrive, by the address's share of uploads in progress.)
    const burst = await Promise.all(Array.from({ length: 30 }, () => post('/tradelicense', form(licenceFields({ tradeName: '' }), documents()), '10.0.5.4')));
    const keptInBurst = burst.reduce((sum, answer) => sum + (keptIn(answer.html)?.ids.length ?? 0), 0);
    expect(keptInBurst).toBeGreaterThan(0);
    expect(keptInBurst).toBeLessThanOrEqual(SENDER_FILES);
    // None of those refusals used up the mobile's lodgings (five a day): the corrected form still lodges.
    const lodged = await post('/tradelicense', form(licenceFields(), documents()), '10.0.5.3');
    expect(lodged.status).toBe(303);
  });
});
