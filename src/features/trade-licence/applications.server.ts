import { ValidationError } from 'yup';
import { db, type Db } from '../../server/db';
import { mediaUrl } from '../../server/media';
import { HttpError, validationError } from '../../server/http';
import { now } from '../../server/clock';
import type { AcceptedFile } from '../../server/content/uploads';
import { findCase } from '../cases/case-queries.server';
import { lodgeCase, takeStep, type CaseActor } from '../cases/cases.server';
import { parseMobile } from '../cases/contact';
import { parseCaseNumber } from '../cases/service';
import type { Lang } from '../../i18n/lang';
import { applicationSchema, type Application } from './application-schema';
import { documentChecklist, feeTable, tradeTypes } from './catalogue.server';
import { tradeLicenceFee, type FeeAnswer, type ApplicationKind, type FeeQuestion } from './fee';
import { documentStates } from './requirements';
import { TRADE_LICENCE } from './trade-licence.service';
import { financialYear, indianDate } from '../../lib/india-time';

/**
 * Applying for a trade licence (the citizen's form, the counter clerk, the JSON call) and resubmitting it (the
 * verifier's word on each document is verdicts.server.ts). Everything is checked before anything is stored: the form's formats, the trade
 * type, the checklist's documents, the fee the applicant was shown (it must still be the fee), and for a
 * renewal the licence being renewed.
 */
/** The fee's questions as the applicant answers them; the day it is worked out for is today's. */
export type FeeAsked = Omit<FeeQuestion, 'today'>;

/** The fee for these answers today: what the form shows, the JSON call answers and the bill charges. */
export async function feeFor(asked: FeeAsked, at = now(), database: Db = db()): Promise<FeeAnswer> {
  return tradeLicenceFee(await feeTable(database), { ...asked, today: indianDate(at) });
}

/** The financial years one may apply for: the one under way and the next (for early renewals). */
export function financialYearsOpen(at = now()): string[] {
  const current = financialYear(indianDate(at));
  const start = Number(current.slice(0, 4)) + 1;
  return [current, `${start}-${String((start + 1) % 100).padStart(2, '0')}`];
}

/** The application as the schema reads it, or every field's message (added to `errors`) and null. */
async function checked(raw: unknown, errors: Record<string, string>): Promise<Application | null> {
  try {
    return await applicationSchema.validate(raw, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const [field, message] of Object.entries(validationError(err).errors ?? {})) errors[field] ??= message;
    return null;
  }
}

/** The first owner's mobile as the form sent it, for the check that it is there, whatever else is wrong. */
const firstMobileSent = (fields: Record<string, unknown>) =>
  Array.isArray(fields.owners) ? (fields.owners[0] as Record<string, unknown> | undefined)?.mobile : undefined;

/** An issued (or expired) licence's application, found by the licence number, for a renewal. */
async function licenceToRenew(licenceNumber: string, database: Db) {
  const licence = await database.selectFrom('trade_licence').select(['case_id', 'cancelled_at']).where('number', '=', licenceNumber).executeTakeFirst();
  if (!licence) throw new HttpError(400, 'No licence has this number.', { oldLicenceNumber: 'No licence has this number.' });
  if (licence.cancelled_at) throw new HttpError(409, 'A cancelled licence cannot be renewed.', { oldLicenceNumber: 'A cancelled licence cannot be renewed.' });
  const row = await database.selectFrom('service_case').select(['number', 'data']).where('id', '=', licence.case_id).executeTakeFirstOrThrow();
  return { number: row.number, data: JSON.parse(row.data) as Application };
}

export interface NewApplication {
  /** The form's fields as typed, owners as a list. */
  fields: Record<string, unknown>;
  /** One file per checklist code. */
  documents: Readonly<Record<string, AcceptedFile | undefined>>;
  lang: Lang;
  source: 'web' | 'counter' | 'api';
  /** Files refused as they were read (too large, neither a PDF nor a picture), by field: told with everything else. */
  fileErrors?: Readonly<Record<string, string>>;
  /** The status of the first file refused (413 too large, 415 not a document), answered when nothing else is wrong. */
  fileStatus?: number;
  /**
   * Counts the sending against the abuse limits once every check has passed (it may refuse, 429), so that an
   * application refused for a mistake does not use up an attempt.
   */
  admit?: () => Promise<void>;
}

/**
 * The answers a renewal is compared on with the old licence: the trade, its structure, size and place, the
 * owners. Any difference sends the renewal through the checks again (verify, inspect, approve).
 */
export const RENEWAL_COMPARED = [
  'tradeName', 'structureType', 'structureSubType', 'commencementDate', 'gstNo', 'areaSqft', 'employees', 'tradeCategory', 'tradeType', 'tradeSubType',
  'cantonment', 'wardId', 'doorNo', 'buildingName', 'road', 'locality', 'pincode', 'correspondenceAddress',
] as const;

