import { endpoint, HttpError, json } from '../../../server/http';
import { createSession, invalidateSession } from '../../../server/auth/session';
import { sessionFromRequest, setSessionCookie } from '../../../server/auth/request-session';
import { servedOverHttps } from '../../../server/request-origin';

/**
 * "Stay signed in": trades a live session for a new one of full length. Only a live session may be renewed
 * (an ended one must sign in again), and the old one ends here, so renewing never leaves two sessions alive.
 * Expiry stays fixed per session, as the token's `exp` says; renewing issues a new token rather than
 * stretching the old one.
 */
export const POST = endpoint(async (context) => {
  const { request, cookies } = context;
  const { session, via } = await sessionFromRequest(request, cookies);
  if (!session) throw new HttpError(401, 'Please sign in.');
  await invalidateSession(session.id);
  const { token, expiresAt } = await createSession(session.user);
  if (via === 'cookie') setSessionCookie(cookies, token, expiresAt, servedOverHttps(context));
  return json({ token, role: session.user.role, expiresAt: expiresAt.toISOString() });
});
