/**
 * The site's two languages and how a path names one. English pages keep the old paths (docs/legacy-contract.md §2);
 * each public page also exists in Hindi under `/hi` (`/hi/notice`, and `/hi` for the home page). Browser-safe.
 */
export type Lang = 'en' | 'hi';

export const LANGS: readonly Lang[] = ['en', 'hi'];

const HINDI_PREFIX = '/hi';

/** A canonical path split into its language and the path of the page in English: `/hi/notice` → hi, `/notice`. */
export function splitLanguage(pathname: string): { lang: Lang; path: string } {
  if (pathname === HINDI_PREFIX) return { lang: 'hi', path: '/' };
  if (pathname.startsWith(`${HINDI_PREFIX}/`)) return { lang: 'hi', path: pathname.slice(HINDI_PREFIX.length) };
  return { lang: 'en', path: pathname };
}

/** The address of an English path (with any query or fragment) in `lang`: `/notice?page=2` → `/hi/notice?page=2`. */
export function pathIn(lang: Lang, path: string): string {
  if (lang === 'en' || !path.startsWith('/')) return path;
  if (path === '/' || path.startsWith('/?') || path.startsWith('/#')) return HINDI_PREFIX + path.slice(1);
  return HINDI_PREFIX + path;
}

export const otherLanguage = (lang: Lang): Lang => (lang === 'en' ? 'hi' : 'en');

/** Each language's name in itself, for the switch that goes to it. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { en: 'English', hi: 'हिन्दी' };
