import type { Lang } from './lang';

/**
 * A word staff store in English (a grievance category, a department, a tender document's name) as a page of
 * `lang` shows it: the catalogue's name for the usual ones, looked up by the stored word in lower case, or the
 * word as stored, marked `english` so that the page says so (lang="en") and a screen reader reads it as English.
 * `own` holds the Hindi names staff stored beside the English ones (same keys); they win over the catalogue,
 * which stays the fallback for words nobody has named yet. This is the one place that choice is made.
 */
export function storedName(
  lang: Lang,
  names: Readonly<Record<string, string>>,
  stored: string,
  own: ReadonlyMap<string, string> = NO_NAMES,
): { text: string; english: boolean } {
  if (lang === 'en') return { text: stored, english: false };
  const key = storedNameKey(stored);
  const named = own.get(key) ?? names[key];
  return named ? { text: named, english: false } : { text: stored, english: true };
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** The key `storedName` looks a stored word up by. */
export const storedNameKey = (stored: string): string => stored.trim().toLowerCase();

/**
 * A catalogue's names for words staff store (by `storedNameKey`): any key, as the words are data. English
 * pages show the stored words themselves, so the English catalogue's tables are empty.
 */
export type StoredNames = Readonly<Record<string, string>>;
export const storedNames = (names: Record<string, string>): StoredNames => names;
