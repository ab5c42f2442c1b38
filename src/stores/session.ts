import { atom } from 'nanostores';

/**
 * The signed-in session as the browser knows it: only its expiry (the token itself lives in an HttpOnly
 * cookie the page cannot read). The admin layout renders the expiry from the server; the session watch
 * island logs out when it passes, and a password change renews it.
 */
export const $sessionExpiresAt = atom<number | null>(null);

export function setSessionExpiry(expiresAt: string | number | Date | null): void {
  const time = expiresAt === null ? null : new Date(expiresAt).getTime();
  $sessionExpiresAt.set(time !== null && Number.isFinite(time) ? time : null);
}

/** Where the sign-in page goes after the session ran out on its own. */
export const EXPIRED_LOGIN_URL = '/login?expired=1';

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
