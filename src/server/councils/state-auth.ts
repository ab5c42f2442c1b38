import { HttpError } from '../http';
import { readConfig } from '../config';
import { nowIso } from '../db';
import { wallClock } from '../clock';
import { decoyPasswordHash, verifyPassword } from '../auth/password';
import { generateSessionToken, sessionIdFromToken } from '../auth/session';
import { signToken, verifyToken } from '../auth/token';
import { stateSigningSecret } from '../auth/secret';
import type { Role } from '../db-schema';
import { platformDb } from './platform';

/**
 * State administrators' sign-in, sessions and audit log, for the state's calls (bearer token) and the state
 * console's screens (the same token in a cookie of the state's own name). The token is signed with a key no
 * council has and backed by a session row in the platform database: no council's token or cookie opens the
 * state's host, and no state token a council's.
 */
export const STATE_SESSION_COOKIE = 'state_session';

/** Failed sign-ins an address may make in WINDOW_MS before it is refused (each attempt is counted as it begins). */
const MAX_ATTEMPTS = 10;
const WINDOW_MS = 15 * 60_000;
export const REFUSED_STATE_LOGIN = 'The email or password is not right.';

export interface StateAdmin {
  id: number;
  email: string;
}

export async function stateAudit(admin: string, action: string, address: string, councilId: number | null, detail: unknown): Promise<void> {
  await platformDb().insertInto('state_audit').values({ at: nowIso(), admin_email: admin, action, address, council_id: councilId, detail: JSON.stringify(detail) }).execute();
}

/**
 * One sign-in, throttled per address: 401 for a wrong email or password, 429 once the address has tried too
 * often. Answers the token and when it ends.
 */
export async function signInStateAdmin(emailAsTyped: string, password: string, address: string): Promise<{ token: string; expiresAt: Date; admin: StateAdmin }> {
  const email = emailAsTyped.trim().toLowerCase();
  const platform = platformDb();
  // Counted before the password is checked, one row per attempt: a burst of guesses at once from one address
  // sees its own rows and gets no more than MAX_ATTEMPTS tries.
  await stateAudit(email, 'sign-in-attempt', address, null, {});
  const since = new Date(wallClock() - WINDOW_MS).toISOString();
  const [{ tries }] = await platform
    .selectFrom('state_audit')
    .select((eb) => eb.fn.countAll<number>().as('tries'))
    .where('action', '=', 'sign-in-attempt')
    .where('address', '=', address)
    .where('at', '>=', since)
    .execute();
  if (Number(tries) > MAX_ATTEMPTS) throw new HttpError(429, 'Too many sign-in attempts from this address. Try again in 15 minutes.', undefined, { 'retry-after': String(WINDOW_MS / 1000) });
  const admin = await platform.selectFrom('state_admin').selectAll().where('email', '=', email).executeTakeFirst();
  const ok = await verifyPassword(password, admin?.password_hash ?? (await decoyPasswordHash()));
  if (!admin || !ok || admin.disabled_at !== null) throw new HttpError(401, REFUSED_STATE_LOGIN);
  // A good sign-in clears the address's count, as a council's does.
  await platform.deleteFrom('state_audit').where('action', '=', 'sign-in-attempt').where('address', '=', address).execute();
  const secret = generateSessionToken();
  const issuedAt = wallClock();
  const expiresAt = new Date(issuedAt + readConfig().sessionMaxHours * 3_600_000);
  await platform.insertInto('state_session').values({ id: sessionIdFromToken(secret), admin_id: admin.id, expires_at: expiresAt.toISOString() }).execute();
  const token = signToken(
    // `role` names no council role: the state's key signs it, and only the state's host reads it.
    { sub: String(admin.id), email: admin.email, role: 'state' as Role, sid: secret, iat: Math.floor(issuedAt / 1000), exp: Math.floor(expiresAt.getTime() / 1000) },
    stateSigningSecret(),
  );
  await stateAudit(admin.email, 'sign-in', address, null, {});
  return { token, expiresAt, admin: { id: admin.id, email: admin.email } };
}

/** The state administrator a token belongs to, or null: forged, another key's, expired, signed out or disabled. */
export async function stateAdminOfToken(token: string | undefined | null): Promise<StateAdmin | null> {
  const claims = token ? verifyToken(token, stateSigningSecret()) : null;
  if (!claims) return null;
  const row = await platformDb()
    .selectFrom('state_session')
    .innerJoin('state_admin', 'state_admin.id', 'state_session.admin_id')
    .select(['state_admin.id', 'state_admin.email', 'state_session.expires_at'])
    .where('state_session.id', '=', sessionIdFromToken(claims.sid))
    .where('state_admin.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= wallClock()) return null;
  return { id: row.id, email: row.email };
}

/** Ends the session behind a token (whatever it is: an unknown one ends nothing), audited when it was one. */
export async function signOutStateAdmin(token: string | undefined | null, address: string): Promise<void> {
  const admin = await stateAdminOfToken(token);
  const claims = token ? verifyToken(token, stateSigningSecret()) : null;
  if (!admin || !claims) return;
  await platformDb().deleteFrom('state_session').where('id', '=', sessionIdFromToken(claims.sid)).execute();
  await stateAudit(admin.email, 'sign-out', address, null, {});
}

export interface StateAuditEntry {
  id: number;
  at: string;
  adminEmail: string;
  action: string;
  address: string;
  councilId: number | null;
  detail: unknown;
}

/** The state audit log, newest first, a page at a time; attempts at signing in (the throttle's count) left out. */
export async function stateAuditPage(page: number, perPage: number): Promise<{ total: number; entries: StateAuditEntry[] }> {
  const platform = platformDb();
  const base = platform.selectFrom('state_audit').where('action', '!=', 'sign-in-attempt');
  const [{ n }] = await base.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await base.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
  return {
    total: Number(n),
    entries: rows.map((row) => ({ id: row.id, at: row.at, adminEmail: row.admin_email, action: row.action, address: row.address, councilId: row.council_id, detail: safeJson(row.detail) })),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
