import { endpoint, PUBLIC_TEXT_LIMIT, readFormBody } from '../server/http';
import { sameSitePath } from '../lib/canonical-path';
import { applyDisplayChoice, displayCookieValue, DISPLAY_COOKIE, parseDisplayCookie } from '../server/display-preferences';
import { servedOverHttps } from '../server/request-origin';

/**
 * The A-, A, A+ and contrast buttons post here (no script needed); the choice is kept in a cookie for a
 * year and the visitor returns to the page they were on.
 */
export const POST = endpoint(async (context) => {
  const form = await readFormBody(context.request, PUBLIC_TEXT_LIMIT);
  const current = parseDisplayCookie(context.cookies.get(DISPLAY_COOKIE)?.value);
  const chosen = applyDisplayChoice(current, { text: form.get('text')?.toString(), contrast: form.get('contrast')?.toString() });
  context.cookies.set(DISPLAY_COOKIE, displayCookieValue(chosen), {
    path: '/', maxAge: 365 * 24 * 3600, sameSite: 'lax', secure: servedOverHttps(context), httpOnly: true,
  });
  const back = sameSitePath(form.get('back')?.toString()) ?? '/';
  return new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
});
