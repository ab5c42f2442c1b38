import { describe, expect, it } from 'vitest';
import { REFUSAL, refusalText, refusalTexts } from '../../src/i18n/refusals';
import { messages } from '../../src/i18n/messages';

describe('a refusal on the public pages in the page language', () => {
  it('words a photo over its size or pixel limit, and a form over its limit, in Hindi with their numbers', () => {
    expect(refusalText('hi', 'Photo 2 is larger than 10 MB.')).toEqual({ text: 'फ़ोटो 2 का आकार 10 एमबी से अधिक है।' });
    expect(refusalText('hi', 'Photo 1 is larger than 50 megapixels.')).toEqual({ text: 'फ़ोटो 1 का आकार 50 मेगापिक्सेल से अधिक है।' });
    expect(refusalText('hi', 'The request is larger than the 40.1 MB allowed here.')).toEqual({ text: 'भेजा गया फ़ॉर्म 40.1 एमबी की सीमा से बड़ा है।' });
    expect(refusalTexts('hi', { photos: REFUSAL.notAnImage })).toEqual({ photos: 'जेपीजी, पीएनजी या वेबपी चित्र ही भेजें।' });
  });

  it('finds every check\'s sentence by its code, so each has its own words in Hindi', () => {
    const sentences = Object.values(REFUSAL).filter((value): value is string => typeof value === 'string');
    expect(new Set(sentences).size, 'two codes with one sentence could not be told apart').toBe(sentences.length);
    for (const [code, sentence] of Object.entries(REFUSAL)) {
      if (typeof sentence !== 'string') continue;
      const hindi = messages('hi').refusals[code as keyof typeof REFUSAL];
      expect(refusalText('hi', sentence), code).toEqual({ text: hindi });
      expect(hindi, code).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('leaves English as it was sent, and marks an unknown message on a Hindi page as English', () => {
    expect(refusalText('en', 'Photo 2 is larger than 10 MB.')).toEqual({ text: 'Photo 2 is larger than 10 MB.' });
    expect(refusalText('hi', 'Photo two is larger than ten MB.')).toEqual({ text: 'Photo two is larger than ten MB.', lang: 'en' });
  });
});
