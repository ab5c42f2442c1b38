import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { REFUSAL } from '../../i18n/refusals';

/**
 * How many sign-in codes may be asked for: per mobile number (so nobody floods a stranger's phone with
 * texts, and a code cannot be guessed by asking again and again) and per client address (so one network
 * cannot walk through many numbers). Counted from the citizen_code rows, so the limits hold across instances.
 */
export const CODES_PER_MOBILE_PER_HOUR = 3;
export const CODES_PER_ADDRESS_PER_HOUR = 10;
const WINDOW_MS = 3_600_000;

async function oldestInWindow(column: 'mobile' | 'client_address', key: string, limit: number, database: Db): Promise<number | null> {
  const since = new Date(now() - WINDOW_MS).toISOString();
  const rows = await database
    .selectFrom('citizen_code')
    .select('created_at')
    .where(column, '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  // Full when `limit` codes were asked within the hour: the next may be asked once the oldest of them leaves it.
  return rows.length >= limit ? Date.parse(rows[rows.length - 1].created_at) : null;
}

function tooMany(message: string, oldest: number): HttpError {
  const seconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - now()) / 1000));
  return new HttpError(429, message, undefined, { 'retry-after': String(seconds) });
}

/** Refuses (429 with Retry-After) a code over either limit; the caller then stores the code, which counts it. */
export async function admitCodeRequest(mobile: string, address: string, database: Db = db()): Promise<void> {
  const byMobile = await oldestInWindow('mobile', mobile, CODES_PER_MOBILE_PER_HOUR, database);
  if (byMobile !== null) throw tooMany(MOBILE_LIMIT_MESSAGE, byMobile);
  const byAddress = await oldestInWindow('client_address', address, CODES_PER_ADDRESS_PER_HOUR, database);
  if (byAddress !== null) throw tooMany(ADDRESS_LIMIT_MESSAGE, byAddress);
}

export const MOBILE_LIMIT_MESSAGE = REFUSAL.tooManyCodesToMobile;
export const ADDRESS_LIMIT_MESSAGE = REFUSAL.tooManyCodesFromNetwork;
