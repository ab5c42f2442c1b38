import { db, type Db } from '../db';
import type { HttpError } from '../http';
import { takeGates, tooManyAttempts } from '../attempt-limit';
import { now as clockNow } from '../clock';

/**
 * Failed sign-ins are counted over a sliding window, in the database rather than in memory, so that every
 * server instance sees the same attempts and a restart does not wipe the slate for an attacker.
 *
 * Only an address's own failures can refuse it. Refusing anything for an account's sake (locking the account
 * after many failures) would hand every stranger a way to keep its owner out, the admin included: guess wrong
 * ten times from anywhere and nobody signs in from anywhere new. So:
 * - an address with MAX_FAILURES failures in the window, on any accounts, is refused everything;
 * - an account with MAX_FAILURES failures in the window, from all addresses together, is being guessed at
 *   from several places: each address may then fail on it only MAX_FAILURES_WHILE_GUESSED times before that
 *   address is refused for it. Every further address the guesser brings buys a few guesses, not ten;
 * - the right password from an address that has not itself failed too often always signs in.
 *
 * An attempt is counted before its password is checked, in one transaction with the checks that may refuse
 * it, after taking the attempt limiter's gates of its address and of its account (src/server/attempt-limit.ts):
 * attempts sent at once are checked and counted one after another, so a burst cannot all pass the check
 * while the first passwords are still being hashed, on either engine and in any number of processes.
 */
export const MAX_FAILURES = 10;
export const MAX_FAILURES_WHILE_GUESSED = 3;
export const WINDOW_MS = 15 * 60_000;

export interface LoginSource {
  /** The email as typed (lower-cased), whether or not such an account exists. */
  email: string;
  /** The caller's network address. */
  address: string;
}

/** The outcome of an admitted attempt, which must be told once its password has been checked. */
export interface LoginAttempt {
  /** The password was right: the attempt and this address's earlier failures on the account are forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted as a failure. */
  failed(): Promise<void>;
}

function windowStart(now: number): string {
  return new Date(now - WINDOW_MS).toISOString();
}

/** The oldest of the newest `limit` attempts inside the window, once there are that many; else null. */
async function blockingFailure(where: Partial<LoginSource>, limit: number, since: string, database: Db): Promise<string | null> {
  let query = database.selectFrom('login_attempt').select('at').where('at', '>', since);
  if (where.email !== undefined) query = query.where('email', '=', where.email);
  if (where.address !== undefined) query = query.where('address', '=', where.address);
  const rows = await query.orderBy('at', 'desc').limit(limit).execute();
  return rows.length >= limit ? rows[rows.length - 1].at : null;
}

function tooManyFailures(blocking: string, now: number): HttpError {
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(blocking) + WINDOW_MS - now) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return tooManyAttempts(`Too many failed sign-ins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
}

/**
 * Counts an attempt, then refuses it with 429 (even for the right password, or guessing would simply go on)
 * while its address, or its address on this account, has failed too often. Retry-After says when the
 * failure that decides it leaves the window.
 */
export async function beginLoginAttempt(source: LoginSource, now = clockNow(), database: Db = db()): Promise<LoginAttempt> {
  const at = new Date(now).toISOString();
  const since = windowStart(now);
  await database.transaction().execute(async (trx) => {
    await takeGates(trx, [{ kind: 'login-address', key: source.address }, { kind: 'login-email', key: source.email }]);
    const byAddress = await blockingFailure({ address: source.address }, MAX_FAILURES, since, trx);
    const guessedFromSeveralPlaces = (await blockingFailure({ email: source.email }, MAX_FAILURES, since, trx)) !== null;
    const byPair = guessedFromSeveralPlaces ? await blockingFailure(source, MAX_FAILURES_WHILE_GUESSED, since, trx) : null;
    const blocking = [byAddress, byPair].filter((failure): failure is string => failure !== null).sort().pop();
    // A refused attempt checks no password, so it is no failure and is not counted: the wait it was told stays true.
    if (blocking) throw tooManyFailures(blocking, now);
    await trx.insertInto('login_attempt').values({ email: source.email, address: source.address, at }).execute();
  });
  return {
    async succeeded() {
      await database.deleteFrom('login_attempt').where('email', '=', source.email).where('address', '=', source.address).execute();
    },
    async failed() {
      await database.deleteFrom('login_attempt').where('at', '<=', since).execute();
    },
  };
}
