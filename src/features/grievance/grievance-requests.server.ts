import type { APIContext } from 'astro';
import { db } from '../../server/db';
import { ValidationError } from 'yup';
import { FormRefusal, HttpError } from '../../server/http';
import { acceptSpooledFiles, checkSpooledFiles, readStreamedForm, type StreamedForm, type StreamedFormSpec } from '../../server/streamed-form';
import type { AcceptedFile } from '../../server/content/uploads';
import { clientAddress } from '../../server/request-origin';
import { keptFilesSender } from '../cases/document-form.server';
import { parseCoordinate } from '../wards/wards.server';
import { claimSubmission, FORM_TOKEN_FIELD } from '../../server/form-submission';
import { dropKeptFiles, keepFiles, keptFilesSent, senderMayKeep, type KeptFiles } from '../../server/kept-files';
import type { Session } from '../../server/auth/session';
import { lodgeSchema, trackSchema, type LodgeValues } from './grievance.schema';
import { lodgeGrievance, MAX_PHOTOS, type NewGrievance, redactGrievance, REDACTABLE, transitionGrievance, type RedactableField } from './grievance.server';
import { admitLodging, admitLookup, assertAddressMayLodge } from './grievance-limits.server';
import { findCitizenGrievance, findStaffGrievance, type InboxFilter, type StaffGrievance } from './grievance-queries.server';
import { isGrievanceState, parseComplaintNumber, parseMobile, TRANSITIONS, type TransitionName } from './grievance-workflow';
import type { GrievanceActor } from './grievance.server';
import type { Lang } from '../../i18n/lang';
import { REFUSAL } from '../../i18n/refusals';

/** What the public form, the staff screens, the JSON endpoints and Open311 share when reading a request. */

/**
 * A grievance form's body: up to four photos under `photos` and room for the text fields (the longest a
 * citizen may type, in Devanagari, is a few kilobytes; 64 KB leaves room to spare).
 */
export const PHOTO_FORM: StreamedFormSpec = { files: { photos: { kind: 'image', maxCount: MAX_PHOTOS, label: 'Photo' } }, textBytes: 64 * 1024 };

export const CITIZEN: GrievanceActor = { party: 'citizen', userId: null, label: 'Citizen' };

export function staffActor(session: Session | null): GrievanceActor {
  if (!session) throw new HttpError(401, 'Please sign in.');
  return { party: session.user.role, userId: session.user.id, label: session.user.email };
}

/**
 * Reads a grievance form with photos. A citizen's is refused before a byte is read when their address has
 * already lodged its hour's worth, and is held to the address's share of uploads at once.
 */
export async function readGrievanceForm(context: Pick<APIContext, 'locals' | 'clientAddress' | 'request'>): Promise<StreamedForm> {
  if (context.locals.session) return readStreamedForm(context.request, PHOTO_FORM);
  const address = clientAddress(context);
  await assertAddressMayLodge(address);
  return readStreamedForm(context.request, { ...PHOTO_FORM, client: address });
}

