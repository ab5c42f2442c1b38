import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db';
import { processSingleton } from '../singleton';

/**
 * The demo's invented people are never sent anything. Their mobile numbers and addresses look real and may
 * well be somebody's: a demo started with an SMS gateway or a mail server set would text strangers about
 * grievances and licences they never had. Everything the demo seed does runs inside seedingDemo: each contact
 * it names (by a message, or by nameDemoRecipients) is kept in demo_recipient when it ends, and a message to
 * such a contact, then or at any later time, is queued on the 'log' channel, kept in the outbox and sent nowhere.
 */
// One per process: the demo seed is a bundle of its own (scripts/bundle-main.mjs), with its own copy of this module.
const seeding = processSingleton('demo-seeding', () => new AsyncLocalStorage<Set<string>>());

export async function seedingDemo<T>(database: Db, seed: () => Promise<T>): Promise<T> {
  const named = new Set<string>();
  try {
    return await seeding.run(named, seed);
  } finally {
    const recipients = [...named].filter(Boolean);
    for (let i = 0; i < recipients.length; i += 200) {
      await database
        .insertInto('demo_recipient')
        .values(recipients.slice(i, i + 200).map((recipient) => ({ recipient })))
        .onConflict((oc) => oc.column('recipient').doNothing())
        .execute();
    }
  }
}

/** Contacts the demo invented that no message of the seed names (a property holder's mobile). */
export function nameDemoRecipients(recipients: Iterable<string | null | undefined>): void {
  const named = seeding.getStore();
  if (named) for (const recipient of recipients) if (recipient) named.add(recipient);
}

/** Whether the demo seed is running in this call's context. */
export const inDemoSeed = (): boolean => seeding.getStore() !== undefined;

/** Which of these recipients the demo invented (all of them while it seeds). */
export async function demoRecipientsAmong(database: Db, recipients: readonly string[]): Promise<Set<string>> {
  if (inDemoSeed()) {
    nameDemoRecipients(recipients);
    return new Set(recipients);
  }
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return new Set();
  const rows = await database.selectFrom('demo_recipient').select('recipient').where('recipient', 'in', unique).execute();
  return new Set(rows.map((row) => row.recipient));
}
