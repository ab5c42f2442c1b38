import { endpoint, HttpError, json } from '../../../server/http';
import { createSession, invalidateSession } from '../../../server/auth/session';
import { sessionFromRequest, setSessionCookie } from '../../../server/auth/request-session';
import { servedOverHttps } from '../../../server/request-origin';

/**
 * "Stay signed in": trades a live session for a new one with a full idle limit. Only a live session may be
 * renewed (an ended one must sign in again), and the old one ends here, so renewing never leaves two sessions
 * alive. The new one keeps the old one's absolute end (the token's `exp`): renewing never makes a sign-in last
 * longer than SESSION_MAX_HOURS.
 */
export const POST = endpoint(async (context) => {
  const { request, cookies } = context;
  const { session, via } = await sessionFromRequest(request, cookies);
  if (!session) throw new HttpError(401, 'Please sign in.');
  await invalidateSession(session.id);
  const { token, expiresAt, absoluteExpiresAt } = await createSession(session.user, undefined, session.absoluteExpiresAt);
  if (via === 'cookie') setSessionCookie(cookies, token, absoluteExpiresAt, servedOverHttps(context));
  return json({ token, role: session.user.role, expiresAt: expiresAt.toISOString() });
});
