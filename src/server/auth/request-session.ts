import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from '../page-cache';
import { validateToken, type Session } from './session';

/** Where the token came from matters: only cookie-borne sessions need the cross-site origin check. */
export interface RequestSession {
  session: Session | null;
  via: 'bearer' | 'cookie' | null;
}

/** `touch: false` reads the session without moving its idle end (validateToken). */
export async function sessionFromRequest(request: Request, cookies: AstroCookies, options: { touch?: boolean } = {}): Promise<RequestSession> {
  const authorization = request.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    return { session: await validateToken(authorization.slice(7).trim(), undefined, options), via: 'bearer' };
  }
  const cookie = cookies.get(SESSION_COOKIE)?.value;
  if (cookie) return { session: await validateToken(cookie, undefined, options), via: 'cookie' };
  return { session: null, via: null };
}

/** `expiresAt` is the session's absolute end: the idle end moves with each request, the cookie need not. */
export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: Date, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}
