import { randomBytes } from 'node:crypto';
import { COUNCIL } from '../../lib/council-placeholders';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { forgetClaims, pokeOutbox, queueMessages } from '../../server/outbox';
import { admitWardAlertRequest } from '../grievance/grievance-limits.server';
import { maskMobile } from '../citizen/citizen-format';
import type { Lang } from '../../i18n/lang';
import { messages, type Messages } from '../../i18n/messages';
import { addressed, siteLink, type AlertEvents } from './ward-alert-events.server';
import { confirmToken, readConfirmToken, readUnsubscribeToken } from './ward-alert-tokens.server';
import { digestKeyPrefix } from './ward-alert-digest.server';

/**
 * Subscribing to a ward's grievance alerts, confirming and stopping them. One row per address and ward: a
 * repeat changes what and how often instead of adding a second. An email starts unconfirmed, with a link
 * (signed, once, 48 hours) sent through the outbox; an SMS goes only to the mobile the citizen signed in with,
 * which that sign-in proved, so it starts at once. Anyone may type anyone's address into the form, so a
 * confirmed email subscription keeps its settings until a link sent to the address confirms the change asked
 * (it waits in pending_change). Only confirmed rows are ever written to.
 */
export const ALERT_EVENTS = ['new', 'resolved', 'both'] as const;
export const ALERT_FREQUENCIES = ['immediate', 'daily'] as const;
export const ALERT_CHANNELS = ['email', 'sms'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const SUBSCRIBE_FIELDS = ['ward', 'events', 'frequency', 'channel', 'email'] as const;
export type SubscribeField = (typeof SUBSCRIBE_FIELDS)[number];

export interface Ward {
  id: number;
  number: string;
}

/** The council's wards, in their numbers' order. */
export async function listWards(database: Db = db()): Promise<Ward[]> {
  const rows = await database.selectFrom('ward').select(['id', 'ward_number']).execute();
  return rows.map((r) => ({ id: r.id, number: r.ward_number })).sort((a, b) => Number(a.number) - Number(b.number) || a.number.localeCompare(b.number));
}

/** The ward a canonical number names ('5', never '05' or ' 5'), or null. */
export async function wardByNumber(number: string, database: Db = db()): Promise<Ward | null> {
  if (!/^[1-9]\d{0,2}$/.test(number)) return null;
  const row = await database.selectFrom('ward').select(['id', 'ward_number']).where('ward_number', '=', number).executeTakeFirst();
  return row ? { id: row.id, number: row.ward_number } : null;
}

const oneOf = <T extends string>(values: readonly T[], raw: string): T | null => ((values as readonly string[]).includes(raw) ? (raw as T) : null);

/** An email as we keep it: trimmed and lower-cased, so a repeat in other capitals is the same subscription. */
export function normalEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@<>(),;:"[\]\\]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(email) ? email : null;
}

export interface SubscribeRequest {
  ward: string;
  events: string;
  frequency: string;
  channel: string;
  email: string;
}

export interface Subscribed {
  channel: AlertChannel;
  /** The email, or the masked mobile, as the page shows it back. */
  shownAs: string;
  ward: string;
}

/** Field by field, in the page's language: every wrong field at once. */
function checked(request: SubscribeRequest, wards: readonly Ward[], citizenMobile: string | null, m: Messages['wardAlerts']) {
  const errors: Partial<Record<SubscribeField, string>> = {};
  const ward = wards.find((w) => String(w.id) === request.ward) ?? null;
  if (!ward) errors.ward = m.wardRequired;
  const events = oneOf<AlertEvents>(ALERT_EVENTS, request.events);
  if (!events) errors.events = m.eventsRequired;
  const frequency = oneOf(ALERT_FREQUENCIES, request.frequency);
  if (!frequency) errors.frequency = m.frequencyRequired;
  const channel = oneOf(ALERT_CHANNELS, request.channel);
  if (!channel) errors.channel = m.channelRequired;
  let recipient: string | null = null;
  if (channel === 'email') {
    recipient = normalEmail(request.email);
    if (!recipient) errors.email = request.email.trim() ? m.emailInvalid : m.emailRequired;
  } else if (channel === 'sms') {
    recipient = citizenMobile;
    if (!recipient) errors.channel = m.smsNeedsSignIn;
  }
  if (Object.keys(errors).length > 0 || !ward || !events || !frequency || !channel || !recipient) {
    const first = Object.values(errors)[0] ?? m.unreadable;
    throw new HttpError(400, first, errors);
  }
  return { ward, events, frequency, channel, recipient };
}

/**
 * Subscribes (or changes a subscription). `citizenMobile` is the mobile of the citizen signed in on this
 * request, if any: the only number an SMS subscription may name. Limited per address and per client network.
 */
