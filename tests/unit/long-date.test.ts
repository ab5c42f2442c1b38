import { describe, expect, it } from 'vitest';
import { indianDayOf, longDate } from '../../src/i18n/dates';

describe('dates written out in a page\'s language', () => {
  it('writes a day in English and in Hindi, with Western digits, in Indian time', () => {
    expect(longDate('2026-11-24', 'en')).toBe('24 November 2026');
    expect(longDate('2026-11-24', 'hi')).toBe('24 नवंबर 2026');
    // 20:00 UTC on the 23rd is already the 24th in India.
    expect(longDate('2026-11-23T20:00:00.000Z', 'hi')).toBe('24 नवंबर 2026');
    expect(indianDayOf('2026-11-23T20:00:00.000Z')).toBe('2026-11-24');
    expect(indianDayOf('2026-03-05')).toBe('2026-03-05');
    expect(longDate('not a date', 'en')).toBeNull();
  });
});
