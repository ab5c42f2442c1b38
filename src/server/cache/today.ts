import { now } from '../clock';
import { endOfIndianDay, endOfIndianYear, indianDate } from '../../lib/india-time';
import { validUntil } from './dependencies';

/**
 * The date a page shows or computes from, read through here so that its cached copy ends when the date
 * changes: at Indian midnight for 'today', on New Year's Day for the year.
 */
export function todayForPage(): string {
  const at = now();
  validUntil(endOfIndianDay(at));
  return indianDate(at);
}

export function yearForPage(): number {
  const at = now();
  validUntil(endOfIndianYear(at));
  return Number(indianDate(at).slice(0, 4));
}
