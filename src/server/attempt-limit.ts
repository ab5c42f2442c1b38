import { db, nowIso, type Db } from './db';
import { HttpError } from './http';
import { now } from './clock';

/**
 * The one limiter of what strangers may do again and again (lodge a grievance, say "me too", ask for ward
 * alerts, send feedback, look up a case): each attempt is a row (kind, key, time), counted over a sliding
 * window in the database rather than in memory, so every server instance sees the same attempts and a
 * restart does not wipe the slate. Sign-in keeps its own rules over failures (src/server/auth/login-throttle.ts)
 * and refuses through the same answer, tooManyAttempts.
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

/** The attempts of a kind and key within the last windowMs on the server's clock. */
export async function countAttempts(kind: string, key: string, windowMs: number, database: Db = db()): Promise<number> {
  const row = await database
    .selectFrom('grievance_attempt')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('at', '>', new Date(now() - windowMs).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts attempts (one row each) at the present moment. */
export async function recordAttempts(attempts: readonly { kind: string; key: string }[], database: Db = db()): Promise<void> {
  if (attempts.length === 0) return;
  const at = nowIso();
  await database.insertInto('grievance_attempt').values(attempts.map(({ kind, key }) => ({ kind, key, at }))).execute();
}

/** Is any of the limits already reached? */
export async function anyLimitReached(limits: readonly AttemptLimit[], database: Db = db()): Promise<boolean> {
  for (const limit of limits) if ((await countAttempts(limit.kind, limit.key, limit.windowMs, database)) >= limit.max) return true;
  return false;
}

/** The answer to one attempt too many: 429, with when to try again. */
export function tooManyAttempts(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

/** Refuses (429, with the message and when to come back) an attempt over any of its limits; otherwise counts it under every limit. */
export async function admitAttempt(limits: readonly AttemptLimit[], refusal: { message: string; retryAfterSeconds: number }, database: Db = db()): Promise<void> {
  if (await anyLimitReached(limits, database)) throw tooManyAttempts(refusal.message, refusal.retryAfterSeconds);
  await recordAttempts(limits, database);
}
