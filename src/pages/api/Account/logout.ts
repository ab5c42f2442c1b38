import { endpoint, json } from '../../../server/http';
import { invalidateSession } from '../../../server/auth/session';
import { sessionFromRequest, clearSessionCookie } from '../../../server/auth/request-session';

export const POST = endpoint(async ({ request, cookies, url }) => {
  const { session } = await sessionFromRequest(request, cookies);
  if (session) await invalidateSession(session.id);
  clearSessionCookie(cookies, url.protocol === 'https:');
  return json({ message: 'Signed out.' });
});
