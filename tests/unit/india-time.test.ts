import { describe, expect, it } from 'vitest';
import { addDays, endOfIndianDay, indianDate, indianDateTime, indianDayEnd, indianDayStart, indianInputTime, indianMoment, indianOffsetTime } from '../../src/lib/india-time';
import { formatWhen } from '../../src/lib/format';
import { withinReopenWindow } from '../../src/features/grievance/grievance.service';

describe('India time, written once', () => {
  it('reads Indian dates and wall-clock times as moments, and refuses days that do not exist', () => {
    expect(new Date(indianMoment('2026-12-01T09:00')).toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(new Date(indianMoment('2026-12-01')).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(indianMoment('2026-12-01T24:00:00')).toBe(indianMoment('2026-12-02T00:00'));
    for (const wrong of ['2026-02-30T09:00', '2026-13-01', '2026-12-01T24:01', '2026-12-01T09:60', '01/12/2026', '']) expect(indianMoment(wrong), wrong).toBeNaN();
  });

  it('names the Indian day of a moment and the bounds of a day', () => {
    const evening = Date.parse('2026-03-05T19:00:00Z');
    expect(indianDate(evening)).toBe('2026-03-06');
    expect(indianDateTime(evening)).toBe('2026-03-06T00:30:00');
    expect(indianInputTime(evening)).toBe('2026-03-06T00:30');
    expect(indianDayEnd('2026-03-06') - indianDayStart('2026-03-06')).toBe(86_400_000);
    expect(endOfIndianDay(evening)).toBe(indianDayEnd('2026-03-06'));
    expect(indianDayStart('6/3/2026')).toBeNaN();
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('writes a moment for people and for files in India\'s time, the day included, on either side of midnight UTC', () => {
    // 04:55 UTC is 10:25 in India: a receipt taken at the counter at 10:25 says 10:25.
    expect(formatWhen('2026-11-28T04:55:00.000Z')).toBe('28 Nov 2026, 10:25 AM');
    expect(formatWhen('2026-11-28T04:55:00.000Z', 'hi')).toBe('28 नवंबर 2026, 10:25 पूर्वाह्न');
    expect(indianOffsetTime(Date.parse('2026-11-28T04:55:00.000Z'))).toBe('2026-11-28T10:25:00+05:30');
    // Before midnight UTC it is already the next day in India; after 18:30 UTC the Indian day has turned.
    expect(formatWhen('2026-11-27T23:59:00.000Z')).toBe('28 Nov 2026, 5:29 AM');
    expect(formatWhen('2026-11-27T18:30:00.000Z', 'hi')).toBe('28 नवंबर 2026, 12:00 पूर्वाह्न');
    expect(formatWhen('2026-11-27T18:29:59.000Z')).toBe('27 Nov 2026, 11:59 PM');
    expect(indianOffsetTime(Date.parse('2026-11-27T18:30:00.000Z'))).toBe('2026-11-28T00:00:00+05:30');
    expect(indianOffsetTime(Date.parse('2026-12-31T20:00:00.000Z'))).toBe('2027-01-01T01:30:00+05:30');
    // The file's time is the same instant as the stored one, whatever reads it.
    expect(Date.parse(indianOffsetTime(Date.parse('2026-11-28T00:10:00.000Z')))).toBe(Date.parse('2026-11-28T00:10:00.000Z'));
  });

  it('keeps the reopen window in one place', () => {
    const decided = '2026-11-01T10:00:00.000Z';
    expect(withinReopenWindow(decided, 10, Date.parse('2026-11-11T10:00:00.000Z'))).toBe(true);
    expect(withinReopenWindow(decided, 10, Date.parse('2026-11-11T10:00:00.001Z'))).toBe(false);
    expect(withinReopenWindow(null, 10, Date.parse(decided))).toBe(false);
  });
});