export async function subscribe(request: SubscribeRequest, who: { citizenMobile: string | null; clientAddress: string; lang: Lang }, database: Db = db()): Promise<Subscribed> {
  const m = messages(who.lang).wardAlerts;
  const wards = await listWards(database);
  const { ward, events, frequency, channel, recipient } = checked(request, wards, who.citizenMobile, m);
  try {
    await admitWardAlertRequest(recipient, who.clientAddress, database);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) throw new HttpError(429, m.tooMany, undefined, err.headers);
    throw err;
  }
  const at = new Date(now()).toISOString();
  const queued = await database.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('ward_alert_subscription').select(['id', 'confirmed_at', 'lang']).where('channel', '=', channel).where('recipient', '=', recipient).where('ward_id', '=', ward.id).executeTakeFirst();
    if (before?.confirmed_at && channel === 'email') {
      await askToChange(trx, { id: before.id, recipient, ward: ward.number, lang: before.lang === 'hi' ? 'hi' : 'en' }, { events, frequency, lang: who.lang }, at);
      return true;
    }
    // A confirmed email stays confirmed: only its settings change. Otherwise an email gets a fresh link (the
    // old one stops working) and an SMS is confirmed by the sign-in itself.
    const confirmedAt = before?.confirmed_at ?? (channel === 'sms' ? at : null);
    const nonce = confirmedAt ? null : randomBytes(12).toString('base64url');
    const settings = { events, frequency, lang: who.lang, confirmed_at: confirmedAt, confirm_nonce: nonce, pending_change: null, updated_at: at };
    const { id } = await trx
      .insertInto('ward_alert_subscription')
      .values({ channel, recipient, ward_id: ward.id, created_at: at, ...settings })
      .onConflict((oc) => oc.columns(['channel', 'recipient', 'ward_id']).doUpdateSet(settings))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!nonce) return false;
    const link = siteLink(who.lang, `/ward-alerts/confirm?token=${confirmToken(id, nonce)}`);
    const to = addressed({ id, channel, recipient, lang: who.lang });
    await queueMessages(trx, to.map((address) => ({ ...address, lang: who.lang, subject: m.confirmSubject(ward.number), body: `${m.confirmBody(ward.number, link)}\n\n${COUNCIL.name}`, reference: `ward-${ward.number}` })));
    return true;
  });
  if (queued) void pokeOutbox(database);
  return { channel, shownAs: channel === 'email' ? recipient : maskMobile(recipient), ward: ward.number };
}

/** The settings a confirmed subscriber is asked to confirm before they replace their own. */
export interface AlertSettings {
  events: AlertEvents;
  frequency: AlertFrequency;
  lang: Lang;
}

const pendingSettings = (json: string | null): AlertSettings | null => {
  if (!json) return null;
  const value = JSON.parse(json) as Partial<AlertSettings>;
  const events = oneOf(ALERT_EVENTS, String(value.events));
  const frequency = oneOf(ALERT_FREQUENCIES, String(value.frequency));
  return events && frequency ? { events, frequency, lang: value.lang === 'hi' ? 'hi' : 'en' } : null;
};

/** The settings in words, in a language: what, how often and in which language. */
export function settingsText(settings: AlertSettings, lang: Lang): string {
  const m = messages(lang).wardAlerts;
  return `${m.events[settings.events]}; ${m.frequency[settings.frequency]}; ${m.messagesIn(m.languages[settings.lang])}`;
}

/**
 * A change asked for a confirmed email subscription: kept aside with a new link's nonce (an older pending
 * change and its link are replaced), and the link sent to the address in the language it reads now.
 */
async function askToChange(trx: Db, subscription: { id: number; recipient: string; ward: string; lang: Lang }, change: AlertSettings, at: string): Promise<void> {
  const nonce = randomBytes(12).toString('base64url');
  await trx.updateTable('ward_alert_subscription').set({ pending_change: JSON.stringify(change), confirm_nonce: nonce, updated_at: at }).where('id', '=', subscription.id).execute();
  const { lang } = subscription;
  const m = messages(lang).wardAlerts;
  const link = siteLink(lang, `/ward-alerts/confirm?token=${confirmToken(subscription.id, nonce)}`);
  const body = `${m.changeBody(subscription.ward, settingsText(change, lang), link)}\n\n${COUNCIL.name}`;
  await queueMessages(trx, addressed({ id: subscription.id, channel: 'email', recipient: subscription.recipient, lang }).map((to) => ({ ...to, lang, subject: m.changeSubject(subscription.ward), body, reference: `ward-${subscription.ward}` })));
}

