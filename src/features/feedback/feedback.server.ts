import { createHash } from 'node:crypto';
import { db, nowIso, type Db } from '../../server/db';
import { admitAttempt } from '../../server/attempt-limit';
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
export async function storeFeedback(input: FeedbackInput, address: string, database: Db = db()): Promise<number> {
  const hash = addressHash(address);
  await admitAttempt([{ kind: 'feedback-address', key: hash, windowMs: FEEDBACK_WINDOW_MS, max: FEEDBACK_PER_ADDRESS }],
    { message: 'You have sent several messages in the last hour. Please try again later, or call the office.', retryAfterSeconds: FEEDBACK_WINDOW_MS / 1000 }, database);
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
