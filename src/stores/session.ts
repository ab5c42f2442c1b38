import { atom } from 'nanostores';

/**
 * The signed-in session as the browser knows it: only its expiry (the token itself lives in an HttpOnly
 * cookie the page cannot read). The admin layout renders the expiry from the server; the session watch
 * island warns a minute before it passes and logs out when it does; "Stay signed in" and a password change
 * renew it.
 */
export const $sessionExpiresAt = atom<number | null>(null);

export function setSessionExpiry(expiresAt: string | number | Date | null): void {
  const time = expiresAt === null ? null : new Date(expiresAt).getTime();
  $sessionExpiresAt.set(time !== null && Number.isFinite(time) ? time : null);
}

/** The sign-in page after the session ran out, asked to come back to this screen afterwards. */
export function expiredLoginUrl(): string {
  return `/login?expired=1&next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

/** How long before the end the back office warns and offers to stay signed in. */
export const SESSION_WARNING_MS = 60_000;

/**
 * Trades the live session for a fresh one of full length (POST /api/Account/renew) and updates the expiry
 * every screen watches. False when the session had already ended or the server could not be reached.
 */
export async function renewSession(): Promise<boolean> {
  try {
    const res = await fetch('/api/Account/renew', { method: 'POST', credentials: 'same-origin' });
    if (!res.ok) return false;
    const { expiresAt } = (await res.json()) as { expiresAt: string };
    setSessionExpiry(expiresAt);
    return true;
  } catch {
    return false;
  }
}

/**
 * The session's idle end as the server holds it now (GET /api/Account/session, which does not itself count as
 * activity), or null when the session has ended. Undefined when the server could not be asked.
 */
export async function serverSessionExpiry(): Promise<number | null | undefined> {
  try {
    const res = await fetch('/api/Account/session', { credentials: 'same-origin' });
    if (res.status === 401) return null;
    if (!res.ok) return undefined;
    return new Date(((await res.json()) as { expiresAt: string }).expiresAt).getTime();
  } catch {
    return undefined;
  }
}

let loggingOut = false;

/**
 * Ends the session on the server, then opens the sign-in page. The page is opened even when the server
 * cannot be reached: the cookie then dies with its expiry, and staying on a screen that looks signed in
 * would mislead.
 */
export async function logout(next = '/login'): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    await fetch('/api/Account/logout', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // Nothing to do: the page below asks for a new sign-in either way.
  }
  $sessionExpiresAt.set(null);
  window.location.assign(next);
}

/** The session ended under an open screen: sign in again and come back to it. */
export function signInAgain(): Promise<void> {
  return logout(expiredLoginUrl());
}
