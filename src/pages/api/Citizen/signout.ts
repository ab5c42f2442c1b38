import { endpoint } from '../../../server/http';
import { servedOverHttps } from '../../../server/request-origin';
import { CITIZEN_SESSION_COOKIE } from '../../../server/page-cache';
import { endCitizenSession } from '../../../features/citizen/citizen-session.server';
import { clearCitizenCookie } from '../../../features/citizen/citizen-request.server';

/** POST with the bearer token (or the cookie): the session ends. 204 whether or not it was alive. */
export const POST = endpoint(async (context) => {
  const authorization = context.request.headers.get('authorization');
  const token = authorization?.toLowerCase().startsWith('bearer ') ? authorization.slice(7).trim() : context.cookies.get(CITIZEN_SESSION_COOKIE)?.value;
  if (token) await endCitizenSession(token);
  clearCitizenCookie(context.cookies, servedOverHttps(context));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});
