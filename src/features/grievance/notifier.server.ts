import nodemailer, { type Transporter } from 'nodemailer';
import { db, nowIso, type Db } from '../../server/db';
import { readConfig, siteOrigin } from '../../server/config';
import { siteSettings } from '../../site-settings';
import type { GrievanceEventInput } from './grievance-write.server';

/**
 * Tells the citizen about each step of their grievance. Two real transports, each switched on by the
 * environment (README.md, "Notifications"):
 *   - email over SMTP: SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS) and MAIL_FROM;
 *   - SMS through an HTTP gateway: SMS_GATEWAY_URL, a URL template with {mobile} and {message} filled in
 *     (URL-encoded) and fetched with GET.
 * Every message, sent or not, is written to notification_log, which admins read at /notifications; with no
 * transport set that log is the only place messages go. A failing transport never fails the citizen's request.
 */

const SEND_TIMEOUT_MS = 8_000;

let mailer: Transporter | null | undefined;

function smtpTransport(): Transporter | null {
  if (mailer === undefined) {
    const url = process.env.SMTP_URL?.trim();
    mailer = url
      ? nodemailer.createTransport(url, { connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS })
      : null;
  }
  return mailer;
}

export function smsTemplate(): string | null {
  return process.env.SMS_GATEWAY_URL?.trim() || null;
}

const MESSAGES: Record<string, (number: string, event: GrievanceEventInput) => string> = {
  lodge: (n) => `Your grievance ${n} has been registered. Keep this number to track it.`,
  assign: (n) => `Your grievance ${n} has been assigned to an officer.`,
  // A note staff kept to themselves is never sent.
  resolve: (n, e) => `Your grievance ${n} has been resolved.${e.note && e.visibility !== 'staff' ? ` Note: ${e.note}` : ''} You may rate the work, or reopen it if the problem remains.`,
  reject: (n, e) => `Your grievance ${n} was rejected. Reason: ${e.note}`,
  rate: (n) => `Thank you for rating the work on grievance ${n}. It is now closed.`,
  reopen: (n) => `Your grievance ${n} has been reopened and will be assigned again.`,
  'auto-close': (n) => `Your grievance ${n} has been closed.`,
};

/** The message a citizen gets for an event; the tracking link lets them see the timeline. */
export function messageFor(number: string, event: GrievanceEventInput): { subject: string; text: string } {
  const line = (MESSAGES[event.action] ?? ((n: string) => `Your grievance ${n} is now ${event.to}.`))(number, event);
  return {
    subject: `Grievance ${number}: ${event.to}`,
    text: `${line}\n\nTrack it at ${siteOrigin(readConfig())}/trackgrievance\n${siteSettings.councilName}`,
  };
}

/** One line of the notification log admins read at /notifications; complaintId null for messages about no grievance. */
export async function logNotification(database: Db, entry: { complaintId: number | null; channel: string; recipient: string; subject: string; body: string; outcome: string; error?: string }) {
  await database
    .insertInto('notification_log')
    .values({
      at: nowIso(),
      complaint_id: entry.complaintId,
      channel: entry.channel,
      recipient: entry.recipient,
      subject: entry.subject,
      body: entry.body,
      outcome: entry.outcome,
      error: entry.error ?? '',
    })
    .execute();
}

export async function sendSms(template: string, mobile: string, text: string): Promise<void> {
  const url = template.replaceAll('{mobile}', encodeURIComponent(`91${mobile}`)).replaceAll('{message}', encodeURIComponent(text));
  const response = await fetch(url, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the SMS gateway answered ${response.status}`);
}

export async function notifyCitizen(complaintId: number, event: GrievanceEventInput, database: Db = db()): Promise<void> {
  try {
    const complaint = await database
      .selectFrom('complaint')
      .select(['complaint_number', 'citizen_mobile', 'citizen_email'])
      .where('id', '=', complaintId)
      .executeTakeFirst();
    if (!complaint?.complaint_number || (!complaint.citizen_mobile && !complaint.citizen_email)) return;
    const { subject, text } = messageFor(complaint.complaint_number, event);
    const transport = smtpTransport();
    const template = smsTemplate();
    let delivered = false;
    if (transport && complaint.citizen_email) {
      delivered = true;
      try {
        await transport.sendMail({ from: process.env.MAIL_FROM || `no-reply@${new URL(siteOrigin(readConfig())).hostname}`, to: complaint.citizen_email, subject, text });
        await logNotification(database, { complaintId, channel: 'email', recipient: complaint.citizen_email, subject, body: text, outcome: 'sent' });
      } catch (err) {
        await logNotification(database, { complaintId, channel: 'email', recipient: complaint.citizen_email, subject, body: text, outcome: 'failed', error: String((err as Error).message ?? err) });
      }
    }
    if (template && complaint.citizen_mobile) {
      delivered = true;
      try {
        await sendSms(template, complaint.citizen_mobile, text);
        await logNotification(database, { complaintId, channel: 'sms', recipient: complaint.citizen_mobile, subject, body: text, outcome: 'sent' });
      } catch (err) {
        await logNotification(database, { complaintId, channel: 'sms', recipient: complaint.citizen_mobile, subject, body: text, outcome: 'failed', error: String((err as Error).message ?? err) });
      }
    }
    if (!delivered) {
      const recipient = [complaint.citizen_mobile, complaint.citizen_email].filter(Boolean).join(', ');
      await logNotification(database, { complaintId, channel: 'log', recipient, subject, body: text, outcome: 'logged' });
    }
  } catch (err) {
    // The grievance is stored whatever happens here; the fault is for the operators' log.
    console.error(`notification for complaint ${complaintId} failed:`, err);
  }
}

export interface NotificationEntry {
  id: number;
  at: string;
  complaintId: number | null;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  outcome: string;
  error: string;
}

export async function listNotifications(limit: number, offset: number, database: Db = db()): Promise<{ total: number; entries: NotificationEntry[] }> {
  const [rows, count] = await Promise.all([
    database.selectFrom('notification_log').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    database.selectFrom('notification_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    entries: rows.map((r) => ({ id: r.id, at: r.at, complaintId: r.complaint_id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, outcome: r.outcome, error: r.error })),
  };
}
