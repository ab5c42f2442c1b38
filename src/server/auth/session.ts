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
  expiresAt: Date;
}

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function sessionLifetimeMs(): number {
  return readConfig().sessionMinutes * 60_000;
}

/** Creates a session row and returns the signed bearer token carrying its secret. */
export async function createSession(user: SessionUser, database: Db = db()): Promise<{ token: string; expiresAt: Date }> {
  const secret = generateSessionToken();
  const issuedAt = wallClock();
  const expiresAt = new Date(issuedAt + sessionLifetimeMs());
  await database
    .insertInto('user_session')
    .values({ id: sessionIdFromToken(secret), user_id: user.id, expires_at: expiresAt.toISOString() })
    .execute();
  const token = signToken(
    {
      sub: String(user.id),
      email: user.email,
      role: user.role,
      sid: secret,
      iat: Math.floor(issuedAt / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    },
    signingSecret(),
  );
  return { token, expiresAt };
}

/** The live session behind a bearer token, or null when the token is forged, expired or revoked. */
export async function validateToken(token: string, database: Db = db()): Promise<Session | null> {
  const claims = verifyToken(token, signingSecret());
  if (!claims) return null;
  const id = sessionIdFromToken(claims.sid);
  const row = await database
    .selectFrom('user_session')
    .innerJoin('app_user', 'app_user.id', 'user_session.user_id')
    .select(['user_session.id', 'user_session.expires_at', 'app_user.id as user_id', 'app_user.email', 'app_user.role', 'app_user.must_change_password'])
    .where('user_session.id', '=', id)
    // A disabled account's sessions are dead at once, on every instance.
    .where('app_user.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= wallClock()) {
    await database.deleteFrom('user_session').where('id', '=', id).execute();
    return null;
  }
  return { id, expiresAt, user: { id: row.user_id, email: row.email, role: row.role, mustChangePassword: Number(row.must_change_password) === 1 } };
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
