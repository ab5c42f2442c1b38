import type { Lang } from './lang';
import { todayInIndia } from '../lib/format';

/**
 * A day written out in a page's language, as Indian government sites write it: '24 November 2026',
 * '24 नवंबर 2026' (Western digits, as in official Hindi use). Instants are taken in Indian time.
 */
const LONG_DATE: Readonly<Record<Lang, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' }),
};

/** The moment a calendar date ('YYYY-MM-DD', noon that day in India) or an ISO instant names; NaN for neither. */
function momentOf(value: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+05:30` : value);
}

/** '24 November 2026' or '24 नवंबर 2026'; null for text that names no date. */
export function longDate(value: string, lang: Lang): string | null {
  const time = momentOf(value);
  return Number.isNaN(time) ? null : LONG_DATE[lang].format(time);
}

/** The Indian calendar date ('YYYY-MM-DD') of an ISO instant or date, for a <time datetime>; null for neither. */
export function indianDate(value: string): string | null {
  const time = momentOf(value);
  return Number.isNaN(time) ? null : todayInIndia(time);
}
