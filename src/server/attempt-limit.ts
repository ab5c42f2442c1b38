import { db, nowIso, type Db } from './db';
import { HttpError } from './http';
import { now } from './clock';

/**
 * The one limiter of what strangers may do again and again (lodge a grievance, say "me too", ask for ward
 * alerts or sign-in codes, send feedback, look up a case or a property): each attempt is a row (kind, key,
 * time), counted over a sliding window in the database rather than in memory, so every server instance sees
 * the same attempts and a restart does not wipe the slate.
 *
 * Checking and counting are one step. An attempt takes its limits' gate rows (attempt_gate) in a transaction,
 * then counts and writes: a second attempt for the same key waits for the first to commit and counts it. Without
 * the gate, a burst sent at once read the count before any of it was written, and hundreds went through a limit
 * of three. SQLite's transactions hold the write lock from their start; PostgreSQL's row lock on the gate does
 * the same for one key, across processes and instances.
 */
export interface AttemptLimit {
  /** What is counted: 'lodge-address', 'metoo-address'... */
  kind: string;
  /** Whose attempts: a client address, a mobile number, a hash of either. */
  key: string;
  windowMs: number;
  /** The attempts allowed within the window; the next one is refused. */
  max: number;
}

/** An attempt refused: the limit that is full, and when its oldest counted attempt leaves the window. */
export interface FullLimit {
  limit: AttemptLimit;
  retryAfterSeconds: number;
}

/**
 * Takes the gate rows of these kinds and keys for the rest of the caller's transaction, always in the same
 * order, so that two attempts naming the same two keys cannot each hold one and wait for the other.
 */
export async function takeGates(trx: Db, gates: readonly { kind: string; key: string }[]): Promise<void> {
  const at = nowIso();
  const ordered = [...new Map(gates.map((g) => [`${g.kind}\u0000${g.key}`, g])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, { kind, key }] of ordered) {
    await trx.insertInto('attempt_gate').values({ kind, key, at }).onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ at })).execute();
  }
}

/** The oldest of the attempts that fill the limit, once it is full; else null. */
async function fullSince(limit: AttemptLimit, database: Db): Promise<string | null> {
  if (limit.max <= 0) return nowIso();
  const rows = await database
    .selectFrom('grievance_attempt')
    .select('at')
    .where('kind', '=', limit.kind)
    .where('key', '=', limit.key)
    .where('at', '>', new Date(now() - limit.windowMs).toISOString())
    .orderBy('at', 'desc')
    .limit(limit.max)
    .execute();
  return rows.length >= limit.max ? rows[rows.length - 1].at : null;
}

/** Runs `step` in the caller's transaction, or in one of its own. */
function inTransaction<T>(database: Db, step: (trx: Db) => Promise<T>): Promise<T> {
  return database.isTransaction ? step(database) : database.transaction().execute(step);
}

/**
 * Counts one attempt under every limit, or under none when any of them is full (then answers which, and when
 * it frees up). The counted rows' ids come back, so that an attempt that turns out to be no failure (the right
 * number and mobile) can be forgotten. Pass a transaction to make the count part of the caller's write.
 */
export async function takeAttempt(limits: readonly AttemptLimit[], database: Db = db()): Promise<{ ids: number[]; full?: undefined } | { ids?: undefined; full: FullLimit }> {
  if (limits.length === 0) return { ids: [] };
  return inTransaction(database, async (trx) => {
    await takeGates(trx, limits);
    for (const limit of limits) {
      const oldest = await fullSince(limit, trx);
      if (oldest !== null) return { full: { limit, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(oldest) + limit.windowMs - now()) / 1000)) } };
    }
    const at = nowIso();
    const ids: number[] = [];
    for (const { kind, key, windowMs } of limits) {
      // The key's attempts that no window counts any more go as it counts a new one, so the table stays small.
      await trx.deleteFrom('grievance_attempt').where('kind', '=', kind).where('key', '=', key).where('at', '<=', new Date(now() - windowMs).toISOString()).execute();
      ids.push((await trx.insertInto('grievance_attempt').values({ kind, key, at }).returning('id').executeTakeFirstOrThrow()).id);
    }
    return { ids };
  });
}

/** Forgets counted attempts (a look-up that found what it asked for is no failure). */
export async function forgetAttempts(ids: readonly number[], database: Db = db()): Promise<void> {
  if (ids.length > 0) await database.deleteFrom('grievance_attempt').where('id', 'in', [...ids]).execute();
}

/** Is any of the limits already full? A cheap early answer only: admitting is takeAttempt's, in one step. */
export async function anyLimitReached(limits: readonly AttemptLimit[], database: Db = db()): Promise<boolean> {
  for (const limit of limits) if ((await fullSince(limit, database)) !== null) return true;
  return false;
}

/** The answer to one attempt too many: 429, with when to try again. */
export function tooManyAttempts(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/**
 * Refuses (429, with the message and when to come back) an attempt over any of its limits; otherwise counts it
 * under every limit, in the same step. Answers the counted rows' ids.
 */
export async function admitAttempt(limits: readonly AttemptLimit[], refusal: { message: string; retryAfterSeconds: number }, database: Db = db()): Promise<number[]> {
  const taken = await takeAttempt(limits, database);
  if (taken.full) throw tooManyAttempts(refusal.message, refusal.retryAfterSeconds);
  return taken.ids;
}
