import type { Lang } from '../../i18n/lang';
import { db, nowIso, type Db } from '../../server/db';
import { pokeOutbox, queueMessages, sendNow, smsConfigured } from '../../server/outbox';
import { COUNCIL, forCouncil } from '../../lib/council-placeholders';
import { councilIdentity } from '../../server/council/identity';
import { CODE_MINUTES } from './citizen-code.server';

/**
 * The one place a citizen's sign-in code leaves the server. Unlike every other message it does not wait in
 * the outbox: a code is worth nothing after five minutes, so a retry an hour later helps nobody, and a
 * stored readable code would let whoever reads the outbox (admins, at /notifications) sign in as the
 * citizen. It is sent at once through the SMS gateway, and recorded in notification_log with the code
 * masked. Only the demo, which has no gateway, puts the code itself in the outbox, so a tester can read it.
 */
const TEXTS: Record<Lang, (code: string) => string> = {
  en: (code) => `${code} is your sign-in code for ${COUNCIL.name}. It is valid for ${CODE_MINUTES} minutes. Do not share it with anyone.`,
  hi: (code) => `${code} ${COUNCIL.name} में साइन इन के लिए आपका कोड है। यह ${CODE_MINUTES} मिनट तक मान्य है। इसे किसी को न बताएँ।`,
};
const SUBJECT = 'Citizen sign-in code';
const MASK = '••••••';

export async function sendCitizenCode(mobile: string, code: string, lang: Lang, database: Db = db()): Promise<void> {
  const text = TEXTS[lang](code);
  const council = await councilIdentity();
  if (!smsConfigured()) {
    // The demo: no gateway, and the outbox's log is where the tester reads the code.
    await queueMessages(database, [{ channel: 'log', recipient: mobile, lang, subject: SUBJECT, body: text, reference: 'citizen sign-in' }]);
    void pokeOutbox(database);
    return;
  }
  const entry = { at: nowIso(), complaint_id: null, channel: 'sms', recipient: mobile, subject: SUBJECT, body: forCouncil(TEXTS[lang](MASK), council, lang) };
  try {
    await sendNow({ channel: 'sms', recipient: mobile, lang, subject: SUBJECT, body: forCouncil(text, council, lang) });
    await database.insertInto('notification_log').values({ ...entry, outcome: 'sent', error: '' }).execute();
  } catch (err) {
    // The citizen may ask for another code; the operators see the failure in the log.
    await database.insertInto('notification_log').values({ ...entry, outcome: 'failed', error: String((err as Error).message ?? err) }).execute();
  }
}
