import { defineJob, type JobContext } from '../../server/jobs';
import { sql } from 'kysely';
import { COUNCIL } from '../../lib/council-placeholders';
import { claimOnce, onceKey, pokeOutbox, queueMessages, type NewMessage } from '../../server/outbox';
import { formatLongDate } from '../../lib/format';
import { DAY_MS, indianDate, indianMoment } from '../../lib/india-time';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { addressed, eventText, unsubscribeLink, wantsKind, wardEvents, type AlertEvents, type WardEvent } from './ward-alert-events.server';

/**
 * The daily digest: at 08:00 India time (UTC+5:30, all year), each confirmed daily subscriber gets one
 * message with the grievances lodged and resolved in their wards in the 24 hours before. Declared as a job
 * that looks every five minutes (pg-boss's schedule turns at 02:30 UTC, which is 08:00 in India; the
 * in-process runner within five minutes of it). Each run works on the latest 08:00 that has passed: a run
 * missed while the server was down is caught up by the next one, once, for that latest day only.
 *
 * Each subscription's digest for a day is claimed once (the send-once key `ward-digest:<subscription>:<day>`,
 * src/server/outbox/sent-once.ts) in the transaction that queues the message, so a day's digest is never sent
 * twice, by a repeated run or a second instance; a day with nothing to tell is claimed too, and sends nothing.
 */
const DIGEST = 'ward-digest';
/** The start of a subscription's digests' send-once keys; the day follows. */
export const digestKeyPrefix = (subscriptionId: number) => `${DIGEST}:${subscriptionId}:`;

/** Subscriptions taken per run; the next run, five minutes on, takes the rest. */
const BATCH = 500;

/** The latest 08:00 in India at or before `at`, and its Indian date. */
export function digestSlot(at: number): { day: string; at: number } {
  const today = indianDate(at);
  const morning = indianMoment(`${today}T08:00`);
  if (morning <= at) return { day: today, at: morning };
  const yesterday = indianDate(at - DAY_MS);
  return { day: yesterday, at: indianMoment(`${yesterday}T08:00`) };
}

interface Due {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  ward_id: number;
  ward_number: string;
  events: AlertEvents;
  lang: string;
}

/** One address's digest: a section per ward with that ward's events and its own stop link, then a stop-all link. */
function digestMessages(subscriptions: readonly Due[], events: readonly WardEvent[], day: string): NewMessage[] {
  const first = subscriptions[0];
  const lang: Lang = first.lang === 'hi' ? 'hi' : 'en';
  const m = messages(lang).wardAlerts;
  const date = formatLongDate(day, lang);
  const stopAll = unsubscribeLink(lang, first.id, 'all');
  const sections = subscriptions.flatMap((s) => {
    const mine = events.filter((e) => e.wardId === s.ward_id && wantsKind(s.events, e.kind));
    if (mine.length === 0) return [];
    const lines = mine.map((e) => {
      const { fact, track } = eventText(e, lang);
      return first.channel === 'sms' ? `${fact} ${track}` : `- ${fact}\n  ${m.trackAt(track)}`;
    });
    return [first.channel === 'sms' ? lines.join(' ') : [m.digestWard(s.ward_number), ...lines, m.stopWard(s.ward_number, unsubscribeLink(lang, s.id, 'one'))].join('\n')];
  });
  if (sections.length === 0) return [];
  const subject = m.digestSubject(date);
  const body = first.channel === 'sms'
    ? `${subject}. ${sections.join(' ')} ${m.stopSms(stopAll)}`
    : `${m.digestIntro(date)}\n\n${sections.join('\n\n')}\n\n${m.stopAll(stopAll)}\n${COUNCIL.name}`;
  return addressed({ id: first.id, channel: first.channel, recipient: first.recipient, lang }).map((to) => ({
    ...to, lang, subject, body, reference: `ward-digest-${day}`, listUnsubscribe: to.channel === 'email' ? stopAll : undefined,
  }));
}

/** Sends the digests of the latest 08:00 not yet sent; answers how many messages it queued. */
export async function sendWardDigests({ database, now }: JobContext): Promise<number> {
  const slot = digestSlot(now);
  const until = new Date(slot.at).toISOString();
  const since = new Date(slot.at - DAY_MS).toISOString();
  const due = (await database
    .selectFrom('ward_alert_subscription as s')
    .innerJoin('ward as w', 'w.id', 's.ward_id')
    .leftJoin('sent_once as d', (join) => join.on('d.key', '=', onceKey(DIGEST, sql.ref('s.id'), slot.day)))
    .select(['s.id', 's.channel', 's.recipient', 's.ward_id', 'w.ward_number', 's.events', 's.lang'])
    .where('s.frequency', '=', 'daily')
    // Confirmed before the morning's digest was due: a later one starts with tomorrow's.
    .where('s.confirmed_at', 'is not', null)
    .where('s.confirmed_at', '<=', until)
    .where('d.key', 'is', null)
    .orderBy('s.channel')
    .orderBy('s.recipient')
    .orderBy('s.id')
    .limit(BATCH)
    .execute()) as Due[];
  if (due.length === 0) return 0;
  const events = await wardEvents(database, [...new Set(due.map((d) => d.ward_id))], since, until);
  const byAddress = new Map<string, Due[]>();
  for (const row of due) byAddress.set(`${row.channel}:${row.recipient}`, [...(byAddress.get(`${row.channel}:${row.recipient}`) ?? []), row]);
  let queued = 0;
  for (const subscriptions of byAddress.values()) {
    queued += await database.transaction().execute(async (trx) => {
      const taken: Due[] = [];
      for (const s of subscriptions) {
        const told = events.filter((e) => e.wardId === s.ward_id && wantsKind(s.events, e.kind)).length;
        // Another run claimed it first: it is theirs to send. The claim keeps how many events it told of.
        if (await claimOnce(trx, `${digestKeyPrefix(s.id)}${slot.day}`, new Date(now).toISOString(), String(told))) taken.push(s);
      }
      if (taken.length === 0) return 0;
      const digest = digestMessages(taken, events, slot.day);
      await queueMessages(trx, digest);
      return digest.length;
    });
  }
  if (queued > 0) void pokeOutbox(database);
  return queued;
}

export const WARD_ALERT_JOBS = [defineJob({ name: 'ward-alert-digest', everyMinutes: 5, run: async (context) => void (await sendWardDigests(context)) })];
