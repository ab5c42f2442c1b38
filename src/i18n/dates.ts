import type { Lang } from './lang';

/**
 * A day written out in a page's language, as Indian government sites write it: '24 November 2026',
 * '24 नवंबर 2026' (Western digits, as in official Hindi use). Instants are taken in Indian time.
 */
const LONG_DATE: Readonly<Record<Lang, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' }),
};

/** `value` is a calendar date ('YYYY-MM-DD', that day in India) or an ISO instant; null when it is neither. */
export function longDate(value: string, lang: Lang): string | null {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+05:30` : value);
  return Number.isNaN(time) ? null : LONG_DATE[lang].format(time);
}

/** The Indian calendar date of an ISO instant or date, for a <time datetime>. */
export function indianDate(value: string): string | null {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+05:30` : value);
  return Number.isNaN(time) ? null : new Date(time + 330 * 60_000).toISOString().slice(0, 10);
}