const sameAnswer = (a: unknown, b: unknown) => {
  const x = String(a ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const y = String(b ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return x === y || (x !== '' && y !== '' && Number.isFinite(Number(x)) && Number(x) === Number(y));
};
const typed = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';
const ownersSent = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? (v as Record<string, unknown>[]).filter((o) => o && typeof o === 'object' && typed(o.name)) : [];

/**
 * What a renewal changes of the old licence: the compared answers it sends (a blank answer keeps the old
 * one) that differ, and 'owners' when it names owners other than the old licence's (by name and PAN).
 */
export function renewalChanges(old: Application, sent: Record<string, unknown>): string[] {
  const changed: string[] = RENEWAL_COMPARED.filter((k) => typed(sent[k]) && !sameAnswer(sent[k], old[k]));
  const owners = ownersSent(sent.owners);
  const key = (o: Record<string, unknown>) => `${String(o.name ?? '').trim().toLowerCase()}|${String(o.pan ?? '').trim().toUpperCase()}`;
  if (owners.length && owners.map(key).sort().join(';') !== (old.owners as unknown as Record<string, unknown>[]).map(key).sort().join(';')) changed.push('owners');
  return changed;
}

/**
 * Lodges an application; answers its number. A renewal starts from the old licence's answers, overlaid with
 * those sent; one that says it is unchanged and is goes straight to payment, any other through the checks.
 */
export async function applyForLicence(input: NewApplication, actor: CaseActor, database: Db = db()): Promise<{ number: string; feePaise: number }> {
  let fields = input.fields;
  let shortPath = false;
  if (fields.licenceType === 'renewal' && typed(fields.oldLicenceNumber)) {
    const old = await licenceToRenew(String(fields.oldLicenceNumber).trim().toUpperCase(), database);
    const claimsUnchanged = String(fields.unchanged ?? '') === 'true';
    const changes = renewalChanges(old.data, fields);
    const { licenceNumber: _n, validFrom: _f, validUntil: _u, documentCodes: _d, renewalChanges: _c, ...kept } = old.data;
    // Only what differs replaces the old answer: the same name typed in other letters keeps the licence's spelling.
    const overlay = Object.fromEntries(changes.filter((k) => k !== 'owners').map((k) => [k, fields[k]]));
    shortPath = claimsUnchanged && changes.length === 0;
    fields = {
      ...kept, ...overlay, ...(changes.includes('owners') ? { owners: fields.owners } : {}),
      financialYear: fields.financialYear, licenceType: 'renewal', oldLicenceNumber: fields.oldLicenceNumber, unchanged: shortPath, renewalChanges: changes, feePaise: fields.feePaise,
    };
  }
  // Every check that needs nothing else to pass first is made, and all that is wrong is told at once: the
  // fields, the first owner's mobile, the ward, the trade type and the checklist's documents.
  const errors: Record<string, string> = { ...input.fileErrors };
  const application = await checked(fields, errors);
  const financialYear = application?.financialYear ?? String(fields.financialYear ?? '');
  if (!errors.financialYear && !financialYearsOpen().includes(financialYear)) errors.financialYear = 'Choose the financial year.';
  const tradeType = String(fields.tradeType ?? '');
  const types = await tradeTypes(database);
  if (!errors.tradeType && !types.some((t) => t.code === tradeType)) errors.tradeType = 'Choose the trade type.';
  const wardId = Number(fields.wardId);
  const ward = Number.isSafeInteger(wardId) && wardId > 0 ? await database.selectFrom('ward').select('id').where('id', '=', wardId).executeTakeFirst() : undefined;
  if (!errors.wardId && !ward) errors.wardId = 'Choose the ward.';
  const mobile = parseMobile(application?.owners[0].mobile ?? firstMobileSent(fields));
  if (!mobile && !errors['owners[0].mobile']) errors['owners.0.mobile'] = 'Enter a ten-digit mobile number.';
  // The checklist of the trade and kind sent (the general one while the trade type is not yet chosen).
  const kind: ApplicationKind = fields.licenceType === 'renewal' ? 'renewal' : 'new';
  const checklist = await documentChecklist(errors.tradeType ? '*' : tradeType, kind, database);
  for (const d of checklist) if (!input.documents[d.code] && !errors[`doc_${d.code}`]) errors[`doc_${d.code}`] = 'Attach this document.';
  if (!application || !mobile || Object.keys(errors).length > 0) {
    const missing = checklist.filter((d) => errors[`doc_${d.code}`] === 'Attach this document.');
    const headline = Object.keys(errors).length === missing.length
      ? `Attach every document on the list: ${missing.map((d) => d.en).join('; ')}.`
      : !mobile && Object.keys(errors).length === 1 ? "Enter the first owner's mobile number: we send the application's progress to it." : Object.values(errors)[0];
    const onlyFiles = Object.keys(errors).every((field) => input.fileErrors?.[field] !== undefined);
    throw new HttpError(onlyFiles ? input.fileStatus ?? 400 : 400, headline, errors);
  }
  const first = application.owners[0];
  const fee = await feeFor({ tradeType: application.tradeType, structure: application.structureSubType, kind, areaSqft: application.areaSqft, employees: application.employees, financialYear: application.financialYear }, now(), database);
  if (!fee.ok) throw new HttpError(400, 'This trade cannot be licensed online: its fee is not in the table. Please apply at the council office.', { tradeType: 'No fee for this trade.' });
  if (fee.totalPaise !== application.feePaise) {
    throw new HttpError(409, `The fee has changed since it was shown: it is now ${fee.totalPaise} paise. Look at the new fee and send the form again.`, { feePaise: String(fee.totalPaise) });
  }
  await input.admit?.();
  const codes = checklist.map((d) => d.code);
  const { number } = await lodgeCase(
    TRADE_LICENCE,
    {
      wardId: application.wardId,
      contact: { name: first.name, mobile, email: first.email, address: application.correspondenceAddress },
      data: { ...application, documentCodes: codes },
      lang: input.lang,
      source: input.source,
    },
    { documents: codes.map((code) => input.documents[code]!) },
    actor,
    database,
  );
  if (shortPath) await takeStep(TRADE_LICENCE, number, 'renewUnchanged', { note: `Renewal of ${application.oldLicenceNumber}, unchanged.` }, { party: 'system', userId: null, label: 'System' }, database);
  return { number, feePaise: fee.totalPaise };
}

/** Sends the replacements for refused documents and hands the application back to the verifier. */
export async function resubmit(number: string, replacements: Readonly<Record<string, AcceptedFile | undefined>>, actor: CaseActor, database: Db = db()): Promise<void> {
  const codes = Object.keys(replacements).filter((code) => replacements[code]);
  const found = await findCase(number, now(), database, [TRADE_LICENCE]);
  if (!found) throw new HttpError(404, 'No application with that number.');
  const states = await documentStates(database, found.id);
  const unknown = codes.filter((c) => !states.some((s) => s.code === c));
  if (unknown.length) throw new HttpError(400, 'The application has no such document.', { documents: unknown.join(', ') });
  const refused = states.filter((s) => (s.accepted === false || !s.mediaId) && !codes.includes(s.code));
  if (refused.length) throw new HttpError(400, `Replace the refused documents first: ${refused.map((d) => d.code).join(', ')}.`, Object.fromEntries(refused.map((d) => [`doc_${d.code}`, 'Replace this document.'])));
  // The files sent replace the ones they are sent for: those go with the step, as nobody needs a refused paper kept.
  // (A file that also stands for a document not replaced stays.)
  const kept = new Set(states.filter((s) => !codes.includes(s.code)).map((s) => s.mediaId));
  const replaced = states.filter((s) => codes.includes(s.code) && s.mediaId && !kept.has(s.mediaId)).map((s) => s.mediaId);
  await takeStep(TRADE_LICENCE, number, 'resubmit', { documents: codes.map((c) => replacements[c]!), fields: { documentCodes: codes }, replacesFiles: replaced }, actor, database);
}

/** The steps whose note is the applicant's reason: why the application was refused, the licence cancelled, or what to correct. */
const REASONED_STEPS = ['reject', 'cancel', 'sendBack'];

/**
 * An application as its applicant sees it (number and the first owner's mobile must match), with its documents'
 * verdicts and, once refused, cancelled or sent back, the reason the reviewer gave for that step.
 */
export async function applicationForApplicant(numberRaw: unknown, mobileRaw: unknown, database: Db = db()) {
  const number = parseCaseNumber(numberRaw);
  const mobile = parseMobile(mobileRaw);
  if (!number || !mobile) return null;
  const found = await findCase(number, now(), database, [TRADE_LICENCE]);
  if (!found || found.contact.mobile !== mobile) return null;
  const application = found.data as unknown as Application;
  const names = await documentChecklist(application.tradeType, application.licenceType as ApplicationKind, database);
  const states = await documentStates(database, found.id);
  // The applicant's own files, at their private addresses (a withdrawn one has none).
  const files = states.length ? await database.selectFrom('media').select(['id', 'sha256', 'content_type']).where('id', 'in', states.map((d) => d.mediaId || 0)).execute() : [];
  const documents = states.map((d) => {
    const file = files.find((f) => f.id === d.mediaId);
    return { ...d, name: names.find((n) => n.code === d.code) ?? { code: d.code, en: d.code, hi: d.code }, url: file ? mediaUrl(file.sha256, file.content_type) : null };
  });
  const reasoned = await database
    .selectFrom('case_event')
    .select('note')
    .where('case_id', '=', found.id)
    .where('to_state', '=', found.state)
    .where('action', 'in', REASONED_STEPS)
    .where('visibility', '=', 'public')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { found, application, mobile, documents, reason: reasoned?.note ?? '' };
}
