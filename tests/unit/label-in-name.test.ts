import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/i18n/lang';
import { messages } from '../../src/i18n/messages';

/**
 * A link whose accessible name is longer than its visible words (aria-label "Details of <tender>" on a link
 * reading "Details") still contains those words, in each language, so speech input that says what is on the
 * screen finds it (WCAG 2.5.3, axe's label-content-name-mismatch; once failed on /hi/archive/tender).
 */
describe('accessible names contain the visible words', () => {
  it('names an archive item\'s details link with its visible text first', () => {
    for (const lang of LANGS) {
      const t = messages(lang).archive;
      expect(t.detailsOf('Road repair, Ward 4').startsWith(t.details), lang).toBe(true);
    }
  });
});
