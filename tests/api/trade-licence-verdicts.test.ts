import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, VERIFIER, baseUrl, bearer, login } from '../support/api';
import { samplePdf } from '../support/content-samples';
import { messages } from '../../src/i18n/messages';

/**
 * The verifier's word on an application's documents, as the case page's panel and a client send it: with
 * script the page asks for JSON and updates the row in place, without it the form post comes back to the same
 * document (its anchor), and a refusal comes back to the field in the page's language. Each verdict, and each
 * document that "accept all remaining" accepts, is one audit entry and one timeline entry; a burst of the same
 * request makes no more. On the shared server: each test lodges an application of its own.
 */
const url = (p: string) => `${baseUrl()}${p}`;
let admin: string;
let verifier: string;
let financialYear = '';
let serial = 0;

interface DocumentAnswer {
  code: string;
  verdict: 'accepted' | 'refused' | 'pending';
  reason: string;
  words: string;
  file: string | null;
}
interface VerdictAnswer {
  number: string;
  changed: string[];
  documents: DocumentAnswer[];
  remaining: number;
  said: string;
}

/** An application lodged at the counter by an admin (no address limit), with a mobile of its own. */
async function apply(): Promise<string> {
  serial += 1;
  const mobile = `98${String(Date.now() + serial).slice(-8)}`;
  const fields: Record<string, string> = {
    financialYear, licenceType: 'new', tradeName: `Verdict Kirana ${serial}`, structureType: 'immovable', structureSubType: 'pucca', commencementDate: '2024-06-01',
    areaSqft: '250', employees: '10', tradeCategory: 'Retail', tradeType: 'grocery', tradeSubType: 'Provisions', wardId: '1', doorNo: '9', road: 'Mill Road',
    locality: 'Purani Bazar', pincode: '845401', correspondenceAddress: '9 Mill Road', feePaise: '125000',
    owner1_name: 'Savitri Devi', owner1_guardianName: 'Ram Prasad', owner1_relationship: 'Husband', owner1_gender: 'Female', owner1_dateOfBirth: '1981-05-06',
    owner1_mobile: mobile, owner1_pan: 'ABCDE1234F',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const code of ['identity', 'premises', 'photo']) form.append(`doc_${code}`, new File([samplePdf(`${code} ${mobile}`)], `${code}.pdf`, { type: 'application/pdf' }));
  const res = await fetch(url('/api/Public/trade-licence/applications'), { method: 'POST', headers: bearer(admin), body: form });
  const body = (await res.json()) as { number: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.number;
}

const documentsPath = (number: string) => url(`/api/Staff/trade-licence/${number}/documents`);

/** A verdict asked for as the page's script asks: JSON back. */
async function judge(number: string, fields: Record<string, string | string[]>, token = verifier): Promise<{ status: number; body: any }> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const res = await fetch(documentsPath(number), { method: 'POST', headers: { ...bearer(token), accept: 'application/json' }, body });
  return { status: res.status, body: await res.json() };
}

