import type { Db } from '../../server/db';
import { COUNCIL } from '../../lib/council-placeholders';
import { readConfig, siteOrigin } from '../../server/config';
import { channelsFor, queueMessages, type NewMessage } from '../../server/outbox';
import { pathIn, type Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { GRIEVANCE } from '../grievance/grievance.service';
import { categoryName } from '../grievance/category-name';
import { storedNameKey } from '../../i18n/stored-names';
import { caseLink } from '../cases/case-messages.server';
import type { CaseHappening } from '../cases/case-watchers.server';
import { unsubscribeToken } from './ward-alert-tokens.server';

/**
 * The grievance events a ward's subscribers and its feed hear of, and the immediate alerts, queued in the
 * transaction of the step that causes them (src/features/cases/case-watchers.server.ts). An event is a
 * grievance lodged in the ward ('new'), or one that reaches a resolved state the citizen is told of from a
 * state that was not ('resolved': its closing after a resolution is not news again). What is said is what the
 * public list shows: number, category, ward, landmark, state and the public tracking link; never the
 * citizen's name, mobile, email or address.
 */
export type AlertKind = 'new' | 'resolved';
export type AlertEvents = AlertKind | 'both';
export const RESOLVED_STATES: readonly string[] = ['Resolved', 'Closed'];

export function eventKind(happening: Pick<CaseHappening, 'service' | 'action' | 'from' | 'to' | 'toldToCitizen'>): AlertKind | null {
  if (happening.service.name !== GRIEVANCE.name) return null;
  if (happening.action === 'lodge') return 'new';
  const resolved = happening.toldToCitizen && RESOLVED_STATES.includes(happening.to) && !RESOLVED_STATES.includes(happening.from ?? '');
  return resolved ? 'resolved' : null;
}

/** One event: a grievance's public facts, what happened and when. */
export interface WardEvent {
  kind: AlertKind;
  at: string;
  number: string;
  wardId: number;
  ward: string;
  category: string;
  /** The Hindi name an admin gave the category, if any (preferred on Hindi alerts). */
  categoryHi?: string | null;
  landmark: string;
  /** The state the event put it in. */
  state: string;
}

const landmarkOf = (data: string) => {
  try {
    const value = (JSON.parse(data) as Record<string, unknown>).landmark;
    return typeof value === 'string' ? value.trim().slice(0, 200) : '';
  } catch {
    return '';
  }
};

/** The events of these wards from `from` (inclusive) to `to` (exclusive), oldest first, at most `limit`. */
export async function wardEvents(database: Db, wardIds: readonly number[], from: string, to: string, limit = 500): Promise<WardEvent[]> {
  if (wardIds.length === 0) return [];
  const rows = await database
    .selectFrom('case_event as e')
    .innerJoin('service_case as c', 'c.id', 'e.case_id')
    .innerJoin('ward as w', 'w.id', 'c.ward_id')
    .leftJoin('grievance_type as t', 't.id', 'c.category_id')
    .select(['e.at', 'e.action', 'e.to_state', 'c.number', 'c.ward_id', 'c.data', 'w.ward_number', 't.grievance_title', 't.name_hi'])
    .where('c.service', '=', GRIEVANCE.name)
    .where('c.ward_id', 'in', [...wardIds])
    .where('e.at', '>=', from)
    .where('e.at', '<', to)
    .where((eb) => eb.or([
      eb('e.action', '=', 'lodge'),
      eb.and([eb('e.to_state', 'in', [...RESOLVED_STATES]), eb.or([eb('e.from_state', 'is', null), eb('e.from_state', 'not in', [...RESOLVED_STATES])])]),
    ]))
    .orderBy('e.at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    kind: r.action === 'lodge' ? 'new' : 'resolved',
    at: r.at, number: r.number, wardId: r.ward_id!, ward: r.ward_number, category: r.grievance_title ?? '', categoryHi: r.name_hi, landmark: landmarkOf(r.data), state: r.to_state,
  }));
}

