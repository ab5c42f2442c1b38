import type { Messages } from '../../messages';

export const frame: Messages['frame'] = {
  skipToContent: 'मुख्य सामग्री पर जाएँ',
  switchTo: 'English',
  switchToLabel: 'This page in English',
  languageMenuLabel: 'भाषा',
};
