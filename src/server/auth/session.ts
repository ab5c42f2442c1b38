import { wallClock } from '../clock';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';
import { db, type Db } from '../db';
import type { Role } from '../db-schema';
import { readConfig } from '../config';
import { signingSecret } from './secret';
import { signToken, verifyToken } from './token';

// Sessions as Lucia's guide teaches them: a random secret goes to the client, only its SHA-256 is stored,
// and every request looks the hash up and checks the expiry. Deleting the row ends the session.
//
// A session has two ends. It is idle-limited: `expires_at` is SESSION_MINUTES after the last request, moved
// forward as the member of staff works (a cashier moving between screens all day stays signed in). And it is
// absolute: `absolute_expires_at`, SESSION_MAX_HOURS after signing in, is also the token's `exp`, so no amount
// of activity or renewing keeps one sign-in alive past it.

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  /** After an admin forced a password reset: the account opens nothing but its own password change. */
  mustChangePassword?: boolean;
}

export interface Session {
  id: string;
  user: SessionUser;
  /** When it ends if no further request comes: the idle limit, never after absoluteExpiresAt. */
  expiresAt: Date;
  /** When it ends whatever happens. */
  absoluteExpiresAt: Date;
}

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The idle limit: how long a session lives after its last request. */
export function sessionLifetimeMs(): number {
  return readConfig().sessionMinutes * 60_000;
}

/**
 * A request moves the idle end forward only once this much of it has passed, so that a screen that fires a
 * dozen requests writes the row once, not a dozen times.
 */
const SLIDE_STEP_MS = 30_000;

const idleEnd = (at: number, absolute: Date) => new Date(Math.min(at + sessionLifetimeMs(), absolute.getTime()));

export interface NewSession {
  token: string;
  /** The idle end, as the screens' session watch shows it. */
  expiresAt: Date;
  /** The absolute end: the token's `exp`, and the cookie's expiry. */
  absoluteExpiresAt: Date;
}

/**
 * Creates a session row and returns the signed bearer token carrying its secret. `until` keeps the absolute
 * end of the session this one replaces (renewing, a password change), so that replacing never extends it.
 */
export async function createSession(user: SessionUser, database: Db = db(), until?: Date): Promise<NewSession> {
  const secret = generateSessionToken();
  const issuedAt = wallClock();
  const absoluteExpiresAt = until ?? new Date(issuedAt + readConfig().sessionMaxHours * 3_600_000);
  const expiresAt = idleEnd(issuedAt, absoluteExpiresAt);
  await database
    .insertInto('user_session')
    .values({ id: sessionIdFromToken(secret), user_id: user.id, expires_at: expiresAt.toISOString(), absolute_expires_at: absoluteExpiresAt.toISOString() })
    .execute();
  const token = signToken(
    {
      sub: String(user.id),
      email: user.email,
      role: user.role,
      sid: secret,
      iat: Math.floor(issuedAt / 1000),
      exp: Math.floor(absoluteExpiresAt.getTime() / 1000),
    },
    signingSecret(),
  );
  return { token, expiresAt, absoluteExpiresAt };
}

/**
 * The live session behind a bearer token, or null when the token is forged, expired or revoked. Each request
 * is activity and moves the idle end forward, unless `touch` is false.
 */
export async function validateToken(token: string, database: Db = db(), { touch = true }: { touch?: boolean } = {}): Promise<Session | null> {
  const claims = verifyToken(token, signingSecret());
  if (!claims) return null;
  const id = sessionIdFromToken(claims.sid);
  const row = await database
    .selectFrom('user_session')
    .innerJoin('app_user', 'app_user.id', 'user_session.user_id')
    .select(['user_session.id', 'user_session.expires_at', 'user_session.absolute_expires_at', 'app_user.id as user_id', 'app_user.email', 'app_user.role', 'app_user.must_change_password'])
    .where('user_session.id', '=', id)
    // A disabled account's sessions are dead at once, on every instance.
    .where('app_user.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const at = wallClock();
  let expiresAt = new Date(row.expires_at);
  // A row from before absolute ends were stored ends with its token's `exp`.
  const absoluteExpiresAt = new Date(row.absolute_expires_at ?? claims.exp * 1000);
  if (expiresAt.getTime() <= at || absoluteExpiresAt.getTime() <= at) {
    await database.deleteFrom('user_session').where('id', '=', id).execute();
    return null;
  }
  const moved = idleEnd(at, absoluteExpiresAt);
  if (touch && moved.getTime() - expiresAt.getTime() >= SLIDE_STEP_MS) {
    // Only forward, and only while the row still ends where this request read it: two requests at once write once.
    await database.updateTable('user_session').set({ expires_at: moved.toISOString() }).where('id', '=', id).where('expires_at', '=', row.expires_at).execute();
    expiresAt = moved;
  }
  return { id, expiresAt, absoluteExpiresAt, user: { id: row.user_id, email: row.email, role: row.role, mustChangePassword: Number(row.must_change_password) === 1 } };
}

export async function invalidateSession(sessionId: string, database: Db = db()): Promise<void> {
  await database.deleteFrom('user_session').where('id', '=', sessionId).execute();
}

export async function invalidateUserSessions(userId: number, database: Db = db()): Promise<void> {
  await database.deleteFrom('user_session').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(database: Db = db()): Promise<void> {
  await database.deleteFrom('user_session').where('expires_at', '<=', new Date(wallClock()).toISOString()).execute();
}
