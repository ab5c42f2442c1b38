/** The frame of every public page: header, menus, footer and the language switch. */
export const frame = {
  skipToContent: 'Skip to content',
  /** The switch's text and label, naming the page it leads to. */
  switchTo: 'हिन्दी',
  switchToLabel: 'हिन्दी में यह पृष्ठ',
  languageMenuLabel: 'Language',
};
