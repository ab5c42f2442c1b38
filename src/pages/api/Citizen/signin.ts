import { endpoint, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../../server/http';
import { sendSignInCode } from '../../../features/citizen/citizen-signin.server';
import { CODE_MINUTES } from '../../../features/citizen/citizen-code.server';
import { maskMobile } from '../../../features/citizen/citizen-format';

/** POST {mobile, lang?: 'en'|'hi'}: a six-digit code goes to the mobile by SMS, in that language. */
export const POST = endpoint(async (context) => {
  const body = await readJsonBody(context.request, PUBLIC_TEXT_LIMIT);
  const mobile = await sendSignInCode(context, body.mobile, body.lang === 'hi' ? 'hi' : 'en');
  return json({ sentTo: maskMobile(mobile), expiresInSeconds: CODE_MINUTES * 60 }, 202);
});
