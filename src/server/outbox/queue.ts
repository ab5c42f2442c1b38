import type { Db } from '../db';
import { now } from '../clock';
import { emailConfigured, smsConfigured, type Channel } from './transports';
import { demoRecipientsAmong, nameDemoRecipients } from './demo';
import { forCouncil, namesCouncil } from '../../lib/council-placeholders';
import { councilIdentity } from '../council/identity';

/**
 * Putting messages in the outbox. queueMessages writes in the caller's transaction, so a message exists
 * exactly when the event that causes it committed: a rolled-back write sends nothing, and a committed one
 * is delivered even if the server stops right after (the worker, deliver.ts, picks it up).
 */
export interface NewMessage {
  channel: Channel;
  recipient: string;
  lang: 'en' | 'hi';
  subject: string;
  body: string;
  /** What it is about (a complaint number): the admin's view and the citizen's link name it. */
  reference: string;
  /** For email a person may stop with one click: the address of the List-Unsubscribe headers (RFC 8058). */
  listUnsubscribe?: string;
}

export async function queueMessages(trx: Db, messages: readonly NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const at = new Date(now()).toISOString();
  // Texts name the council by placeholders (src/lib/council-placeholders.ts), filled here in each message's language.
  if (messages.some((m) => namesCouncil(m.subject) || namesCouncil(m.body))) {
    // The council whose database the message is written to.
    const council = await councilIdentity(trx);
    messages = messages.map((m) => ({ ...m, subject: forCouncil(m.subject, council, m.lang), body: forCouncil(m.body, council, m.lang) }));
  }
  // A person the demo invented is written to in the log only (demo.ts).
  const invented = await demoRecipientsAmong(trx, messages.filter((m) => m.channel !== 'log').map((m) => m.recipient));
  await trx
    .insertInto('outbox_message')
    .values(messages.map(({ listUnsubscribe, ...m }) => ({
      ...m,
      channel: invented.has(m.recipient) ? ('log' as const) : m.channel,
      list_unsubscribe: listUnsubscribe ?? null,
      created_at: at,
      status: 'waiting' as const,
      next_attempt_at: at,
    })))
    .execute();
}

/**
 * The channels a person is reached on, for what they gave: email and SMS where a transport is set up and they
 * gave that address; with neither possible, one 'log' entry naming both, so the message is at least kept.
 */
export function channelsFor(contact: { email?: string; mobile?: string }): { channel: Channel; recipient: string }[] {
  nameDemoRecipients([contact.email, contact.mobile]);
  const found: { channel: Channel; recipient: string }[] = [];
  if (emailConfigured() && contact.email) found.push({ channel: 'email', recipient: contact.email });
  if (smsConfigured() && contact.mobile) found.push({ channel: 'sms', recipient: contact.mobile });
  if (found.length === 0) {
    const recipient = [contact.mobile, contact.email].filter(Boolean).join(', ');
    if (recipient) found.push({ channel: 'log', recipient });
  }
  return found;
}
