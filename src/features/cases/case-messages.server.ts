import type { Db } from '../../server/db';
import { COUNCIL } from '../../lib/council-placeholders';
import { readConfig, siteOrigin } from '../../server/config';
import { channelsFor, queueMessages, type NewMessage } from '../../server/outbox';
import { pathIn } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { formatDateTime, formatWhen } from '../../lib/format';
import type { CaseContact } from './contact';
import type { Lang, AnyService, PublicCase, Template } from './service';

/**
 * What people hear about a case, written into the outbox inside the transaction of the step that causes it
 * (src/server/outbox): to the citizen in the language the case was lodged in, with the service's own texts
 * and a link that opens the case for them; to staff, in English, when a case is assigned to them and when it
 * goes overdue.
 */

/** Where a citizen opens their case: their own page under /my, unless the service says where. */
export function caseLink(service: AnyService, number: string, lang: Lang): string {
  const path = service.citizenPath?.(number) ?? `/my/cases/${encodeURIComponent(number)}`;
  return `${siteOrigin(readConfig())}${pathIn(lang, path)}`;
}

export interface StepMessage {
  /** The catalogue key the step's declaration names. */
  key: string;
  state: string;
  /** The note as the citizen may read it ('' for a staff-only note). */
  note: string;
}

/** The citizen's message about a step, in their language. */
export function citizenMessage(service: AnyService, number: string, step: StepMessage, lang: Lang): { subject: string; body: string } {
  const texts = service.catalogue(lang);
  const stateWords = service.states[step.state]?.[lang] ?? step.state;
  const line = (texts[step.key] as Template)(number, step.note);
  const all = messages(lang);
  return {
    subject: texts.subject(number, stateWords),
    body: `${line}\n\n${all.citizen.trackAt(caseLink(service, number, lang))}\n${COUNCIL.name}`,
  };
}

export async function queueCitizenMessage(trx: Db, service: AnyService, number: string, contact: CaseContact, lang: Lang, step: StepMessage): Promise<void> {
  const { subject, body } = citizenMessage(service, number, step, lang);
  await queueMessages(trx, channelsFor({ email: contact.email, mobile: contact.mobile }).map((to): NewMessage => ({ ...to, lang, subject, body, reference: number })));
}

/** Where staff open a case: the service's own address for it, or /cases/{number}. */
const staffLink = (service: AnyService, number: string) => `${siteOrigin(readConfig())}${service.staffPath?.(number) ?? `/cases/${encodeURIComponent(number)}`}`;

/**
 * The email to the member of staff a case was just given to: which case, what it is about, when it is due
 * (India time) and where to open it. Staff read English.
 */
export async function queueAssignmentNotice(trx: Db, service: AnyService, record: PublicCase, assignee: { email: string }, byLabel: string): Promise<void> {
  const t = messages('en').notices;
  const about = (await service.summary?.(record, trx))?.trim();
  const title = service.title.en.toLowerCase();
  const body = [
    t.assigned(title, record.number, byLabel),
    '',
    ...(about ? [t.about(about)] : []),
    record.dueAt ? t.dueBy(formatWhen(record.dueAt, 'en')) : t.noDueTime,
    '',
    t.openCaseAt(staffLink(service, record.number)),
  ].join('\n');
  const subject = t.assignedSubject(service.title.en, record.number);
  await queueMessages(trx, channelsFor({ email: assignee.email }).map((to): NewMessage => ({ ...to, lang: 'en', subject, body, reference: record.number })));
}

/** The overdue notices of a case: one to its assignee, one to the admins together. Staff read English. */
export async function queueOverdueNotice(trx: Db, service: AnyService, overdue: { number: string; dueAt: string; assigneeEmail: string | null }): Promise<number> {
  const m = messages('en').grievanceMessages;
  const due = `${formatDateTime(overdue.dueAt, 'en')} IST`;
  const link = staffLink(service, overdue.number);
  // A service's catalogue may word the notices itself (overdueSubject, overdueToOfficer, overdueToAdmins).
  const own = service.catalogue('en');
  const subject = own.overdueSubject ? own.overdueSubject(overdue.number) : `Overdue: ${service.title.en.toLowerCase()} ${overdue.number}`;
  const admins = await trx.selectFrom('app_user').select('email').where('role', '=', 'admin').orderBy('id').execute();
  const notices: NewMessage[] = [];
  const add = (email: string, line: string) => {
    for (const to of channelsFor({ email })) notices.push({ ...to, lang: 'en', subject, body: `${line}\n\n${m.openItAt(link)}`, reference: overdue.number });
  };
  const what = `${service.title.en} ${overdue.number}`;
  const toAssignee = own.overdueToOfficer ? own.overdueToOfficer(overdue.number, due) : `${what}, assigned to you, was due by ${due} and is still open.`;
  const toAdmins = own.overdueToAdmins
    ? own.overdueToAdmins(overdue.number, due, overdue.assigneeEmail ?? '')
    : `${what} was due by ${due} and is still open (${overdue.assigneeEmail ? `assigned to ${overdue.assigneeEmail}` : 'not assigned to anyone'}).`;
  if (overdue.assigneeEmail) add(overdue.assigneeEmail, toAssignee);
  if (admins.length > 0) add(admins.map((a) => a.email).join(', '), toAdmins);
  await queueMessages(trx, notices);
  return notices.length;
}
