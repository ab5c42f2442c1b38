import { describe, expect, it } from 'vitest';
import { alertSchema, indianLocalToMs } from '../../src/features/alerts/alert.schema';
import { indianInputTime } from '../../src/lib/india-time';
import { alertWording } from '../../src/features/alerts/alert-wording';
import { pageLanguage } from '../../src/features/alerts/page-language';

describe('alert times', () => {
  it('are Indian wall-clock times, five and a half hours ahead of UTC, and back again', () => {
    expect(new Date(indianLocalToMs('2026-12-01T09:00')).toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(indianInputTime(Date.parse('2026-12-01T03:30:00.000Z'))).toBe('2026-12-01T09:00');
    for (const wrong of ['2026-02-30T09:00', '2026-13-01T09:00', '2026-12-01T24:00', '2026-12-01 09:00', '']) expect(indianLocalToMs(wrong), wrong).toBeNaN();
  });

  it('must end after they start', () => {
    const base = { level: 'info', textEn: 'x', startsAt: '2026-12-01T09:00' };
    expect(alertSchema.isValidSync({ ...base, endsAt: '2026-12-01T09:01' })).toBe(true);
    expect(alertSchema.isValidSync({ ...base, endsAt: '2026-12-01T09:00' })).toBe(false);
  });
});

describe('the banner language', () => {
  const alert = { textEn: 'Water supply stops on Tuesday.', textHi: 'मंगलवार को जल आपूर्ति बंद रहेगी।' };

  it('is Hindi on a Hindi page when the alert has Hindi, and English marked as English otherwise', () => {
    expect(alertWording(alert, 'hi')).toEqual({ text: alert.textHi, lang: 'hi' });
    expect(alertWording({ ...alert, textHi: '  ' }, 'hi')).toEqual({ text: alert.textEn, lang: 'en' });
    expect(alertWording(alert, 'en')).toEqual({ text: alert.textEn, lang: 'en' });
  });

  it('follows Astro.locals.lang, English when it is missing or unknown', () => {
    expect(pageLanguage({ lang: 'hi' })).toBe('hi');
    expect(pageLanguage({})).toBe('en');
    expect(pageLanguage({ lang: 'fr' })).toBe('en');
  });
});
