import { endpoint, json } from '../../../server/http';
import { invalidateSession } from '../../../server/auth/session';
import { sessionFromRequest, clearSessionCookie } from '../../../server/auth/request-session';
import { servedOverHttps } from '../../../server/request-origin';

export const POST = endpoint(async (context) => {
  const { request, cookies } = context;
  const { session } = await sessionFromRequest(request, cookies);
  if (session) await invalidateSession(session.id);
  clearSessionCookie(cookies, servedOverHttps(context));
  return json({ message: 'Signed out.' });
});
