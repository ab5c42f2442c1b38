import { describe, expect, it } from 'vitest';
import { latinRuns } from '../../src/i18n/latin-runs';
import { fileNameFromTitle, formatClosing, formatDateTime, formatDayMonthYear, formatIsoDate, formatLongDate, formatMedium, formatWhen, missingText } from '../../src/lib/format';
import { indianDate } from '../../src/lib/india-time';

describe('the date formats of the old system', () => {
  it('formats calendar dates without shifting the day', () => {
    expect(formatIsoDate('2026-03-05')).toBe('2026-03-05');
    // One style for people in English: day, short month, year; a time after a comma on the 12-hour clock.
    expect(formatDayMonthYear('2026-03-05')).toBe('5 Mar 2026');
    expect(formatMedium('2026-03-05')).toBe('5 Mar 2026');
    expect(formatClosing('2026-03-05', '15:30')).toBe('5 Mar 2026, 3:30 PM');
    expect(formatClosing('2026-03-05', '')).toBe('5 Mar 2026, 12:00 AM');
    expect(formatWhen('2026-11-25T03:25:22.000Z')).toBe('25 Nov 2026, 8:55 AM');
    expect(formatWhen('2026-11-25T06:30:00.000Z')).toBe('25 Nov 2026, 12:00 PM');
  });

  it('shows instants in Indian time', () => {
    expect(formatDateTime('2026-03-05T20:00:00.000Z')).toBe('2026-03-06 01:30:00');
    expect(indianDate(Date.parse('2026-03-05T19:00:00Z'))).toBe('2026-03-06');
  });

  it('says N/A for what is missing or unreadable', () => {
    for (const f of [formatIsoDate, formatDayMonthYear, formatMedium, formatDateTime, formatWhen]) {
      expect(f(null)).toBe('N/A');
      expect(f('not a date')).toBe('N/A');
    }
    expect(formatClosing(null, '10:00')).toBe('N/A');
  });

  it('names downloads after their title, safely', () => {
    expect(fileNameFromTitle('Water: supply / cut?')).toBe('Water supply cut.pdf');
    expect(fileNameFromTitle('')).toBe('document.pdf');
  });

  it('writes months in Hindi on Hindi pages, with the same digits, and English as before', () => {
    expect(formatDayMonthYear('2026-03-05', 'hi')).toBe('5 मार्च 2026');
    expect(formatMedium('2026-11-05', 'hi')).toBe('5 नवंबर 2026');
    expect(formatClosing('2026-03-05', '15:30', 'hi')).toBe('5 मार्च 2026, 3:30 अपराह्न');
    expect(formatWhen('2026-11-25T03:25:22.000Z', 'hi')).toBe('25 नवंबर 2026, 8:55 पूर्वाह्न');
    expect(formatLongDate('2026-11-23T10:00:00Z', 'hi')).toBe('23 नवंबर 2026');
    expect(formatLongDate('2026-11-23T20:00:00Z', 'en')).toBe('24 November 2026');
    expect(formatIsoDate('2026-03-05', 'hi')).toBe('2026-03-05');
    expect(formatDateTime('2026-03-05T20:00:00.000Z', 'hi')).toBe('2026-03-06 01:30:00');
    for (const f of [formatIsoDate, formatDayMonthYear, formatMedium, formatDateTime, formatWhen]) expect(f(null, 'hi')).toBe('उपलब्ध नहीं');
    expect(formatClosing(null, '10:00', 'hi')).toBe(missingText('hi'));
    expect(formatDayMonthYear('2026-03-05', 'en')).toBe(formatDayMonthYear('2026-03-05'));
  });
});

describe('Latin-script runs in Hindi text', () => {
  it('finds names, addresses and bracketed expansions as whole runs', () => {
    expect(latinRuns('NVDA (NonVisual Desktop Access), निःशुल्क, Windows के लिए: nvaccess.org;')).toEqual([
      { text: 'NVDA (NonVisual Desktop Access)', latin: true },
      { text: ', निःशुल्क, ', latin: false },
      { text: 'Windows', latin: true },
      { text: ' के लिए: ', latin: false },
      { text: 'nvaccess.org', latin: true },
      { text: ';', latin: false },
    ]);
    expect(latinRuns('केवल हिन्दी')).toEqual([{ text: 'केवल हिन्दी', latin: false }]);
  });
});
