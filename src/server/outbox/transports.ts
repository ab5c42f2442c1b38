import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { readConfig, siteOrigin } from '../config';

/**
 * The ways a message leaves, each switched on by the environment (README.md, "Settings"):
 *   - email over SMTP: SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS) and MAIL_FROM;
 *   - SMS through an HTTP gateway: SMS_GATEWAY_URL, a URL template with {mobile} and {message} filled in
 *     (URL-encoded) and fetched with GET;
 *   - 'log': with neither set, a message is only kept in the outbox, where admins read it.
 * Each send answers what the other side said (kept with the attempt) or throws.
 */
export type Channel = 'email' | 'sms' | 'log';

/** Shorter than the worker's claim on a message, so that no send outlives the claim and gets sent twice. */
export const SEND_TIMEOUT_MS = 8_000;

let mailer: Transporter | null | undefined;

function smtpTransport(): Transporter | null {
  if (mailer === undefined) {
    const url = process.env.SMTP_URL?.trim();
    // Loaded with the first email, not at start: a council without SMTP never loads it.
    mailer = url
      ? (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(url, { connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS })
      : null;
  }
  return mailer;
}

function smsTemplate(): string | null {
  return process.env.SMS_GATEWAY_URL?.trim() || null;
}

export const emailConfigured = (): boolean => Boolean(process.env.SMTP_URL?.trim());
export const smsConfigured = (): boolean => smsTemplate() !== null;

export interface Outgoing {
  channel: Channel;
  recipient: string;
  lang: string;
  subject: string;
  body: string;
  /** The List-Unsubscribe address of an email a person may stop with one click (RFC 8058), if any. */
  list_unsubscribe?: string | null;
}

async function sendEmail(message: Outgoing): Promise<string> {
  const transport = smtpTransport();
  if (!transport) throw new Error('no SMTP transport is configured (SMTP_URL)');
  const info = await transport.sendMail({
    from: process.env.MAIL_FROM || `no-reply@${new URL(siteOrigin(readConfig())).hostname}`,
    to: message.recipient,
    subject: message.subject,
    text: message.body,
    headers: {
      'Content-Language': message.lang,
      // One click in the mail program stops it: the program posts List-Unsubscribe=One-Click to the address.
      ...(message.list_unsubscribe ? { 'List-Unsubscribe': `<${message.list_unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
  });
  return String(info.response ?? 'accepted');
}

/** SMS goes to 91 and the ten digits. */
async function sendSms(message: Outgoing): Promise<string> {
  const template = smsTemplate();
  if (!template) throw new Error('no SMS gateway is configured (SMS_GATEWAY_URL)');
  const url = template.replaceAll('{mobile}', encodeURIComponent(`91${message.recipient}`)).replaceAll('{message}', encodeURIComponent(message.body));
  const response = await fetch(url, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  const answer = `${response.status} ${(await response.text().catch(() => '')).trim().slice(0, 300)}`.trim();
  if (!response.ok) throw new Error(`the SMS gateway answered ${answer}`);
  return answer;
}

export const LOG_ANSWER = 'no transport configured: kept here only';

export async function send(message: Outgoing): Promise<string> {
  if (message.channel === 'email') return sendEmail(message);
  if (message.channel === 'sms') return sendSms(message);
  return LOG_ANSWER;
}
