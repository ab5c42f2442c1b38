import type { Lang } from '../../i18n/lang';
import { db, type Db } from '../../server/db';
import { siteSettings } from '../../site-settings';
import { logNotification, sendSms, smsTemplate } from '../grievance/notifier.server';
import { CODE_MINUTES } from './citizen-code.server';

/**
 * The one place a citizen's sign-in code leaves the server. Today it goes straight through the SMS gateway
 * and is recorded in notification_log like the grievance messages; when the outbox lands, only this function
 * changes (write the message as an outbox row instead).
 *
 * The log keeps the message with the code masked: admins read that log, and a readable code would let them
 * sign in as the citizen. Only the demo, which has no gateway, logs the code itself, so a tester can use it.
 */
const TEXTS: Record<Lang, (code: string) => string> = {
  en: (code) => `${code} is your sign-in code for ${siteSettings.councilName}. It is valid for ${CODE_MINUTES} minutes. Do not share it with anyone.`,
  hi: (code) => `${code} ${siteSettings.councilName} में साइन इन के लिए आपका कोड है। यह ${CODE_MINUTES} मिनट तक मान्य है। इसे किसी को न बताएँ।`,
};
const SUBJECT = 'Citizen sign-in code';
const MASK = '••••••';

export async function sendCitizenCode(mobile: string, code: string, lang: Lang, database: Db = db()): Promise<void> {
  const text = TEXTS[lang](code);
  const template = smsTemplate();
  const entry = { complaintId: null, channel: 'sms', recipient: mobile, subject: SUBJECT, body: TEXTS[lang](MASK) };
  if (!template) {
    // The demo: no gateway, and the log is where the tester reads the code.
    await logNotification(database, { ...entry, channel: 'log', body: text, outcome: 'logged' });
    return;
  }
  try {
    await sendSms(template, mobile, text);
    await logNotification(database, { ...entry, outcome: 'sent' });
  } catch (err) {
    // The citizen may ask for another code; the operators see the failure in the log.
    await logNotification(database, { ...entry, outcome: 'failed', error: String((err as Error).message ?? err) });
  }
}
