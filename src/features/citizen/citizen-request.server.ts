import type { AstroCookies } from 'astro';
import { CITIZEN_SESSION_COOKIE } from '../../server/page-cache';
import { validateCitizenToken, type CitizenSession } from './citizen-session.server';

/**
 * The citizen behind a request to a citizen route: a bearer token (the mobile app) or the `citizen_session`
 * cookie (the site). Staff tokens and the staff cookie are never read here, and this is never read for staff
 * routes (src/middleware.ts), so neither kind of session opens the other's routes.
 */
export async function citizenFromRequest(request: Request, cookies: AstroCookies, secure: boolean): Promise<CitizenSession | null> {
  const authorization = request.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return validateCitizenToken(authorization.slice(7).trim());
  const cookie = cookies.get(CITIZEN_SESSION_COOKIE)?.value;
  if (!cookie) return null;
  const session = await validateCitizenToken(cookie);
  if (session?.renewed) setCitizenCookie(cookies, cookie, session.expiresAt, secure);
  return session;
}

export function setCitizenCookie(cookies: AstroCookies, token: string, expiresAt: Date, secure: boolean): void {
  cookies.set(CITIZEN_SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearCitizenCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.set(CITIZEN_SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}
