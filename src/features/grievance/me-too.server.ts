import type { APIContext } from 'astro';
import { object } from 'yup';
import { HttpError } from '../../server/http';
import { clientAddress } from '../../server/request-origin';
import { claimSubmission, FORM_TOKEN_FIELD } from '../../server/form-submission';
import { db } from '../../server/db';
import { variantUrl } from '../../server/media-variants';
import { addSupporter, supporterCountOf } from '../cases/case-supporters.server';
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
 * sending of the same form answer the first's result, and the address limit holds a flood back.
 */
const meTooSchema = object({ mobile: lodgeSchema.fields.mobile, email: lodgeSchema.fields.email });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export type MeTooResult = 'added' | 'already';

export async function meTooFromForm(context: Pick<APIContext, 'locals' | 'clientAddress'>, form: FormData, lang: Lang): Promise<{ number: string; result: MeTooResult }> {
  const number = parseComplaintNumber(text(form, 'metoo'));
  if (!number) throw new HttpError(404, REFUSAL.noSuchGrievance);
  const values = await meTooSchema.validate({ mobile: text(form, 'mobile'), email: text(form, 'email') }, { abortEarly: false, stripUnknown: true });
  // The claim is per grievance: one lodging form may say "me too" to more than one of its list.
  const claim = await claimSubmission(`metoo-${number}`, form.get(FORM_TOKEN_FIELD));
  if (claim.kind === 'done') return { number, result: claim.result === 'added' ? 'added' : 'already' };
  try {
    await admitMeToo(clientAddress(context));
    const result = await addSupporter(GRIEVANCE, number, { mobile: String(values.mobile), email: String(values.email ?? ''), lang });
    await claim.complete(result);
    return { number, result };
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