/** The photos of a form read with PHOTO_FORM: checked from their headers, then decoded one at a time. */
async function acceptPhotos(form: StreamedForm | null): Promise<AcceptedFile[]> {
  if (!form) return [];
  await checkSpooledFiles(form.files, PHOTO_FORM);
  return acceptSpooledFiles(form.files, PHOTO_FORM, 'photos');
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * Lodges what a citizen sent, cheapest checks first: fields checked (400 naming each), category and ward
 * checked to exist, the photos' sizes and types and pixel counts read from their headers (413/415), then the
 * abuse limits counted (429), so that a mistake in the form does not use up an attempt, and only then are the
 * photos decoded, one at a time. The desk lodging on a citizen's behalf through the same form is recorded as
 * itself, without the limits.
 */
export async function lodgeFromCitizen(
  context: Pick<APIContext, 'locals' | 'clientAddress'>,
  sent: Record<string, string>,
  form: StreamedForm | null,
  source: 'web' | 'open311',
  lang: Lang = 'en',
  keptPhotos: readonly AcceptedFile[] = [],
): Promise<{ id: number; number: string }> {
  const values = await lodgeSchema.validate(sent, { abortEarly: false, stripUnknown: true });
  // The point "use my location" filled in, kept with the case when it is one; a broken one is left out, as
  // the citizen cannot see or correct a hidden field.
  const lat = parseCoordinate(sent.lat, 90);
  const long = parseCoordinate(sent.long, 180);
  const location = lat !== null && long !== null ? { lat, long, addressString: '', addressId: '', mediaUrl: '' } : undefined;
  return lodgeChecked(context, { ...values, wardId: values.ward, location, photosPrivate: photosPrivateAsked(sent.photos_private) }, form, source, lang, undefined, keptPhotos);
}

/** The citizen ticked "keep my photos private" (the form's box, or a client's field of the same name). */
export function photosPrivateAsked(value: unknown): boolean {
  return typeof value === 'string' && ['1', 'on', 'true', 'yes'].includes(value.trim().toLowerCase());
}

/** What lodgeChecked takes: fields already checked for form; the ward may be unknown (an Open311 request). */
export type CheckedLodging = Omit<LodgeValues, 'ward'> & { wardId: number | null; location: NewGrievance['location']; photosPrivate?: boolean };

/**
 * The rest of a lodging once its fields are checked (by the form's schema, or Open311's): category and ward
 * checked to exist (400 naming `names.category`/`names.ward`), photos, limits, then the case itself.
 */
export async function lodgeChecked(
  context: Pick<APIContext, 'locals' | 'clientAddress'>,
  values: CheckedLodging,
  form: StreamedForm | null,
  source: 'web' | 'open311',
  lang: Lang,
  names: { category: string; ward: string } = { category: 'category', ward: 'ward' },
  /** Photos kept from a refused sending of the same form (src/server/kept-files.ts), already accepted. */
  keptPhotos: readonly AcceptedFile[] = [],
): Promise<{ id: number; number: string }> {
  const session = context.locals.session;
  const actor = session ? staffActor(session) : CITIZEN;
  const database = db();
  const [category, ward] = await Promise.all([
    database.selectFrom('grievance_type').select('id').where('id', '=', values.category).executeTakeFirst(),
    values.wardId === null ? Promise.resolve({ id: null }) : database.selectFrom('ward').select('id').where('id', '=', values.wardId).executeTakeFirst(),
  ]);
  const unknown: Record<string, string> = {};
  if (!category) unknown[names.category] = REFUSAL.unknownCategory;
  if (!ward) unknown[names.ward] = REFUSAL.unknownWard;
  if (Object.keys(unknown).length > 0) throw new HttpError(400, Object.values(unknown)[0], unknown);
  if (form) await checkSpooledFiles(form.files, PHOTO_FORM);
  if (keptPhotos.length + (form?.files.length ?? 0) > MAX_PHOTOS) throw new HttpError(400, REFUSAL.tooManyPhotos, { photos: REFUSAL.tooManyPhotos });
  if (actor.party === 'citizen') await admitLodging(values.mobile, clientAddress(context));
  const photos = [...keptPhotos, ...(await acceptPhotos(form))];
  return lodgeGrievance(
    {
      grievanceTypeId: values.category,
      wardId: values.wardId,
      address: values.address,
      landmark: values.landmark,
      description: values.description,
      suggestion: values.suggestion,
      name: values.name,
      mobile: values.mobile,
      email: values.email,
      source: actor.party === 'citizen' ? source : 'desk',
      location: values.location,
      lang,
      photosPrivate: values.photosPrivate === true,
    },
    photos,
    actor,
  );
}

/**
 * Lodges a form from the web once: the same form sent again (its one-time token) answers the number its
 * first sending lodged, and stores nothing (src/server/form-submission.ts). `scope` names the form.
 * `beforeLodging` may stop a fresh sending (the similar reports' question) by throwing: the token is let go,
 * so the same form may be sent again.
 */
async function lodgeOnce(
  context: Pick<APIContext, 'locals' | 'clientAddress'>, scope: string, form: StreamedForm, sent: Record<string, string>, lang: Lang,
  keptPhotos: readonly AcceptedFile[], beforeLodging?: () => Promise<void>,
): Promise<string> {
  const claim = await claimSubmission(scope, form);
  if (claim.kind === 'done') return claim.result;
  try {
    await beforeLodging?.();
    const { number } = await lodgeFromCitizen(context, sent, form, 'web', lang, keptPhotos);
    await claim.complete(number);
    return number;
  } catch (err) {
    await claim.abandon();
    throw err;
  }
}

function lodgeFieldsOf(form: FormData): Record<string, string> {
  return Object.fromEntries(['category', 'ward', 'address', 'landmark', 'description', 'suggestion', 'name', 'mobile', 'email', 'lat', 'long', 'photos_private'].map((name) => [name, text(form, name)]));
}

/** What a page's lodging form came to: the number lodged, or what to show again with the error that stopped it. */
export type PageLodging =
  | { lodged: string }
  | { lodged: null; sent: Record<string, string>; formToken: string | null; photosSent: boolean; kept: KeptFiles | null; error: unknown };

/**
 * Keeps a refused form's photos for its next sending: those kept before that it still ticks, and the new ones,
 * accepted as a lodging would accept them, while the sender's share allows. A photo that is itself refused
 * (too large, not a picture) keeps none of the new ones: the field says why.
 */
async function keepPhotos(
  context: Pick<APIContext, 'locals' | 'clientAddress'>, scope: string, form: StreamedForm, stillKept: Awaited<ReturnType<typeof keptFilesSent>>,
): Promise<KeptFiles | null> {
  const sender = keptFilesSender(context);
  let fresh: AcceptedFile[] = [];
  if (form.files.length > 0 && (await senderMayKeep(sender))) {
    try {
      await checkSpooledFiles(form.files, PHOTO_FORM);
      fresh = await acceptPhotos(form);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
    }
  }
  const room = Math.max(0, MAX_PHOTOS - stillKept.length);
  const sent = fresh.slice(0, room).map((file, i) => ({ part: 'photos', position: stillKept.length + i + 1, file }));
  return keepFiles(scope, sender, form.fields, stillKept, sent);
}

/**
 * A page's lodging form, sent (the public form and the desk's): read, lodged once for its token, and its
 * spooled photos let go whatever happens. Stopped, it answers what was typed and the token to render again
 * (a refused form keeps its token, so that sending it corrected still counts as one sending), and the error.
 * `hold` may stop a fresh sending before it lodges (the public form's similar grievances), given the fields.
 */
export async function lodgeFromPage(
  context: Pick<APIContext, 'locals' | 'clientAddress' | 'request'>, scope: string, lang: Lang,
  hold?: (fields: FormData, sent: Record<string, string>) => Promise<void>,
): Promise<PageLodging> {
  let sent: Record<string, string> = {};
  let formToken: string | null = null;
  let photosSent = false;
  let kept: KeptFiles | null = null;
  try {
    const form = await readGrievanceForm(context);
    try {
      sent = lodgeFieldsOf(form.fields);
      formToken = String(form.fields.get(FORM_TOKEN_FIELD) ?? '') || null;
      const stillKept = await keptFilesSent(scope, form.fields);
      photosSent = form.files.length > 0 || stillKept.length > 0;
      // Held back by `hold` (similar reports to look at first), the form comes back as a refused one does.
      let heldBack = false;
      const holding = hold && (async () => {
        try {
          await hold(form.fields, sent);
        } catch (error) {
          heldBack = true;
          throw error;
        }
      });
      try {
        const lodged = await lodgeOnce(context, scope, form, sent, lang, stillKept.map((k) => k.file), holding);
        await dropKeptFiles(form.fields);
        return { lodged };
      } catch (error) {
        // Refused for what was typed (or held for the similar reports): the photos stay for the form sent
        // again. A sender over an abuse limit keeps nothing.
        const refused = (error instanceof HttpError && error.status < 500 && error.status !== 429) || error instanceof ValidationError;
        if (refused || heldBack) {
          kept = await keepPhotos(context, scope, form, stillKept);
        }
        throw error;
      }
    } finally {
      await form.dispose();
    }
  } catch (error) {
    // A form refused as it was read still shows again as typed.
    if (error instanceof FormRefusal) {
      sent = lodgeFieldsOf(error.fields);
      formToken = String(error.fields.get(FORM_TOKEN_FIELD) ?? '') || null;
    }
    return { lodged: null, sent, formToken, photosSent, kept, error };
  }
}

/**
 * A citizen's number and mobile: the grievance, or one answer for a number that does not exist and for a
 * mobile that does not match (a stranger learns nothing). Failures count towards the look-up limit.
 */
export async function citizenLookup(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: FormData): Promise<StaffGrievance> {
  const { number, mobile } = await trackSchema.validate({ number: text(form, 'number'), mobile: text(form, 'mobile') }, { abortEarly: false });
  // A form that cannot name anything is refused above without counting; every look-up made counts.
  const lookup = await admitLookup(clientAddress(context));
  const parsedNumber = parseComplaintNumber(number);
  const parsedMobile = parseMobile(mobile);
  const found = parsedNumber && parsedMobile ? await findCitizenGrievance(parsedNumber, parsedMobile) : null;
  if (!found) throw new HttpError(404, REFUSAL.noMatch);
  await lookup.found();
  return found;
}

/** A citizen's rating or reopening, after the number and mobile have been checked. */
export async function citizenAction(grievance: StaffGrievance, form: FormData): Promise<TransitionName> {
  const action = text(form, 'action');
  if (action !== 'rate' && action !== 'reopen') throw new HttpError(400, 'Choose to rate or to reopen the grievance.');
  const rating = action === 'rate' ? Number(text(form, 'rating')) : null;
  await transitionGrievance(grievance.number, action, { note: text(form, 'note').slice(0, 1000), rating }, CITIZEN);
  return action;
}

export function isTransitionName(value: string): value is TransitionName {
  return Object.hasOwn(TRANSITIONS, value) && value !== 'auto-close';
}

/** A staff transition from a form (multipart or urlencoded): note, officer, photos. */
export async function staffTransition(number: string, transition: string, streamed: StreamedForm, actor: GrievanceActor): Promise<void> {
  const parsed = parseComplaintNumber(number);
  if (!parsed) throw new HttpError(404, REFUSAL.noSuchGrievance);
  if (!isTransitionName(transition)) throw new HttpError(404, 'There is no such action.');
  const form = streamed.fields;
  const officer = text(form, 'officer');
  const photos = await acceptPhotos(streamed);
  await transitionGrievance(
    parsed,
    transition,
    {
      note: text(form, 'note').slice(0, 1000),
      noteVisibility: text(form, 'note_visibility') === 'public' ? 'public' : 'staff',
      officerId: /^\d{1,9}$/.test(officer) ? Number(officer) : null,
      photos,
      rating: null,
    },
    actor,
  );
}

/** The inbox's filters from a query string; anything unreadable is ignored rather than refused. An officer sees only their own. */
export function inboxFilterOf(url: URL, session: Session, pageSize: number): InboxFilter & { page: number; q: string } {
  const params = url.searchParams;
  const id = (name: string) => (/^\d{1,9}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : undefined);
  const state = params.get('state') ?? '';
  const officerParam = params.get('officer');
  const page = id('page') && id('page')! >= 1 ? id('page')! : 1;
  // Searched by a number or a mobile as people type them; text that is neither finds nothing.
  const q = (params.get('q') ?? '').trim().slice(0, 40);
  const number = q ? parseComplaintNumber(q) : null;
  const mobile = q && !number ? parseMobile(q) : null;
  return {
    q,
    number: number ?? (q && !mobile ? q : undefined),
    mobile: mobile ?? undefined,
    sort: params.get('sort') === 'newest' ? 'newest' : 'due',
    state: isGrievanceState(state) ? state : undefined,
    wardId: id('ward'),
    categoryId: id('category'),
    officer: session.user.role === 'officer' ? session.user.id : officerParam === 'none' ? 'none' : id('officer'),
    overdue: params.get('overdue') === '1',
    limit: pageSize,
    offset: (page - 1) * pageSize,
    page,
  };
}

/** A member of staff's view of one grievance: an officer sees only those assigned to them (others are 404). */
export async function staffGrievance(number: string | undefined, session: Session): Promise<StaffGrievance> {
  const parsed = parseComplaintNumber(number);
  const found = parsed ? await findStaffGrievance(parsed) : null;
  if (!found || (session.user.role === 'officer' && found.officerId !== session.user.id)) throw new HttpError(404, REFUSAL.noSuchGrievance);
  return found;
}

/** Staff redaction from a form: only the fields sent are replaced. */
export async function staffRedaction(number: string, form: FormData, actor: GrievanceActor): Promise<void> {
  const parsed = parseComplaintNumber(number);
  if (!parsed) throw new HttpError(404, REFUSAL.noSuchGrievance);
  const changes: Partial<Record<RedactableField, string>> = {};
  for (const field of Object.keys(REDACTABLE) as RedactableField[]) {
    const value = form.get(field);
    if (typeof value === 'string') changes[field] = value;
  }
  await redactGrievance(parsed, changes, actor);
}

/** One staff action posted from a screen or the JSON API: a transition, or 'redact'. */
export async function staffAction(number: string, action: string, form: StreamedForm, actor: GrievanceActor): Promise<void> {
  if (action === 'redact') return staffRedaction(number, form.fields, actor);
  return staffTransition(number, action, form, actor);
}
