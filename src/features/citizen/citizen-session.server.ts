import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { generateSessionToken, sessionIdFromToken } from '../../server/auth/session';
import { DAY_MS } from '../../lib/india-time';

/**
 * A signed-in citizen, kept apart from staff sessions: its own table (citizen_session) and its own cookie or
 * bearer token. Same design as staff sessions (Lucia's): a random secret goes to the client, only its SHA-256
 * is stored, every request looks the hash up. It lasts 30 days and slides: each use after the first day of
 * it pushes the end 30 days on, so a citizen who comes back monthly stays signed in.
 */
export const CITIZEN_SESSION_DAYS = 30;
const LIFETIME_MS = CITIZEN_SESSION_DAYS * DAY_MS;
/** How old the current lifetime must be before a use renews it: once a day, not a write per request. */
const RENEW_AFTER_MS = DAY_MS;

export interface CitizenSession {
  id: string;
  mobile: string;
  expiresAt: Date;
  /** True when this request moved the end on: a cookie must then be sent again with the new end. */
  renewed: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function createCitizenSession(mobile: string, database: Db = db()): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const at = now();
  const expiresAt = new Date(at + LIFETIME_MS);
  await database.insertInto('citizen_session').values({ id: sessionIdFromToken(token), mobile, created_at: iso(at), expires_at: expiresAt.toISOString() }).execute();
  // Ended sessions are swept as new ones begin; nothing else needs them.
  await database.deleteFrom('citizen_session').where('expires_at', '<=', iso(at)).execute();
  return { token, expiresAt };
}

/** The live session behind a secret token, renewed when due; null when unknown or expired. */
export async function validateCitizenToken(token: string, database: Db = db()): Promise<CitizenSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = sessionIdFromToken(token);
  const row = await database.selectFrom('citizen_session').select(['mobile', 'expires_at']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const at = now();
  const expiresAt = Date.parse(row.expires_at);
  if (expiresAt <= at) {
    await database.deleteFrom('citizen_session').where('id', '=', id).execute();
    return null;
  }
  if (expiresAt - at < LIFETIME_MS - RENEW_AFTER_MS) {
    const renewed = new Date(at + LIFETIME_MS);
    await database.updateTable('citizen_session').set({ expires_at: renewed.toISOString() }).where('id', '=', id).execute();
    return { id, mobile: row.mobile, expiresAt: renewed, renewed: true };
  }
  return { id, mobile: row.mobile, expiresAt: new Date(expiresAt), renewed: false };
}

export async function endCitizenSession(token: string, database: Db = db()): Promise<void> {
  await database.deleteFrom('citizen_session').where('id', '=', sessionIdFromToken(token)).execute();
}
