import { readFile } from 'node:fs/promises';
import type { APIContext } from 'astro';
import { HttpError, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../server/http';
import { readStreamedForm, type StreamedForm, type StreamedFormSpec } from '../../server/streamed-form';
import { acceptUpload, type AcceptedFile } from '../../server/content/uploads';
import { clientAddress } from '../../server/request-origin';
import { claimSubmission } from '../../server/form-submission';
import { applyKeepingDocuments, readDocuments, sessionActor, type PageApplication, type RefusedDocuments, type SentDocuments } from '../cases/document-form.server';
import { admitLodging, assertAddressMayLodge } from '../grievance/grievance-limits.server';
import { lookUpProperty } from '../property-tax/property-tax.server';
import { startPayment } from '../payments/transactions.server';
import { collectAtCounter, COUNTER_MODES, type CounterMode } from '../payments/counter.server';
import { paiseFromRupees } from '../payments/money';
import { findCase } from '../cases/case-queries.server';
import { takeStep } from '../cases/cases.server';
import { citizenFromRequest } from '../citizen/citizen-request.server';
import { servedOverHttps } from '../../server/request-origin';
import type { Lang } from '../cases/service';
import { now } from '../../server/clock';
import { applyForConnection, documentChecklist, staffPropertyLookup } from './applications.server';
import { connectionByNumber, isConnectionNumber, lookUpConnection } from './connections.server';
import { recordReading } from './bills.server';
import { CONNECTION_FEE_KIND, WATER_CHARGES_KIND } from './requirements';
import { WATER } from './water.service';

/**
 * The water service's requests as the pages and the JSON calls send them: the application (multipart, one
 * file per checklist document as doc_<code>), a meter reading with its photo, a payment started online or
 * taken at the counter, and the holder's own requests on their connection.
 */
export const APPLICATION_FIELDS = ['propertyNumber', 'mobile', 'name', 'email', 'connectionType', 'pipeMm', 'billing', 'feePaise'] as const;
const ALL_DOCUMENTS = [...new Set(['domestic', 'commercial', 'institutional'].flatMap(documentChecklist))];

/** Who is applying: the member of staff signed in, or a citizen without an account. */
export const actorOf = sessionActor;

const applicationSpec = (client: string | undefined): StreamedFormSpec => ({
  files: Object.fromEntries(ALL_DOCUMENTS.map((code) => [`doc_${code}`, { kind: 'document' as const, maxCount: 1, label: code }])),
  textBytes: 16 * 1024,
  client,
});

/** Reads the application form; a stranger whose address has lodged its hour's worth is refused before a byte is read. */
export async function readApplicationForm(context: Pick<APIContext, 'locals' | 'clientAddress' | 'request'>): Promise<StreamedForm> {
  if (context.locals.session) return readStreamedForm(context.request, applicationSpec(undefined));
  const address = clientAddress(context);
  await assertAddressMayLodge(address);
  return readStreamedForm(context.request, applicationSpec(address));
}

export function typedFields(form: FormData): Record<string, string> {
  return Object.fromEntries(APPLICATION_FIELDS.map((name) => [name, String(form.get(name) ?? '').slice(0, 300)]));
}

/** Lodges the application once per form token (a second sending of the same form answers the first's number). */
async function lodgeOnce(
  context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm, typed: Record<string, string>, lang: Lang, source: 'web' | 'api',
  documents: SentDocuments, refused: RefusedDocuments,
): Promise<string> {
  const claim = await claimSubmission('water', form);
  if (claim.kind === 'done') return claim.result;
  try {
    const actor = actorOf(context.locals.session);
    const stranger = actor.party === 'citizen';
    const address = clientAddress(context);
    const { number } = await applyForConnection(
      {
        fields: typed, documents, lang, source: stranger ? source : 'counter', fileErrors: refused.errors, fileStatus: refused.status,
        findProperty: stranger ? (n, m) => lookUpProperty(n, m, address) : staffPropertyLookup(),
        admit: stranger ? () => admitLodging(typed.mobile.replace(/\D/g, '').slice(-10), address) : undefined,
      },
      actor,
    );
    await claim.complete(number);
    return number;
  } catch (err) {
    await claim.abandon();
    throw err;
  }
}

/** An application sent to the JSON call: its number, or the refusal thrown. */
export async function applyOnce(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm, lang: Lang, source: 'web' | 'api'): Promise<string> {
  const { accepted, refused } = await readDocuments(form);
  return lodgeOnce(context, form, typedFields(form.fields), lang, source, accepted, refused);
}

const SCOPE = 'water';

/** The page's form, its refused documents kept for the form sent again. */
export function applyFromPage(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm, typed: Record<string, string>, lang: Lang): Promise<PageApplication> {
  return applyKeepingDocuments(SCOPE, context, form, (documents, refused) => lodgeOnce(context, form, typed, lang, 'web', documents, refused));
}

/** What a reading's form came to: what was saved, or the refusal with what was typed (the photo is chosen again). */
export type ReadingOutcome = { ok: true; connection: string; readingKl: number } | { ok: false; error: HttpError; typed: { connection: string; reading: string } };

/** A meter reading from the reader's screen or the JSON call: the connection, the reading and one photo. */
export async function readingFromForm(context: Pick<APIContext, 'locals' | 'request'>): Promise<ReadingOutcome> {
  const form = await readStreamedForm(context.request, { files: { photo: { kind: 'image', maxCount: 1, label: 'Photo' } }, textBytes: 4 * 1024 });
  const typed = { connection: String(form.fields.get('connection') ?? '').slice(0, 40), reading: String(form.fields.get('reading') ?? '').slice(0, 12) };
  try {
    const file = form.files.find((f) => f.part === 'photo' && f.size > 0);
    let photo: AcceptedFile | undefined;
    if (file) {
      if (file.tooLarge) throw new HttpError(413, 'The photo is too large.', { photo: 'This file is too large.' });
      photo = await acceptUpload(new Uint8Array(await readFile(file.path)), { key: 'photo', label: 'The photo of the meter', kind: 'image' });
    }
    const { readingKl } = await recordReading(typed.connection, typed.reading, photo, actorOf(context.locals.session));
    return { ok: true, connection: typed.connection.trim().toUpperCase(), readingKl };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ok: false, error, typed };
  } finally {
    await form.dispose();
  }
}

