import type { Db } from '../../server/db';
import { readConfig, siteOrigin } from '../../server/config';
import { channelsFor, queueMessages, type NewMessage } from '../../server/outbox';
import { pathIn, type Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import type { GrievanceEventInput } from './grievance-write.server';

/**
 * What people hear about a grievance, written into the outbox (src/server/outbox) inside the transaction
 * that makes the change, so that a message exists exactly when its step committed and is delivered (and
 * retried) whatever happens to this process afterwards. The citizen is written to in the language the
 * grievance was lodged in, with a link that opens it on the tracking page; the texts are catalogue entries
 * (src/i18n/messages/{en,hi}/grievance-messages.ts).
 */

const asLang = (value: string | null | undefined): Lang => (value === 'hi' ? 'hi' : 'en');

/** The tracking page with the number filled in, in the citizen's language. */
export function trackingLink(number: string, lang: Lang): string {
  return `${siteOrigin(readConfig())}${pathIn(lang, '/trackgrievance')}?number=${encodeURIComponent(number)}`;
}

/** The message a citizen gets for a step, in their language. */
export function messageFor(number: string, event: GrievanceEventInput, lang: Lang): { subject: string; text: string } {
  const all = messages(lang);
  const m = all.grievanceMessages;
  const state = all.grievance.states[event.to] ?? event.to;
  const lines: Record<string, () => string> = {
    lodge: () => m.lodge(number),
    assign: () => m.assign(number),
    // A note staff kept to themselves is never sent.
    resolve: () => m.resolve(number, event.visibility === 'staff' ? '' : event.note),
    reject: () => m.reject(number, event.note),
    rate: () => m.rate(number),
    reopen: () => m.reopen(number),
    'auto-close': () => m.autoClose(number),
  };
  const line = (lines[event.action] ?? (() => m.otherStep(number, state)))();
  return { subject: m.subject(number, state), text: `${line}\n\n${m.trackAt(trackingLink(number, lang))}\n${all.footer.councilName}` };
}

/** Queues the citizen's messages about a step, in the caller's transaction; none when they left no way to reach them. */
export async function queueCitizenMessages(trx: Db, complaintId: number, event: GrievanceEventInput): Promise<void> {
  const complaint = await trx
    .selectFrom('complaint')
    .select(['complaint_number', 'citizen_mobile', 'citizen_email', 'lang'])
    .where('id', '=', complaintId)
    .executeTakeFirst();
  if (!complaint?.complaint_number) return;
  const lang = asLang(complaint.lang);
  const { subject, text } = messageFor(complaint.complaint_number, event, lang);
  const reference = complaint.complaint_number;
  await queueMessages(
    trx,
    channelsFor({ email: complaint.citizen_email, mobile: complaint.citizen_mobile }).map((to): NewMessage => ({ ...to, lang, subject, body: text, reference })),
  );
}

/**
 * Queues the overdue notices of a grievance: one to its officer (their account's email) and one to the admins
 * (all of them on one email). Staff read English.
 */
export async function queueOverdueNotices(trx: Db, grievance: { number: string; dueAt: string; officerEmail: string | null }): Promise<void> {
  const lang: Lang = 'en';
  const m = messages(lang).grievanceMessages;
  const due = `${formatDateTime(grievance.dueAt, lang)} IST`;
  const link = `${siteOrigin(readConfig())}/grievances/${encodeURIComponent(grievance.number)}`;
  const subject = m.overdueSubject(grievance.number);
  const admins = await trx.selectFrom('app_user').select('email').where('role', '=', 'admin').orderBy('id').execute();
  const notices: NewMessage[] = [];
  const add = (email: string, line: string) => {
    for (const to of channelsFor({ email })) notices.push({ ...to, lang, subject, body: `${line}\n\n${m.openItAt(link)}`, reference: grievance.number });
  };
  if (grievance.officerEmail) add(grievance.officerEmail, m.overdueToOfficer(grievance.number, due));
  if (admins.length > 0) add(admins.map((a) => a.email).join(', '), m.overdueToAdmins(grievance.number, due, grievance.officerEmail ?? ''));
  await queueMessages(trx, notices);
}