/** What a confirmation or unsubscribe page shows of a subscription: its ward and its address, half hidden. */
export interface ShownSubscription {
  id: number;
  ward: string;
  shownAs: string;
  confirmed: boolean;
  /** A change waiting for its link, if any. */
  change: AlertSettings | null;
}

/** An email shown to whoever holds a link: enough to recognise it, not to learn it. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

async function shown(id: number, database: Db): Promise<ShownSubscription | null> {
  const row = await database
    .selectFrom('ward_alert_subscription as s')
    .innerJoin('ward as w', 'w.id', 's.ward_id')
    .select(['s.id', 's.channel', 's.recipient', 's.confirmed_at', 's.pending_change', 'w.ward_number'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row
    ? { id: row.id, ward: row.ward_number, shownAs: row.channel === 'email' ? maskEmail(row.recipient) : maskMobile(row.recipient), confirmed: row.confirmed_at !== null, change: pendingSettings(row.pending_change) }
    : null;
}

export type LinkState<T> = { kind: 'ok'; subscription: T } | { kind: 'expired' } | { kind: 'invalid' };

const nonceOf = (database: Db) => async (id: number) =>
  (await database.selectFrom('ward_alert_subscription').select('confirm_nonce').where('id', '=', id).executeTakeFirst())?.confirm_nonce ?? null;

/** What a confirmation link leads to; reading it changes nothing (mail scanners open links). */
export async function readConfirmLink(token: string, database: Db = db()): Promise<LinkState<ShownSubscription>> {
  const check = await readConfirmToken(token, nonceOf(database));
  if (check.kind !== 'ok') return check;
  const subscription = await shown(check.id, database);
  return subscription ? { kind: 'ok', subscription } : { kind: 'invalid' };
}

/**
 * Confirms, once: a new subscription starts, or a confirmed one takes the change it waits with. The nonce the
 * link was signed over is cleared in the same statement, which applies only while that nonce is still the
 * row's: a newer request (with its own change) replaced both, and voids this link.
 */
export async function confirmSubscription(token: string, database: Db = db()): Promise<LinkState<ShownSubscription>> {
  let row: { confirm_nonce: string | null; confirmed_at: string | null; pending_change: string | null } | undefined;
  const check = await readConfirmToken(token, async (id) => {
    row = await database.selectFrom('ward_alert_subscription').select(['confirm_nonce', 'confirmed_at', 'pending_change']).where('id', '=', id).executeTakeFirst();
    return row?.confirm_nonce ?? null;
  });
  if (check.kind !== 'ok' || !row?.confirm_nonce) return check.kind === 'ok' ? { kind: 'invalid' } : check;
  const at = new Date(now()).toISOString();
  const change = pendingSettings(row.pending_change);
  const updated = await database
    .updateTable('ward_alert_subscription')
    .set({ ...(change ?? {}), confirmed_at: row.confirmed_at ?? at, confirm_nonce: null, pending_change: null, updated_at: at })
    .where('id', '=', check.id)
    .where('confirm_nonce', '=', row.confirm_nonce)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { kind: 'invalid' };
  const subscription = await shown(check.id, database);
  return subscription ? { kind: 'ok', subscription: { ...subscription, change } } : { kind: 'invalid' };
}

export interface ShownUnsubscribe {
  scope: 'one' | 'all';
  subscription: ShownSubscription;
}

/** What an unsubscribe link leads to; reading it changes nothing. A link of a stopped subscription: 'invalid'. */
export async function readUnsubscribeLink(token: string, database: Db = db()): Promise<LinkState<ShownUnsubscribe>> {
  const read = readUnsubscribeToken(token);
  if (!read) return { kind: 'invalid' };
  const subscription = await shown(read.id, database);
  return subscription ? { kind: 'ok', subscription: { scope: read.scope, subscription } } : { kind: 'invalid' };
}

/** Stops the subscription (or every one of its address): the rows go, and their digests' records with them. */
export async function unsubscribe(token: string, database: Db = db()): Promise<number> {
  const read = readUnsubscribeToken(token);
  if (!read) return 0;
  return database.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('ward_alert_subscription').select(['id', 'channel', 'recipient']).where('id', '=', read.id).executeTakeFirst();
    if (!row) return 0;
    const ids = read.scope === 'one'
      ? [row.id]
      : (await trx.selectFrom('ward_alert_subscription').select('id').where('channel', '=', row.channel).where('recipient', '=', row.recipient).execute()).map((r) => r.id);
    // The ids may be given again to new subscriptions (SQLite reuses the highest): their digests start afresh.
    for (const id of ids) await forgetClaims(trx, digestKeyPrefix(id));
    const deleted = await trx.deleteFrom('ward_alert_subscription').where('id', 'in', ids).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}