export async function readingFromRequest(context: Pick<APIContext, 'locals' | 'request'>): Promise<{ connection: string; readingKl: number }> {
  const outcome = await readingFromForm(context);
  if (!outcome.ok) throw outcome.error;
  return { connection: outcome.connection, readingKl: outcome.readingKl };
}

/** Which payable a request names: the connection's fee ('connection') or its quarterly charges ('charges'). */
function kindOf(raw: unknown): string {
  if (raw === 'connection') return CONNECTION_FEE_KIND;
  if (raw === 'charges') return WATER_CHARGES_KIND;
  throw new HttpError(400, 'kind must be connection (the fee and deposit, by application number) or charges (the bills, by connection number).', { kind: 'unknown' });
}

/**
 * Starts paying online: the fee of an approved application (its number and the applicant's mobile) or a
 * connection's charges (its number and the holder's mobile; any whole amount up to what is owed).
 */
export async function startWaterPayment(context: Pick<APIContext, 'request' | 'clientAddress' | 'locals'>, fields: Record<string, unknown>) {
  const kind = kindOf(fields.kind);
  const reference = String(fields.reference ?? '').trim().toUpperCase().slice(0, 40);
  const mobile = String(fields.mobile ?? '').slice(0, 20);
  if (!reference || !mobile) throw new HttpError(400, 'reference and mobile are required.', { reference: 'required' });
  const amountPaise = fields.amountPaise === undefined || fields.amountPaise === null || fields.amountPaise === '' ? undefined : Number(fields.amountPaise);
  if (amountPaise !== undefined && !Number.isSafeInteger(amountPaise)) throw new HttpError(400, 'amountPaise must be a whole number of paise.', { amountPaise: 'integer' });
  // A number and mobile that do not match count as a failed look-up, as the property's do.
  if (kind === WATER_CHARGES_KIND && !(await lookUpConnection(reference, mobile, clientAddress(context)))) throw new HttpError(404, 'No connection has this number with this mobile number on record.');
  const lang: Lang = fields.lang === 'hi' ? 'hi' : 'en';
  return startPayment({ kind, reference, request: { mobile, amountPaise: kind === WATER_CHARGES_KIND ? amountPaise : undefined }, lang });
}

