/**
 * The one answer to a failed sign-in, whatever failed (no such account, wrong password): saying which would
 * tell an attacker which email addresses have accounts. The server answers with it; the form falls back to it.
 */
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
