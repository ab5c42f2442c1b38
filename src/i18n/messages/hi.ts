import type { Messages } from '../messages';

/** The interface text of the public pages in Hindi; the same keys as en.ts. */
export const hi: Messages = {
  frame: {
    skipToContent: 'मुख्य सामग्री पर जाएँ',
    switchTo: 'English',
    switchToLabel: 'This page in English',
    languageMenuLabel: 'भाषा',
  },
};