export async function startPaymentFromJson(context: Pick<APIContext, 'request' | 'clientAddress' | 'locals'>) {
  return startWaterPayment(context, await readJsonBody(context.request, PUBLIC_TEXT_LIMIT));
}

/** A cashier takes the fee or the charges at the counter, in the same receipt series as every other payment. */
export async function collectFromJson(context: Pick<APIContext, 'request' | 'locals'>) {
  const body = await readJsonBody(context.request, PUBLIC_TEXT_LIMIT);
  const kind = kindOf(body.kind);
  const reference = String(body.reference ?? '').trim().toUpperCase().slice(0, 40);
  const mode = String(body.mode ?? '');
  if (!COUNTER_MODES.includes(mode as CounterMode)) throw new HttpError(400, `mode must be one of ${COUNTER_MODES.join(', ')}.`, { mode: 'unknown' });
  const amount = body.amount === undefined || body.amount === '' ? undefined : paiseFromRupees(String(body.amount));
  if (amount === null) throw new HttpError(400, 'amount: rupees, as 1234.50.', { amount: 'rupees' });
  if (kind === WATER_CHARGES_KIND && !(await connectionByNumber(reference))) throw new HttpError(404, 'No connection has this number.');
  const session = context.locals.session!;
  return collectAtCounter({
    kind, reference, amountPaise: kind === WATER_CHARGES_KIND ? amount : undefined, mode: mode as CounterMode, instrument: String(body.instrument ?? '').slice(0, 80),
    cashier: { id: session.user.id, email: session.user.email },
  });
}

/** The steps a signed-in holder takes on their own connection's application. */
const CITIZEN_ACTIONS = ['requestDisconnection', 'requestReconnection', 'resubmit'];

export async function citizenStep(context: APIContext): Promise<{ number: string; state: string }> {
  const citizen = await citizenFromRequest(context.request, context.cookies, servedOverHttps(context));
  if (!citizen) throw new HttpError(401, 'Sign in with your mobile number first.');
  const action = context.params.action ?? '';
  if (!CITIZEN_ACTIONS.includes(action)) throw new HttpError(404, 'There is no such action.');
  const number = String(context.params.number ?? '').toUpperCase();
  // A connection's number leads to its application; the application's own number works too.
  const application = isConnectionNumber(number) ? (await connectionByNumber(number))?.application_number : number;
  const found = application ? await findCase(application, now(), undefined, [WATER]) : null;
  if (!found || found.contact.mobile !== citizen.mobile) throw new HttpError(404, 'No connection or application of yours has this number.');
  const body = (context.request.headers.get('content-type') ?? '').startsWith('application/json') ? await readJsonBody(context.request, PUBLIC_TEXT_LIMIT) : {};
  await takeStep(WATER, found.number, action, { note: String(body.note ?? '').slice(0, 2000), visibility: 'public' }, { party: 'citizen', userId: null, label: 'Citizen' });
  const after = await findCase(found.number, now(), undefined, [WATER]);
  return { number: found.number, state: after?.state ?? found.state };
}
