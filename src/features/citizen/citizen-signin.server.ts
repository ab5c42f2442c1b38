import type { APIContext } from 'astro';
import type { Lang } from '../../i18n/lang';
import { HttpError } from '../../server/http';
import { clientAddress } from '../../server/request-origin';
import { parseMobile } from '../grievance/grievance-workflow';
import { checkCode, issueCode } from './citizen-code.server';
import { citizenSignInMode } from './citizen-mode.server';
import { sendCitizenCode } from './citizen-sms.server';
import { createCitizenSession } from './citizen-session.server';
import { REFUSAL } from '../../i18n/refusals';

/** The two steps of a citizen's sign-in, shared by the pages (/my/signin) and the JSON API (/api/Citizen/*). */

export const SIGN_IN_OFF = REFUSAL.signInOff;
export const GIVE_MOBILE = REFUSAL.giveMobile;
export const BAD_MOBILE = REFUSAL.badMobile;

function assertSignInOn(): void {
  if (citizenSignInMode() === 'off') throw new HttpError(503, SIGN_IN_OFF);
}

export function mobileOf(raw: unknown): string {
  const typed = String(raw ?? '').trim();
  if (typed === '') throw new HttpError(400, GIVE_MOBILE, { mobile: GIVE_MOBILE });
  const mobile = parseMobile(typed);
  if (!mobile) throw new HttpError(400, BAD_MOBILE, { mobile: BAD_MOBILE });
  return mobile;
}

/** Step one: a code to the mobile, in the citizen's language. Answers the mobile as parsed. */
export async function sendSignInCode(context: Pick<APIContext, 'locals' | 'clientAddress'>, rawMobile: unknown, lang: Lang): Promise<string> {
  assertSignInOn();
  const mobile = mobileOf(rawMobile);
  const code = await issueCode(mobile, clientAddress(context));
  await sendCitizenCode(mobile, code, lang);
  return mobile;
}

/** Step two: the code checked, and a session for the mobile. */
export async function finishSignIn(rawMobile: unknown, code: unknown): Promise<{ mobile: string; token: string; expiresAt: Date }> {
  assertSignInOn();
  const mobile = mobileOf(rawMobile);
  await checkCode(mobile, String(code ?? ''));
  return { mobile, ...(await createCitizenSession(mobile)) };
}
