import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { signingSecret } from '../../server/auth/secret';
import { admitCodeRequest } from './citizen-limits.server';
import { REFUSAL } from '../../i18n/refusals';
import { DAY_MS } from '../../lib/india-time';

/**
 * Six-digit sign-in codes. A code is valid for CODE_MINUTES and MAX_TRIES wrong guesses; asking for a new one
 * retires the old. Only a keyed hash is stored (HMAC with the server's signing secret and a salt of its own):
 * a million codes are quickly tried against a plain hash, not against a key the database does not hold.
 */
export const CODE_MINUTES = 5;
export const MAX_TRIES = 3;

const iso = (ms: number) => new Date(ms).toISOString();

function keyedHash(salt: string, mobile: string, code: string): string {
  return createHmac('sha256', signingSecret()).update(`${salt}:${mobile}:${code}`).digest('hex');
}

function matches(stored: string, mobile: string, code: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const expected = Buffer.from(keyedHash(salt, mobile, code), 'hex');
  const actual = Buffer.from(hash, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Makes a new code for the mobile (within the limits) and returns it to be sent; it is never stored. */
export async function issueCode(mobile: string, address: string, database: Db = db()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('hex');
  const at = now();
  await database.transaction().execute(async (trx) => {
    // Counted in the transaction that stores the code: a refused request stores nothing, an admitted one both.
    await admitCodeRequest(mobile, address, trx);
    // Only the newest code works: an older one still in an SMS inbox is retired.
    await trx.updateTable('citizen_code').set({ used_at: iso(at) }).where('mobile', '=', mobile).where('used_at', 'is', null).execute();
    await trx
      .insertInto('citizen_code')
      .values({ mobile, client_address: address, code_hash: `${salt}:${keyedHash(salt, mobile, code)}`, created_at: iso(at), expires_at: iso(at + CODE_MINUTES * 60_000) })
      .execute();
    // Rows older than a day count towards nothing any more.
    await trx.deleteFrom('citizen_code').where('created_at', '<', iso(at - DAY_MS)).execute();
  });
  return code;
}

export const NO_CODE = REFUSAL.codeGone;
export const CODE_SHAPE = REFUSAL.typeCode;
export const WRONG_CODE: Record<number, string> = {
  2: REFUSAL.codeWrongTwoLeft,
  1: REFUSAL.codeWrongOneLeft,
  0: REFUSAL.codeSpent,
};

/**
 * Checks a typed code; on success the code is used up. Every check takes one of the code's tries before the
 * code is compared, in one conditional update: of guesses sent at once, exactly MAX_TRIES are compared and
 * the rest find the code spent, however many arrive together.
 */
export async function checkCode(mobile: string, typed: string, database: Db = db()): Promise<void> {
  const code = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) throw new HttpError(400, CODE_SHAPE, { code: CODE_SHAPE });
  const row = await database
    .selectFrom('citizen_code')
    .select(['id', 'code_hash', 'expires_at'])
    .where('mobile', '=', mobile)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now()) throw new HttpError(400, NO_CODE, { code: NO_CODE });
  const taken = await database
    .updateTable('citizen_code')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('tries', '<', MAX_TRIES)
    .returning('tries')
    .executeTakeFirst();
  if (!taken) throw new HttpError(400, NO_CODE, { code: NO_CODE });
  if (matches(row.code_hash, mobile, code)) {
    // Used once: of two sign-ins racing with the same code, only the one that marks it goes on.
    const marked = await database.updateTable('citizen_code').set({ used_at: iso(now()) }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new HttpError(400, NO_CODE, { code: NO_CODE });
    return;
  }
  const message = WRONG_CODE[Math.max(0, MAX_TRIES - taken.tries)] ?? NO_CODE;
  throw new HttpError(400, message, { code: message });
}
