import { createHash } from 'node:crypto';
import { db, nowIso, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now as clockNow } from '../../server/clock';
import type { FeedbackInput } from './feedback.schema';

/** How much one address may write: enough for a real visitor, too little to flood the admins' inbox. */
export const FEEDBACK_PER_ADDRESS = 5;
export const FEEDBACK_WINDOW_MS = 60 * 60_000;

export interface StoredFeedback {
  id: number;
  at: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

function addressHash(address: string): string {
  return createHash('sha256').update(address).digest('hex');
}

/** Stores one message, or refuses with 429 when the address has written FEEDBACK_PER_ADDRESS within the hour. */
export async function storeFeedback(input: FeedbackInput, address: string, now = clockNow(), database: Db = db()): Promise<number> {
  const hash = addressHash(address);
  const since = new Date(now - FEEDBACK_WINDOW_MS).toISOString();
  const recent = await database
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_hash', '=', hash)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= FEEDBACK_PER_ADDRESS) {
    throw new HttpError(429, 'You have sent several messages in the last hour. Please try again later, or call the office.', undefined, { 'retry-after': '3600' });
  }
  const row = await database
    .insertInto('feedback')
    .values({ at: nowIso(), name: input.name, email: input.email, subject: input.subject, message: input.message, address_hash: hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The inbox for admins, newest first. */
export async function listFeedback(options: { limit: number; offset: number }, database: Db = db()): Promise<{ total: number; entries: StoredFeedback[] }> {
  const [count, entries] = await Promise.all([
    database.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    database
      .selectFrom('feedback')
      .select(['id', 'at', 'name', 'email', 'subject', 'message'])
      .orderBy('id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
  ]);
  return { total: Number(count.n), entries };
}
