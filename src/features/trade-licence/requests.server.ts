import type { APIContext } from 'astro';
import { HttpError } from '../../server/http';
import { readStreamedForm, type StreamedForm, type StreamedFormSpec } from '../../server/streamed-form';
import type { AcceptedFile } from '../../server/content/uploads';
import { clientAddress } from '../../server/request-origin';
import { claimSubmission } from '../../server/form-submission';
import { admitLodging, assertAddressMayLodge } from '../grievance/grievance-limits.server';
import { applyKeepingDocuments, readDocuments, sessionActor, type PageApplication, type RefusedDocuments, type SentDocuments } from '../cases/document-form.server';
import type { Lang } from '../../i18n/lang';
import { MAX_OWNERS } from './application-schema';
import { allDocumentCodes } from './catalogue.server';
import { applyForLicence, resubmit } from './applications.server';

/**
 * Reading a trade licence application as the form and the JSON call send it (multipart: the fields, the
 * owners as owner1_name, owner2_name…, one file per checklist document as doc_<code>), under the upload
 * limits every public form here has: a stranger's address is admitted before a byte is read, and files are
 * judged by their bytes (a PDF, or a picture re-encoded without its metadata).
 */
export const OWNER_FIELDS = ['name', 'guardianName', 'relationship', 'gender', 'dateOfBirth', 'mobile', 'email', 'pan', 'specialCategory'] as const;
export const APPLICATION_FIELDS = [
  'financialYear', 'licenceType', 'oldLicenceNumber', 'unchanged', 'tradeName', 'structureType', 'structureSubType', 'commencementDate', 'gstNo',
  'areaSqft', 'employees', 'tradeCategory', 'tradeType', 'tradeSubType', 'cantonment', 'wardId', 'doorNo', 'buildingName', 'road', 'locality',
  'pincode', 'correspondenceAddress', 'feePaise',
] as const;

async function formSpec(client: string | undefined): Promise<StreamedFormSpec> {
  const codes = await allDocumentCodes();
  return { files: Object.fromEntries(codes.map((code) => [`doc_${code}`, { kind: 'document' as const, maxCount: 1, label: code }])), textBytes: 64 * 1024, client };
}

/** Who is applying: the member of staff signed in, or a citizen without an account. */
export const actorOf = sessionActor;

/** Reads the form; a stranger whose address has lodged its hour's worth is refused before a byte is read. */
export async function readApplicationForm(context: Pick<APIContext, 'locals' | 'clientAddress' | 'request'>): Promise<StreamedForm> {
  if (context.locals.session) return readStreamedForm(context.request, await formSpec(undefined));
  const address = clientAddress(context);
  await assertAddressMayLodge(address);
  return readStreamedForm(context.request, await formSpec(address));
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').slice(0, 600);

/** The form's words as typed (kept to show again on a refusal). */
export function typedFields(form: FormData): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const name of APPLICATION_FIELDS) typed[name] = text(form, name);
  for (let i = 1; i <= MAX_OWNERS; i++) for (const field of OWNER_FIELDS) typed[`owner${i}_${field}`] = text(form, `owner${i}_${field}`);
  return typed;
}

/** The application as the schema reads it: owners beyond the first only when something of theirs was typed. */
export function applicationOf(typed: Record<string, string>): Record<string, unknown> {
  const owners = [];
  for (let i = 1; i <= MAX_OWNERS; i++) {
    const owner = Object.fromEntries(OWNER_FIELDS.map((f) => [f, typed[`owner${i}_${f}`] ?? '']));
    const typedAny = OWNER_FIELDS.some((f) => f !== 'specialCategory' && owner[f].trim() !== '');
    if (i === 1 || typedAny) owners.push({ ...owner, specialCategory: owner.specialCategory || 'None' });
  }
  const feeRupees = typed.feePaise;
  return { ...typed, unchanged: typed.unchanged === 'true' || typed.unchanged === 'on', feePaise: /^\d{1,9}$/.test(feeRupees ?? '') ? Number(feeRupees) : undefined, owners };
}

/** Each document sent, accepted by what its bytes are; the first refused one is the answer. */
export async function documentsOf(form: StreamedForm): Promise<Record<string, AcceptedFile>> {
  const { accepted, refused } = await readDocuments(form);
  const [first] = Object.entries(refused.errors);
  if (first) throw new HttpError(refused.status ?? 400, first[1], { [first[0]]: first[1] });
  return accepted;
}

/** The form whose refused files are kept for it (src/server/kept-files.ts). */
const SCOPE = 'tradelicense';

/** Lodges once per form token, with these documents: a second sending of the same form answers the first's number. */
async function lodgeOnce(
  context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm, typed: Record<string, string>, lang: Lang, source: 'web' | 'api',
  documents: SentDocuments, refused: RefusedDocuments,
): Promise<string> {
  const claim = await claimSubmission(SCOPE, form);
  if (claim.kind === 'done') return claim.result;
  try {
    const actor = actorOf(context.locals.session);
    const fields = applicationOf(typed);
    const admit = actor.party === 'citizen' ? () => admitLodging(String(typed.owner1_mobile ?? '').replace(/\D/g, '').slice(-10), clientAddress(context)) : undefined;
    const { number } = await applyForLicence(
      { fields, documents, lang, source: actor.party === 'citizen' ? source : 'counter', fileErrors: refused.errors, fileStatus: refused.status, admit }, actor, undefined,
    );
    await claim.complete(number);
    return number;
  } catch (err) {
    await claim.abandon();
    throw err;
  }
}

/** An application sent to the JSON API: its number, or the refusal thrown. */
export async function applyOnce(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm, typed: Record<string, string>, lang: Lang, source: 'web' | 'api'): Promise<string> {
  const { accepted, refused } = await readDocuments(form);
  return lodgeOnce(context, form, typed, lang, source, accepted, refused);
}

/** The page's form, its refused documents kept for the form sent again. */
export function applyFromPage(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: StreamedForm, typed: Record<string, string>, lang: Lang): Promise<PageApplication> {
  return applyKeepingDocuments(SCOPE, context, form, (documents, refused) => lodgeOnce(context, form, typed, lang, 'web', documents, refused));
}

/** The trader's replacements for refused documents, from the tracking page. */
export async function replaceDocuments(number: string, form: StreamedForm, session: App.Locals['session']): Promise<void> {
  await resubmit(number, await documentsOf(form), actorOf(session));
}
