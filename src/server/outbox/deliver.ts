import { db as processDb, type Db } from '../db';
import { now } from '../clock';
import { processSingleton } from '../singleton';
import { currentCouncil } from '../council-context';
import { send } from './transports';

/**
 * The outbox worker: delivers the messages that are due, each by exactly one server instance. A message is
 * claimed with one conditional UPDATE (only a waiting row whose claim is free or has run out), so instances
 * sharing one PostgreSQL never send it twice; an instance that dies mid-send leaves a claim that runs out,
 * after which the message is tried again. Each try is recorded with the gateway's answer or the error; a
 * failure waits RETRY_WAITS_MS before the next try, and after the last the message is 'failed'.
 *
 * Runs when poked (right after a commit that queued messages, in the committing process, and on start) and
 * from the delivery sweep job (every minute), which catches whatever a poke missed.
 */

const MINUTE = 60_000;
/** The waits after the 1st, 2nd, 3rd and 4th failed try; the 5th failure is final. */
export const RETRY_WAITS_MS: readonly number[] = [5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 720 * MINUTE];
/** How long a claim lasts: far longer than a send may take (transports.ts SEND_TIMEOUT_MS). */
export const CLAIM_MS = 2 * MINUTE;
/** Messages looked at per round; a sweep goes on while rounds come back full. */
const BATCH = 50;
/** Sends in flight at once: one gateway that hangs until its timeout must not hold up every message behind it. */
const PARALLEL = 4;

const iso = (ms: number) => new Date(ms).toISOString();

/** Delivers every message due now; answers how many this call sent. */
export async function deliverDueMessages(database: Db = processDb()): Promise<number> {
  let sent = 0;
  for (;;) {
    const at = now();
    const due = await database
      .selectFrom('outbox_message')
      .select('id')
      .where('status', '=', 'waiting')
      .where('next_attempt_at', '<=', iso(at))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(at))]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const queue = due.map((row) => row.id);
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) if (await deliverOne(database, id)) sent++;
      }),
    );
    if (due.length < BATCH) return sent;
  }
}

async function deliverOne(database: Db, id: number): Promise<boolean> {
  const at = now();
  const before = await database.selectFrom('outbox_message').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) return false;
  const claim = iso(at + CLAIM_MS);
  const claimed = await database
    .updateTable('outbox_message')
    .set((eb) => ({ claimed_until: claim, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(at))]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false; // another instance has it
  const attempt = before.attempts + 1;
  if (before.claimed_until !== null) {
    // The last claim ran out without an answer: the instance holding it stopped mid-send.
    await database.insertInto('outbox_attempt').values({ message_id: id, at: iso(at), outcome: 'failed', answer: 'interrupted: no answer before the claim ran out' }).execute();
  }
  let answer: string;
  try {
    answer = await send(before);
  } catch (err) {
    const error = String((err as Error).message ?? err).slice(0, 1000);
    const wait = RETRY_WAITS_MS[attempt - 1];
    const doneAt = now();
    await database.transaction().execute(async (trx) => {
      await trx.insertInto('outbox_attempt').values({ message_id: id, at: iso(doneAt), outcome: 'failed', answer: error }).execute();
      await trx
        .updateTable('outbox_message')
        .set(wait === undefined ? { status: 'failed', claimed_until: null, last_error: error } : { next_attempt_at: iso(doneAt + wait), claimed_until: null, last_error: error })
        .where('id', '=', id)
        .where('claimed_until', '=', claim)
        .execute();
    });
    return false;
  }
  // The try and its outcome commit together: one commit per message sent, not two.
  const doneAt = iso(now());
  await database.transaction().execute(async (trx) => {
    await trx.insertInto('outbox_attempt').values({ message_id: id, at: doneAt, outcome: 'sent', answer: answer.slice(0, 1000) }).execute();
    await trx.updateTable('outbox_message').set({ status: 'sent', sent_at: doneAt, claimed_until: null, last_error: '' }).where('id', '=', id).execute();
  });
  return true;
}

interface Sweeper {
  running: Promise<void> | null;
  again: boolean;
}

const sweepers = () => processSingleton('outbox-sweepers', () => new Map<number, Sweeper>());

/**
 * Delivers the current council's due messages in the background, soon: a poke while a sweep runs makes it go
 * round once more, so nothing queued meanwhile waits for the next minute. One per council and process (the
 * Node entry and Astro's bundle share it, singleton.ts); the sweep runs in the council's context. Never
 * throws: what fails stays waiting for the sweep job.
 */
export function pokeOutbox(database?: Db): Promise<void> {
  const { id } = currentCouncil();
  const known = sweepers().get(id);
  const sweeper: Sweeper = known ?? { running: null, again: false };
  if (!known) sweepers().set(id, sweeper);
  if (sweeper.running) {
    sweeper.again = true;
    return sweeper.running;
  }
  sweeper.running = (async () => {
    do {
      sweeper.again = false;
      try {
        await deliverDueMessages(database);
      } catch (err) {
        console.error('outbox delivery failed:', err);
      }
    } while (sweeper.again);
  })().finally(() => {
    sweeper.running = null;
  });
  return sweeper.running;
}

/** Resolves when this process's background deliveries (if any) have finished: for a clean stop. */
export async function outboxIdle(): Promise<void> {
  await Promise.all([...sweepers().values()].map((sweeper) => sweeper.running));
}
