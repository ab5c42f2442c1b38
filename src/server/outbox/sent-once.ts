import { sql, type Expression } from 'kysely';
import type { Db } from '../db';

/**
 * "Send once": a message that must go out at most once (an overdue notice per case and due time, a ward's
 * daily digest per subscription and day, a licence's renewal reminder per licence and day count) claims its
 * key in `sent_once`, in the transaction that queues it. The key is the table's primary key, so of two runs or
 * two instances the second finds it claimed and sends nothing; a rolled-back transaction claims nothing. One
 * table and one pair of functions for every such message, whichever feature sends it.
 *
 * A key is `<what>:<of what>`, e.g. `case-overdue:42:2026-11-30T04:00:00.000Z`; `detail` says in a word what
 * was sent (a digest's count of events), for whoever looks.
 */
export async function claimOnce(trx: Db, key: string, at: string, detail = ''): Promise<boolean> {
  const inserted = await trx.insertInto('sent_once').values({ key, sent_at: at, detail }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * A key built inside a query from its parts (text, or a column), joined with ':', to find in one query what
 * has not been sent yet (a left join on `sent_once.key`). `||` joins text on both engines.
 */
export function onceKey(...parts: (string | Expression<unknown>)[]): Expression<string> {
  const pieces = parts.map((part) => (typeof part === 'string' ? sql`${part}` : sql`cast(${part} as text)`));
  return sql<string>`${sql.join(pieces, sql` || ':' || `)}`;
}

/** Forgets the claims under a prefix (a subscription removed, whose id may be given again to another). */
export async function forgetClaims(trx: Db, prefix: string): Promise<void> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  await trx.deleteFrom('sent_once').where(sql<boolean>`${sql.ref('key')} like ${`${escaped}%`} escape '\\'`).execute();
}
