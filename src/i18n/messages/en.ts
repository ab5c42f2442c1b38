/**
 * The interface text of the public pages in English, by area. The Hindi catalogue (hi.ts) must have the same
 * keys (the compiler checks), so no page frame can be left with an English string in Hindi.
 */
export const en = {
  frame: {
    skipToContent: 'Skip to content',
    /** The switch's label, naming the page it leads to. */
    switchTo: 'हिन्दी',
    switchToLabel: 'हिन्दी में यह पृष्ठ',
    languageMenuLabel: 'Language',
  },
};
