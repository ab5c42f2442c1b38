/** A mobile number as a page shows it back: only the last four digits, so a shoulder-reader learns little. */
export function maskMobile(mobile: string): string {
  return `••••••${mobile.slice(-4)}`;
}

/**
 * Where a citizen goes after signing in: back to the /my page that sent them to sign in (or the ward alerts'
 * form, which offers SMS to a signed-in mobile), never anywhere else (an address from the query string must
 * not lead off the site, nor to a staff page).
 */
export function citizenDestination(next: string | null | undefined): string {
  return next && /^\/(?:my(?:\/cases\/[A-Za-z0-9-]{1,40})?|ward-alerts)$/.test(next) ? next : '/my';
}