/** The same verdict as a form posted without script: where the browser is sent. */
async function post(number: string, fields: Record<string, string | string[]>): Promise<{ status: number; location: string }> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const res = await fetch(documentsPath(number), { method: 'POST', headers: { ...bearer(verifier), accept: 'text/html' }, body, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

const page = async (path: string) => (await fetch(url(path), { headers: bearer(verifier) })).text();
/** One document's row as the case page draws it. */
const rowOf = (html: string, code: string) => new RegExp(`<li[^>]*id="doc-${code}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

async function auditOf(number: string): Promise<Array<{ before: any; after: any; userEmail: string }>> {
  const res = await fetch(url('/api/Admin/audit?entity=trade-document-verdict&pageSize=200'), { headers: bearer(admin) });
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ before: any; after: any; userEmail: string }>).filter((e) => e.after?.number === number).reverse();
}

async function timelineOf(number: string): Promise<Array<{ action: string; note: string; data: Record<string, unknown>; actorLabel: string }>> {
  const res = await fetch(url(`/api/Staff/cases/${number}`), { headers: bearer(verifier) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { events: Array<{ action: string; note: string; data: Record<string, unknown>; actorLabel: string }> };
  return body.events.filter((e) => e.action === 'document-verdict');
}

beforeAll(async () => {
  [admin, verifier] = await Promise.all([login(ADMIN.email, ADMIN.password), login(VERIFIER.email, VERIFIER.password)]);
  const india = new Date(Date.now() + 5.5 * 3_600_000);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  financialYear = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
});

describe('the verifier’s verdicts on documents', () => {
  it('answers a script with the row’s new state, and brings a form post back to the same document', async () => {
    const number = await apply();
    const en = messages('en').tradeLicence.panel;
    const hi = messages('hi').tradeLicence.panel;

    const accepted = await judge(number, { code: 'identity', verdict: 'accept' });
    expect(accepted.status).toBe(200);
    const answer = accepted.body as VerdictAnswer;
    expect(answer.changed).toEqual(['identity']);
    expect(answer.remaining).toBe(2);
    expect(answer.documents.map((d) => [d.code, d.verdict])).toEqual([['identity', 'accepted'], ['premises', 'pending'], ['photo', 'pending']]);
    expect(answer.documents[0].words).toBe(en.accepted);
    expect(answer.said).toBe(en.saidAccepted("Owner's identity proof (Aadhaar, voter card or passport)"));
    expect(answer.documents.every((d) => /^[0-9a-f]{64}$/.test(d.file ?? ''))).toBe(true);

    // In Hindi, for a Hindi page's script.
    const refused = await judge(number, { code: 'premises', verdict: 'refuse', reason: 'The rent agreement is unsigned.', lang: 'hi' });
    expect(refused.status).toBe(200);
    expect(refused.body.documents[1]).toMatchObject({ verdict: 'refused', reason: 'The rent agreement is unsigned.', words: `${hi.refused}: The rent agreement is unsigned.` });

    // Without script: back to the document's own place on the page, in the page's language.
    expect(await post(number, { code: 'photo', verdict: 'accept' })).toEqual({ status: 303, location: `/cases/${number}#doc-photo` });
    expect(await post(number, { code: 'photo', verdict: 'undo', lang: 'hi' })).toEqual({ status: 303, location: `/hi/cases/${number}#doc-photo` });

    // A refusal without a reason: JSON names the field; a form post comes back to it, worded in the page's language.
    expect(await judge(number, { code: 'photo', verdict: 'refuse', reason: '  ' })).toMatchObject({ status: 400, body: { errors: { reason: expect.any(String) } } });
    const back = await post(number, { code: 'photo', verdict: 'refuse', reason: '', lang: 'hi' });
    expect(back).toEqual({ status: 303, location: `/hi/cases/${number}?refusal=reason&document=photo#doc-photo` });
    const row = rowOf(await page(back.location.split('#')[0]), 'photo');
    expect(row).toMatch(new RegExp(`<input[^>]*id="reason-photo"[^>]*aria-invalid="true"[^>]*aria-describedby="reason-photo-error"`));
    expect(row).toMatch(new RegExp(`<p[^>]*id="reason-photo-error"[^>]*>${hi.verdictRefusals.reason}</p>`));
    expect(row).not.toMatch(/id="reason-photo-error"[^>]*hidden/);

    // The page: an accepted document offers Undo and no Accept; a refused one shows its reason; a pending one both verdicts.
    const html = await page(`/cases/${number}`);
    const identity = rowOf(html, 'identity');
    expect(identity).toContain(`data-verdict="accepted"`);
    expect(identity).toMatch(/<div[^>]*data-when="pending"[^>]*hidden/);
    expect(identity).toMatch(/<form[^>]*data-when="judged"(?![^>]*hidden)[^>]*>[\s\S]*?>Undo</);
    expect(rowOf(html, 'premises')).toContain(`${en.refused}: The rent agreement is unsigned.`);
    expect(rowOf(html, 'photo')).toMatch(/<form[^>]*data-when="judged"[^>]*hidden/);
  });

  it('accepts all remaining in one action, each document with its own audit and timeline entry, once however often it is sent', async () => {
    const number = await apply();
    const first = await judge(number, { code: 'premises', verdict: 'refuse', reason: 'Blurred scan.' });
    expect(first.status).toBe(200);
    const shown = (first.body as VerdictAnswer).documents.map((d) => d.file!);

    // A burst of the same press, as a double click or a stuck key sends: each document accepted once.
    const burst = await Promise.all(Array.from({ length: 200 }, () => judge(number, { verdict: 'accept-remaining', file: shown })));
    expect(burst.map((b) => b.status)).toEqual(Array(200).fill(200));
    expect(burst.flatMap((b) => (b.body as VerdictAnswer).changed).sort()).toEqual(['identity', 'photo']);
    const last = burst[199].body as VerdictAnswer;
    expect(last.documents.map((d) => [d.code, d.verdict])).toEqual([['identity', 'accepted'], ['premises', 'refused'], ['photo', 'accepted']]);
    expect(last.remaining).toBe(0);

    // One entry of each per document judged, as one verdict makes, naming the verifier.
    const audit = await auditOf(number);
    expect(audit.map((e) => [e.after.document, e.before.verdict, e.after.verdict, e.userEmail])).toEqual([
      ['premises', 'pending', 'refused', VERIFIER.email],
      ['identity', 'pending', 'accepted', VERIFIER.email],
      ['photo', 'pending', 'accepted', VERIFIER.email],
    ]);
    const timeline = await timelineOf(number);
    expect(timeline.map((e) => [e.data.document, e.data.verdict, e.note, e.actorLabel])).toEqual([
      ['premises', 'refused', 'Blurred scan.', VERIFIER.email],
      ['identity', 'accepted', '', VERIFIER.email],
      ['photo', 'accepted', '', VERIFIER.email],
    ]);
    // Nothing left to accept: another press changes nothing, and the form post returns to the list.
    expect((await judge(number, { verdict: 'accept-remaining' })).body).toMatchObject({ changed: [], said: messages('en').tradeLicence.panel.saidAcceptedMany(0) });
    expect(await post(number, { verdict: 'accept-remaining' })).toEqual({ status: 303, location: `/cases/${number}#tl-documents` });
    expect(await timelineOf(number)).toHaveLength(3);

    // Undo, then accept: each its own entry; verify waits for every document.
    expect((await judge(number, { code: 'premises', verdict: 'undo' })).body.documents[1]).toMatchObject({ verdict: 'pending', reason: '' });
    const verify = await fetch(url(`/api/Staff/cases/${number}/verify`), { method: 'POST', headers: { ...bearer(verifier), 'content-type': 'application/json' }, body: '{}' });
    expect(verify.status).toBe(409);
    expect((await judge(number, { verdict: 'accept-remaining', file: shown })).body.changed).toEqual(['premises']);
    expect((await timelineOf(number)).map((e) => e.data.verdict)).toEqual(['refused', 'accepted', 'accepted', 'pending', 'accepted']);
    const moved = await fetch(url(`/api/Staff/cases/${number}/verify`), { method: 'POST', headers: { ...bearer(verifier), 'content-type': 'application/json' }, body: '{}' });
    expect(moved.status).toBe(200);

    // Once verified the verdicts stand: a script is told 409, a form post comes back to the panel's note.
    expect((await judge(number, { code: 'photo', verdict: 'undo' })).status).toBe(409);
    expect(await post(number, { code: 'photo', verdict: 'undo' })).toEqual({ status: 303, location: `/cases/${number}?refusal=state&document=photo#doc-photo` });
  });

  it('judges only the file the verifier saw', async () => {
    const number = await apply();
    const { body } = await judge(number, { code: 'identity', verdict: 'undo' });
    const files = Object.fromEntries((body as VerdictAnswer).documents.map((d) => [d.code, d.file!]));
    // A file named for another document (or a replaced file) is not the one on the application now.
    expect(await judge(number, { code: 'identity', verdict: 'accept', file: files.photo })).toMatchObject({ status: 409, body: { errors: { file: expect.any(String) } } });
    expect(await post(number, { code: 'identity', verdict: 'accept', file: files.photo })).toEqual({ status: 303, location: `/cases/${number}?refusal=file&document=identity#doc-identity` });
    // "Accept all remaining" accepts only the files the page showed.
    expect((await judge(number, { verdict: 'accept-remaining', file: files.identity })).body).toMatchObject({ changed: ['identity'], remaining: 2 });
    expect((await judge(number, { code: 'nosuch', verdict: 'accept' })).status).toBe(404);
    expect((await judge(number, { code: 'photo', verdict: 'maybe' })).status).toBe(400);
    expect(await timelineOf(number)).toHaveLength(1);
  });
});
