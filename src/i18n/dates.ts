import type { Lang } from './lang';
import { formatLongDate } from '../lib/format';
import { indianDate } from '../lib/india-time';

/**
 * Days named for a page's <time> elements and sentences: '24 November 2026', '24 नवंबर 2026' (Western digits,
 * as in official Hindi use), through the one formatter of src/lib/format.ts. Instants are taken in Indian time.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const names = (value: string): boolean => DATE_ONLY.test(value) || !Number.isNaN(Date.parse(value));

/** '24 November 2026' or '24 नवंबर 2026'; null for text that names no date. */
export function longDate(value: string, lang: Lang): string | null {
  return names(value) ? formatLongDate(value, lang) : null;
}

/** The Indian calendar date ('YYYY-MM-DD') of an ISO instant or date, for a <time datetime>; null for neither. */
export function indianDayOf(value: string): string | null {
  if (DATE_ONLY.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : indianDate(time);
}
