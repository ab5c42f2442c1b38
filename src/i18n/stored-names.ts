import type { Lang } from './lang';

/**
 * A word staff store in English (a grievance category, a department, a tender document's name) as a page of
 * `lang` shows it: the catalogue's name for the usual ones, looked up by the stored word in lower case, or the
 * word as stored, marked `english` so that the page says so (lang="en") and a screen reader reads it as English.
 */
export function storedName(lang: Lang, names: Readonly<Record<string, string>>, stored: string): { text: string; english: boolean } {
  if (lang === 'en') return { text: stored, english: false };
  const named = names[stored.trim().toLowerCase()];
  return named ? { text: named, english: false } : { text: stored, english: true };
}
