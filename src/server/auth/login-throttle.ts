import { db, type Db } from '../db';
import { HttpError } from '../http';

/**
 * Failed sign-ins are counted per account and per address over a sliding window. The counts live in the
 * database rather than in memory so that every server instance sees the same attempts and a restart does
 * not wipe the slate for an attacker.
 *
 * An address over its limit is refused outright. An account over its limit is locked to every address
 * except those it has signed in from before (within KNOWN_ADDRESS_DAYS): a stranger guessing from elsewhere
 * can lock the account to further guesses, but cannot keep its owner out. A known address still counts its
 * own failures, so it cannot be used to guess past the per-address limit either.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
export const KNOWN_ADDRESS_DAYS = 90;
/** How many addresses an account remembers; the least recently used go first. */
const KNOWN_ADDRESSES_KEPT = 20;

export interface LoginSource {
  /** The email as typed (lower-cased), whether or not such an account exists. */
  email: string;
  /** The caller's network address. */
  address: string;
}

function windowStart(now: number): string {
  return new Date(now - WINDOW_MS).toISOString();
}

/** The oldest of the newest MAX_FAILURES failures inside the window, once there are that many; else null. */
async function blockingFailure(column: 'email' | 'address', value: string, since: string, database: Db): Promise<string | null> {
  const rows = await database
    .selectFrom('login_attempt')
    .select('at')
    .where(column, '=', value)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  return rows.length >= MAX_FAILURES ? rows[rows.length - 1].at : null;
}

/**
 * Refuses with 429 while the account or the address has MAX_FAILURES failures inside the window, even for
 * the right password (otherwise guessing would simply go on). Retry-After says when the oldest of those
 * failures leaves the window.
 */
export async function assertLoginAllowed(source: LoginSource, now = Date.now(), database: Db = db()): Promise<void> {
  const since = windowStart(now);
  const accountBlock = await blockingFailure('email', source.email, since, database);
  const accountLocksThisAddress = accountBlock !== null && !(await isKnownAddress(source, now, database));
  const blocking = [accountLocksThisAddress ? accountBlock : null, await blockingFailure('address', source.address, since, database)]
    .filter((at): at is string => at !== null)
    .sort()
    .pop();
  if (!blocking) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(blocking) + WINDOW_MS - now) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new HttpError(
    429,
    `Too many failed sign-ins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Records one failed sign-in and forgets the ones that have left the window. */
export async function recordLoginFailure(source: LoginSource, now = Date.now(), database: Db = db()): Promise<void> {
  await database.insertInto('login_attempt').values({ email: source.email, address: source.address, at: new Date(now).toISOString() }).execute();
  await database.deleteFrom('login_attempt').where('at', '<=', windowStart(now)).execute();
}

async function isKnownAddress(source: LoginSource, now: number, database: Db): Promise<boolean> {
  const since = new Date(now - KNOWN_ADDRESS_DAYS * 86_400_000).toISOString();
  const row = await database
    .selectFrom('sign_in_address')
    .select('last_at')
    .where('email', '=', source.email)
    .where('address', '=', source.address)
    .where('last_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * After a successful sign-in: the account's failures are cleared (the address keeps its count, so one
 * attacker's own account cannot reset it) and the address is remembered as one the account uses.
 */
export async function recordLoginSuccess(source: LoginSource, now = Date.now(), database: Db = db()): Promise<void> {
  const at = new Date(now).toISOString();
  await database.deleteFrom('login_attempt').where('email', '=', source.email).execute();
  await database
    .insertInto('sign_in_address')
    .values({ email: source.email, address: source.address, last_at: at })
    .onConflict((oc) => oc.columns(['email', 'address']).doUpdateSet({ last_at: at }))
    .execute();
  const kept = await database
    .selectFrom('sign_in_address')
    .select('address')
    .where('email', '=', source.email)
    .orderBy('last_at', 'desc')
    .limit(KNOWN_ADDRESSES_KEPT)
    .execute();
  await database
    .deleteFrom('sign_in_address')
    .where('email', '=', source.email)
    .where('address', 'not in', kept.map((row) => row.address))
    .execute();
}
