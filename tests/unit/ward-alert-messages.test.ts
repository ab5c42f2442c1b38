import { describe, expect, it } from 'vitest';
import { alertMessages, type WardEvent } from '../../src/features/ward-alerts/ward-alert-events.server';
import { TEST_COUNCIL } from '../support/council';
import { withCouncil } from '../../src/server/council-context';

/**
 * Every immediate alert carries its one-click stop link, in the subscriber's language and on every channel:
 * an email in English or Hindi (in its body, and as the List-Unsubscribe header when mail is set up), an SMS
 * in either language (a short "Stop:"/"रोकें:" link at its end). The digest's links are the digest tests'.
 * No transport is set up here, so each message is the outbox's logged copy, written as its channel would be.
 */
const event: WardEvent = {
  kind: 'resolved', at: '2026-12-01T10:00:00.000Z', number: 'NPK-PGR-2026-12-01-000007', wardId: 7, ward: '7',
  category: 'Drainage blocked', categoryHi: null, landmark: 'Near the water tank', state: 'Resolved',
};
const STOP = /\/ward-alerts\/unsubscribe\?token=u\.42\.[\w-]{22}$/;

describe('an immediate ward alert', () => {
  it('ends every email and SMS, in English and Hindi, with its stop link in that language', () => withCouncil(TEST_COUNCIL, () => {
    const cases = [
      { channel: 'email', lang: 'en', words: ['Grievance resolved in ward 7', 'Stop alerts for ward 7: '] },
      { channel: 'email', lang: 'hi', words: ['वार्ड 7 में शिकायत निस्तारित', 'वार्ड 7 की सूचनाएँ रोकें: '] },
      { channel: 'sms', lang: 'en', words: ['Grievance resolved in ward 7: NPK-PGR-2026-12-01-000007', 'Stop: '] },
      { channel: 'sms', lang: 'hi', words: ['वार्ड 7 में शिकायत निस्तारित', 'रोकें: '] },
    ] as const;
    for (const { channel, lang, words } of cases) {
      const [message] = alertMessages(event, { id: 42, channel, recipient: channel === 'sms' ? '9812345678' : 'ward7@example.in', lang });
      const label = `${channel} ${lang}`;
      expect(message.lang, label).toBe(lang);
      for (const word of words) expect(`${message.subject}\n${message.body}`, label).toContain(word);
      const link = /\S+\/ward-alerts\/unsubscribe\?token=\S+/.exec(message.body)?.[0] ?? '';
      expect(link, label).toMatch(STOP);
      expect(new URL(link).pathname, label).toBe(lang === 'hi' ? '/hi/ward-alerts/unsubscribe' : '/ward-alerts/unsubscribe');
      // An SMS ends with it; an email names it after the facts and the tracking link.
      if (channel === 'sms') expect(message.body.endsWith(link), label).toBe(true);
      expect(message.body.indexOf(link), label).toBeGreaterThan(message.body.indexOf(event.number));
      expect(message.body, label).toContain(lang === 'hi' ? `/hi/trackgrievance?number=${event.number}` : `/trackgrievance?number=${event.number}`);
    }
  }));
});
