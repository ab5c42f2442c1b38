import { describe, expect, it } from 'vitest';
import { storedName, storedNameKey } from '../../src/i18n/stored-names';
import { checkCategoryHindiName, CATEGORY_NAME_HI_MAX } from '../../src/features/grievance/grievance.server';

const catalogue = { 'stray animals': 'आवारा पशु' };

describe('a stored word on a page', () => {
  it('prefers the Hindi name staff gave, then the catalogue, then the English marked as English', () => {
    const own = new Map([[storedNameKey(' Stray Animals '), 'भटकते मवेशी']]);
    expect(storedName('hi', catalogue, 'Stray animals', own)).toEqual({ text: 'भटकते मवेशी', english: false });
    expect(storedName('hi', catalogue, 'Stray animals')).toEqual({ text: 'आवारा पशु', english: false });
    expect(storedName('hi', catalogue, 'Broken bench', own)).toEqual({ text: 'Broken bench', english: true });
    expect(storedName('en', catalogue, 'Stray animals', own)).toEqual({ text: 'Stray animals', english: false });
  });
});

describe('a category\'s Hindi name as typed', () => {
  it('is tidied, may mix digits, punctuation and Latin, and empty means none', () => {
    expect(checkCategoryHindiName('  सड़क   टूटी / गड्ढे  ')).toBe('सड़क टूटी / गड्ढे');
    expect(checkCategoryHindiName('वार्ड 4 — RO पानी')).toBe('वार्ड 4 — RO पानी');
    expect(checkCategoryHindiName('   ')).toBeNull();
    expect(checkCategoryHindiName('क'.repeat(CATEGORY_NAME_HI_MAX))).toHaveLength(CATEGORY_NAME_HI_MAX);
  });

  it('refuses names without Devanagari, with control characters, or too long', () => {
    expect(() => checkCategoryHindiName('Stray cattle')).toThrow('Write the Hindi name in Devanagari script.');
    expect(() => checkCategoryHindiName('पशु\u0007')).toThrow('control characters');
    expect(() => checkCategoryHindiName('क'.repeat(CATEGORY_NAME_HI_MAX + 1))).toThrow(`at most ${CATEGORY_NAME_HI_MAX} characters`);
  });
});

describe('a ward alert\'s line', () => {
  it('names the category by the Hindi name an admin gave, in Hindi alerts only', async () => {
    const { eventText } = await import('../../src/features/ward-alerts/ward-alert-events.server');
    const event = { kind: 'new' as const, at: '', number: 'NPK-PGR-2026-11-27-000001', wardId: 1, ward: '4', category: 'Stray animals', categoryHi: 'भटकते मवेशी', landmark: '', state: 'lodged' };
    expect(eventText(event, 'hi').fact).toContain('भटकते मवेशी');
    expect(eventText({ ...event, categoryHi: null }, 'hi').fact).toContain('आवारा पशु');
    expect(eventText(event, 'en').fact).toContain('Stray animals');
  });
});
