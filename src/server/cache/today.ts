import { endOfIndianDay, endOfIndianYear, now } from '../clock';
import { todayInIndia } from '../../lib/format';
import { validUntil } from './dependencies';

/**
 * The date a page shows or computes from, read through here so that its cached copy ends when the date
 * changes: at Indian midnight for 'today', on New Year's Day for the year.
 */
export function todayForPage(): string {
  const at = now();
  validUntil(endOfIndianDay(at));
  return todayInIndia(at);
}

export function yearForPage(): number {
  const at = now();
  validUntil(endOfIndianYear(at));
  return Number(todayInIndia(at).slice(0, 4));
}
