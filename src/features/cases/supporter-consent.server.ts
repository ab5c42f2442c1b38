import { db, type Db } from '../../server/db';
import { COUNCIL } from '../../lib/council-placeholders';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { readConfig, siteOrigin } from '../../server/config';
import { admitAttempt } from '../../server/attempt-limit';
import { channelsFor, pokeOutbox, queueMessages, type NewMessage } from '../../server/outbox';
import { onceToken, readOnceToken, type OnceLink } from '../../server/signed-links';
import { pathIn } from '../../i18n/lang';
import { DAY_MS } from '../../lib/india-time';
import type { AddedSupporter, PendingContact } from './case-supporters.server';
import type { AnyService, Lang } from './service';

/**
 * A follower's contact hears of a case only once whoever holds it says so: anyone may type a stranger's mobile
 * or email into a "me too". Each new contact gets one message with a signed link (a link by SMS to the
 * mobile, by email to the address); the link's page shows what would start and a button, whose post confirms
 * that contact, once (mail scanners open every link, so opening changes nothing). A contact is asked at most
 * once a day whoever asks, so a burst of "me too"s at one number sends it one message; a contact not asked
 * still counts, and simply hears nothing.
 */
export type ContactChannel = PendingContact['channel'];
export const CONFIRM_HOURS = 48;
const LINKS: Record<ContactChannel, OnceLink> = {
  mobile: { purpose: 'case-supporter', label: 'mobile', letter: 'm', hours: CONFIRM_HOURS },
  email: { purpose: 'case-supporter', label: 'email', letter: 'e', hours: CONFIRM_HOURS },
};
export const ASKS_PER_CONTACT_PER_DAY = 1;

/** Takes the contact's one request of the day, if nobody has taken it yet. */
async function mayAsk(contact: PendingContact, database: Db): Promise<boolean> {
  try {
    await admitAttempt([{ kind: 'supporter-confirm', key: `${contact.channel}:${contact.recipient.toLowerCase()}`, windowMs: DAY_MS, max: ASKS_PER_CONTACT_PER_DAY }],
      { message: 'This contact was asked already today.', retryAfterSeconds: DAY_MS / 1000 }, database);
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return false;
    throw err;
  }
}

/**
 * Sends each pending contact of a new follower its link, in the follower's language, to the page at
 * `confirmPath` (the service's own). Answers how many were sent.
 */
export async function askToConfirm(service: AnyService, number: string, added: AddedSupporter, confirmPath: string, database: Db = db()): Promise<number> {
  const texts = service.catalogue(added.lang);
  if (!('supporterConfirm' in texts)) return 0;
  const queued: NewMessage[] = [];
  for (const contact of added.pending) {
    // The case's own citizen's contact hears of the case already and is sent nothing; it goes through the same
    // steps as a stranger's first, so that the answer takes no telling time either.
    if (!(await mayAsk(contact, database)) || contact.own) continue;
    const link = `${siteOrigin(readConfig())}${pathIn(added.lang, `${confirmPath}?token=${onceToken(LINKS[contact.channel], added.id, contact.nonce)}`)}`;
    const subject = texts.supporterConfirmSubject(number);
    const body = contact.channel === 'mobile'
      ? texts.supporterConfirmSms(number, link)
      : `${texts.supporterConfirm(number, link)}\n\n${COUNCIL.name}`;
    const to = channelsFor(contact.channel === 'mobile' ? { mobile: contact.recipient } : { email: contact.recipient });
    queued.push(...to.map((address) => ({ ...address, lang: added.lang, subject, body, reference: number })));
  }
  if (queued.length === 0) return 0;
  await queueMessages(database, queued);
  void pokeOutbox(database);
  return queued.length;
}

const channelOf = (token: string): ContactChannel | null => (token.startsWith('m.') ? 'mobile' : token.startsWith('e.') ? 'email' : null);

const nonceOf = (channel: ContactChannel, database: Db) => async (id: number) => {
  const row = await database.selectFrom('case_supporter').select(['mobile_nonce', 'email_nonce']).where('id', '=', id).executeTakeFirst();
  return (channel === 'mobile' ? row?.mobile_nonce : row?.email_nonce) ?? null;
};

/** What a confirmation link shows: the case and the contact (the page hides most of it). */
export interface ShownContact {
  number: string;
  service: string;
  channel: ContactChannel;
  recipient: string;
  lang: Lang;
}

export type ContactLink = { kind: 'ok'; contact: ShownContact } | { kind: 'expired' } | { kind: 'invalid' };

async function shown(id: number, channel: ContactChannel, database: Db): Promise<ShownContact | null> {
  const row = await database
    .selectFrom('case_supporter as f')
    .innerJoin('service_case as c', 'c.id', 'f.case_id')
    .select(['c.number', 'c.service', 'f.mobile', 'f.email', 'f.lang'])
    .where('f.id', '=', id)
    .executeTakeFirst();
  return row ? { number: row.number, service: row.service, channel, recipient: channel === 'mobile' ? row.mobile : row.email, lang: row.lang } : null;
}

/** What a confirmation link leads to; reading it changes nothing. */
export async function readContactLink(token: string, database: Db = db()): Promise<ContactLink> {
  const channel = channelOf(token);
  if (!channel) return { kind: 'invalid' };
  const check = await readOnceToken(LINKS[channel], token, nonceOf(channel, database));
  if (check.kind !== 'ok') return check;
  const contact = await shown(check.id, channel, database);
  return contact ? { kind: 'ok', contact } : { kind: 'invalid' };
}

/** Confirms the contact, once: the nonce the link was signed over is cleared by the statement that confirms. */
export async function confirmContact(token: string, database: Db = db()): Promise<ContactLink> {
  const channel = channelOf(token);
  if (!channel) return { kind: 'invalid' };
  let nonce: string | null = null;
  const check = await readOnceToken(LINKS[channel], token, async (id) => (nonce = await nonceOf(channel, database)(id)));
  if (check.kind !== 'ok' || nonce === null) return check.kind === 'ok' ? { kind: 'invalid' } : check;
  const at = new Date(now()).toISOString();
  const updated = channel === 'mobile'
    ? await database.updateTable('case_supporter').set({ mobile_confirmed_at: at, mobile_nonce: null }).where('id', '=', check.id).where('mobile_nonce', '=', nonce).executeTakeFirst()
    : await database.updateTable('case_supporter').set({ email_confirmed_at: at, email_nonce: null }).where('id', '=', check.id).where('email_nonce', '=', nonce).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { kind: 'invalid' };
  const contact = await shown(check.id, channel, database);
  return contact ? { kind: 'ok', contact } : { kind: 'invalid' };
}
