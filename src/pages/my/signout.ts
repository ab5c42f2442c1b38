import { endpoint } from '../../server/http';
import { servedOverHttps } from '../../server/request-origin';
import { CITIZEN_SESSION_COOKIE } from '../../server/page-cache';
import { endCitizenSession } from '../../features/citizen/citizen-session.server';
import { clearCitizenCookie } from '../../features/citizen/citizen-request.server';
import { pathIn } from '../../i18n/lang';

/** The sign-out button of a citizen's pages: ends the session (its row), clears the cookie, back to sign-in. */
export const POST = endpoint(async (context) => {
  const token = context.cookies.get(CITIZEN_SESSION_COOKIE)?.value;
  if (token) await endCitizenSession(token);
  clearCitizenCookie(context.cookies, servedOverHttps(context));
  return context.redirect(pathIn(context.locals.lang ?? 'en', '/my/signin?out=1'), 303);
});
