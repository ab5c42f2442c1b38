import type { APIContext } from 'astro';
import { HttpError } from '../http';
import { db, nowIso } from '../db';
import { clientAddress, servedOverHttps } from '../request-origin';
import { beginLoginAttempt } from './login-throttle';
import { setSessionCookie } from './request-session';
import { createSession } from './session';
import { authenticate, normaliseEmail } from './users';
import { INVALID_LOGIN_MESSAGE } from '../../lib/login-refusal';
import type { Role } from '../db-schema';

/**
 * One sign-in, whichever way it arrives (the JSON call or the sign-in page's own form before its script has
 * loaded): throttled, checked, and answered with a session and its cookie.
 */
export async function signIn(
  context: Pick<APIContext, 'request' | 'cookies' | 'url' | 'clientAddress' | 'locals'>,
  email: string,
  password: string,
): Promise<{ token: string; role: Role; expiresAt: Date }> {
  const source = { email: normaliseEmail(email), address: clientAddress(context) };
  const attempt = await beginLoginAttempt(source);
  const user = await authenticate(email, password);
  if (!user) {
    await attempt.failed();
    throw new HttpError(401, INVALID_LOGIN_MESSAGE);
  }
  await attempt.succeeded();
  // For the state console's look at each council (when its admin last came), not for any check here.
  await db().updateTable('app_user').set({ last_signed_in_at: nowIso() }).where('id', '=', user.id).execute();
  const { token, expiresAt, absoluteExpiresAt } = await createSession({ id: user.id, email: user.email, role: user.role });
  // The back office pages use the session through an HttpOnly cookie; API clients use the token.
  // The cookie lives to the absolute end; the idle end is the row's, moved forward by each request.
  setSessionCookie(context.cookies, token, absoluteExpiresAt, servedOverHttps(context));
  return { token, role: user.role, expiresAt };
}
