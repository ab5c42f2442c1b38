import { describe, expect, it } from 'vitest';
import { auditQueryOf } from '../../src/features/audit/audit-filter';
import { searchTerms } from '../../src/features/property-tax/property-search.server';

/**
 * What the register's search box and the audit log's filters read from what staff type: a mobile however it
 * is written, the end of one, words; and Indian days typed day first, as the first and the last instant of
 * the range in UTC. The pages and their API tests hold the rest.
 */
describe("the register's search text", () => {
  it('reads a mobile written with +91, 0, spaces or dashes as the mobile, and 4 to 9 digits as its end', () => {
    for (const typed of ['9123456780', '+91 91234 56780', '0091-9123456780', '09123456780']) expect(searchTerms(typed)).toEqual({ kind: 'mobile', mobile: '9123456780' });
    expect(searchTerms('56-780')).toEqual({ kind: 'mobile-end', digits: '56780' });
    expect(searchTerms('0000000000012345')).toEqual({ kind: 'mobile-end', digits: '0000012345' });
    expect(searchTerms('780')).toBe('tooFewDigits');
  });

  it('reads anything else as words, each once and at most six, and refuses what is too long to be typed', () => {
    expect(searchTerms('  Ram\tram  Gali\u0000 7 ')).toEqual({ kind: 'words', words: ['Ram', 'ram', 'Gali', '7'] });
    expect((searchTerms('a b c d e f g h') as { words: string[] }).words).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(searchTerms('')).toBeNull();
    expect(searchTerms('   ')).toBeNull();
    expect(searchTerms('क'.repeat(100))).toEqual({ kind: 'words', words: ['क'.repeat(100)] });
    expect(searchTerms('क'.repeat(101))).toBe('tooLong');
  });
});

describe("the audit log's days", () => {
  it('reads the days as India’s, both ends included: from 18:30 UTC the evening before to 18:30 UTC on the last day', () => {
    const { query, problems } = auditQueryOf(new URLSearchParams({ from: '1/3/2026', to: '2026-03-02', person: '7' }));
    expect(problems).toEqual([]);
    expect(query).toEqual({ userId: 7, from: '2026-02-28T18:30:00.000Z', before: '2026-03-02T18:30:00.000Z' });
  });

  it('names each day that is no date, and a range that runs backwards', () => {
    expect(auditQueryOf(new URLSearchParams({ from: '29/02/2026', to: 'tomorrow' })).problems).toEqual(['badFrom', 'badTo']);
    expect(auditQueryOf(new URLSearchParams({ from: '02/03/2026', to: '01/03/2026' })).problems).toEqual(['backwards']);
    expect(auditQueryOf(new URLSearchParams({ person: 'me' })).query).toEqual({});
  });
});
