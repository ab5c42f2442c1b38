/**
 * The language a public page is rendered in: Astro.locals.lang once pages come in Hindi, English until
 * then (and whenever it is missing or anything else).
 */
export type PageLanguage = 'en' | 'hi';

export function pageLanguage(locals: object): PageLanguage {
  return (locals as { lang?: unknown }).lang === 'hi' ? 'hi' : 'en';
}
