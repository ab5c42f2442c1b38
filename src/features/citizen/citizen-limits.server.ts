import { db, type Db } from '../../server/db';
import { takeAttempt, tooManyAttempts } from '../../server/attempt-limit';
import { REFUSAL } from '../../i18n/refusals';
import { HOUR_MS } from '../../lib/india-time';

/**
 * How many sign-in codes may be asked for: per mobile number (so nobody floods a stranger's phone with
 * texts, and a code cannot be guessed by asking again and again) and per client address (so one network
 * cannot walk through many numbers). Counted by the attempt limiter in the transaction that stores the code,
 * so the limits hold across instances and under a burst of requests sent at once.
 */
export const CODES_PER_MOBILE_PER_HOUR = 3;
export const CODES_PER_ADDRESS_PER_HOUR = 10;

export const MOBILE_LIMIT_MESSAGE = REFUSAL.tooManyCodesToMobile;
export const ADDRESS_LIMIT_MESSAGE = REFUSAL.tooManyCodesFromNetwork;

/** Refuses (429 with Retry-After) a code over either limit; otherwise counts it, in the caller's transaction. */
export async function admitCodeRequest(mobile: string, address: string, trx: Db = db()): Promise<void> {
  const taken = await takeAttempt([
    { kind: 'code-mobile', key: mobile, windowMs: HOUR_MS, max: CODES_PER_MOBILE_PER_HOUR },
    { kind: 'code-address', key: address, windowMs: HOUR_MS, max: CODES_PER_ADDRESS_PER_HOUR },
  ], trx);
  if (taken.full) throw tooManyAttempts(taken.full.limit.kind === 'code-mobile' ? MOBILE_LIMIT_MESSAGE : ADDRESS_LIMIT_MESSAGE, taken.full.retryAfterSeconds);
}