export const wantsKind = (events: AlertEvents, kind: AlertKind) => events === 'both' || events === kind;

/** An address on this site, absolute, in a language. */
export const siteLink = (lang: Lang, path: string) => `${siteOrigin(readConfig())}${pathIn(lang, path)}`;

export const unsubscribeLink = (lang: Lang, id: number, scope: 'one' | 'all') => siteLink(lang, `/ward-alerts/unsubscribe?token=${unsubscribeToken(id, scope)}`);

/** One event as a line of text in a language: its facts, then where to track it. */
export function eventText(event: WardEvent, lang: Lang): { fact: string; track: string } {
  const m = messages(lang).wardAlerts;
  const state = (GRIEVANCE.states as Record<string, { en: string; hi: string } | undefined>)[event.state]?.[lang] ?? event.state;
  return {
    fact: m.fact(event.number, categoryName(lang, event.category, event.categoryHi ? new Map([[storedNameKey(event.category), event.categoryHi]]) : undefined).text, event.ward, event.landmark, state),
    track: caseLink(GRIEVANCE, event.number, lang),
  };
}

export interface Subscriber {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  lang: Lang;
}

/** Where a subscriber's message goes: their email or mobile on its transport, or the outbox's log when none is set up. */
export function addressed(subscriber: Subscriber) {
  return channelsFor(subscriber.channel === 'email' ? { email: subscriber.recipient } : { mobile: subscriber.recipient });
}

/** The message of one event to one subscriber of its ward: an email with its stop link and header, or a short SMS. */
export function alertMessages(event: WardEvent, subscriber: Subscriber): NewMessage[] {
  const { lang } = subscriber;
  const m = messages(lang).wardAlerts;
  const { fact, track } = eventText(event, lang);
  const stop = unsubscribeLink(lang, subscriber.id, 'one');
  const subject = event.kind === 'new' ? m.newSubject(event.number, event.ward) : m.resolvedSubject(event.number, event.ward);
  return addressed(subscriber).map((to): NewMessage => ({
    ...to, lang, subject, reference: event.number,
    ...(subscriber.channel === 'sms'
      ? { body: `${subject}. ${fact} ${track} ${m.stopSms(stop)}` }
      : { body: `${fact}\n${m.trackAt(track)}\n\n${m.stopWard(event.ward, stop)}\n${COUNCIL.name}`, listUnsubscribe: to.channel === 'email' ? stop : undefined }),
  }));
}

/** The case watcher: one message to each confirmed immediate subscriber of the case's ward who wants this kind. */
export async function queueWardAlerts(trx: Db, happening: CaseHappening): Promise<void> {
  const kind = eventKind(happening);
  if (!kind) return;
  const found = await trx
    .selectFrom('service_case as c')
    .innerJoin('ward as w', 'w.id', 'c.ward_id')
    .leftJoin('grievance_type as t', 't.id', 'c.category_id')
    .select(['c.ward_id', 'c.data', 'w.ward_number', 't.grievance_title', 't.name_hi'])
    .where('c.id', '=', happening.caseId)
    .executeTakeFirst();
  if (!found?.ward_id) return;
  const subscribers = await trx
    .selectFrom('ward_alert_subscription')
    .select(['id', 'channel', 'recipient', 'lang'])
    .where('ward_id', '=', found.ward_id)
    .where('frequency', '=', 'immediate')
    .where('confirmed_at', 'is not', null)
    .where('events', 'in', [kind, 'both'])
    .orderBy('id')
    .execute();
  if (subscribers.length === 0) return;
  const event: WardEvent = {
    kind, at: '', number: happening.number, wardId: found.ward_id, ward: found.ward_number, category: found.grievance_title ?? '', categoryHi: found.name_hi, landmark: landmarkOf(found.data), state: happening.to,
  };
  await queueMessages(trx, subscribers.flatMap((s) => alertMessages(event, { ...s, lang: s.lang === 'hi' ? 'hi' : 'en' })));
}
