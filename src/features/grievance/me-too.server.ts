import type { APIContext } from 'astro';
import { object } from 'yup';
import { HttpError } from '../../server/http';
import { clientAddress } from '../../server/request-origin';
import { claimSubmission } from '../../server/form-submission';
import { db } from '../../server/db';
import { variantUrl } from '../../server/media-variants';
import { addSupporter, supporterCountOf } from '../cases/case-supporters.server';
import { askToConfirm } from '../cases/supporter-consent.server';
import { findPublicGrievance } from './grievance-queries.server';
import { GRIEVANCE } from './grievance.service';
import { lodgeSchema } from './grievance.schema';
import { OPEN_STATES, parseComplaintNumber } from './grievance-workflow';
import { admitMeToo } from './grievance-limits.server';
import type { Lang } from '../../i18n/lang';
import { REFUSAL } from '../../i18n/refusals';

/**
 * A citizen's "me too" from a form: the similar list on /postgrievance (its buttons post the lodging form's
 * mobile and email here, with the grievance's number as `metoo`), or the public tracking page. The mobile is
 * checked as lodging checks it; one per mobile per grievance; the form's one-time token makes a second
 * sending of the same form answer the first's result, and the address limit holds a flood back. The answer
 * is the same whatever the mobile (a stranger's, one that follows already, the lodger's own), and the
 * contacts given hear only a request to confirm them (src/features/cases/supporter-consent.server.ts).
 */
const meTooSchema = object({ mobile: lodgeSchema.fields.mobile, email: lodgeSchema.fields.email });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Where a follower's confirmation link opens. */
export const ME_TOO_CONFIRM_PATH = '/metoo/confirm';

/** `provenMobile`: the mobile of a citizen signed in on this request, which needs no confirming. */
export async function meTooFromForm(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: FormData, lang: Lang, provenMobile: string | null = null): Promise<{ number: string }> {
  const number = parseComplaintNumber(text(form, 'metoo'));
  if (!number) throw new HttpError(404, REFUSAL.noSuchGrievance);
  const values = await meTooSchema.validate({ mobile: text(form, 'mobile'), email: text(form, 'email') }, { abortEarly: false, stripUnknown: true });
  // The claim is per grievance: one lodging form may say "me too" to more than one of its list.
  const claim = await claimSubmission(`metoo-${number}`, form);
  if (claim.kind === 'done') return { number };
  try {
    await admitMeToo(clientAddress(context));
    const added = await addSupporter(GRIEVANCE, number, { mobile: String(values.mobile), email: String(values.email ?? '').trim(), lang, provenMobile });
    if (added) await askToConfirm(GRIEVANCE, number, added, ME_TOO_CONFIRM_PATH);
    await claim.complete('counted');
    return { number };
  } catch (err) {
    await claim.abandon();
    throw err;
  }
}

/** One grievance as the "me too" and tracking pages show anyone: the similar list's facts, open or not, and what it was merged into. */
export async function publicCard(number: string | null) {
  const grievance = number ? await findPublicGrievance(number) : null;
  if (!grievance) return null;
  const [meToo, mergedInto] = await Promise.all([supporterCountOf(grievance.number), mergedIntoOf(grievance.number)]);
  // The card's small picture: the 160 px variant of the citizen's first photo.
  const photo = grievance.photos.find((p) => p.kind === 'citizen')?.src;
  const sha = photo ? /\/media\/([0-9a-f]{64})\./.exec(photo)?.[1] : undefined;
  return {
    item: { number: grievance.number, state: grievance.state, ward: grievance.ward, landmark: grievance.landmark, lodgedAt: grievance.lodgedAt, photo: sha ? variantUrl(sha, 160) : null, meToo },
    open: OPEN_STATES.includes(grievance.state),
    mergedInto,
  };
}

async function mergedIntoOf(number: string): Promise<string | null> {
  const row = await db().selectFrom('service_case').select('data').where('number', '=', number).where('service', '=', GRIEVANCE.name).executeTakeFirst();
  const merged = row ? (JSON.parse(row.data) as Record<string, unknown>).mergedInto : null;
  return typeof merged === 'string' && parseComplaintNumber(merged) ? merged : null;
}
