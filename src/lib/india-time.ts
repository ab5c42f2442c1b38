/**
 * India's time, written once: the council's days, deadlines and wall-clock times are all Indian (UTC+05:30,
 * no summer time), whatever zone the server or the browser runs in. Pure functions of a moment in
 * milliseconds: the moment itself comes from the server's clock (src/server/clock.ts), so tests can move it.
 * Browser-safe: the back office's islands parse and show Indian times with the same functions.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** How far India's clocks are ahead of UTC, and the same as an ISO 8601 suffix. */
export const IST_OFFSET_MS = (5 * 60 + 30) * MINUTE_MS;
export const IST_SUFFIX = '+05:30';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;

/**
 * The moment an Indian date or wall-clock time names: 'YYYY-MM-DD' (its first moment) or
 * 'YYYY-MM-DDTHH:mm[:ss]', where '24:00' is the end of that day (how a tender without a closing time is
 * written). NaN for text that names no moment, a day that does not exist (31 February) included.
 */
export function indianMoment(localText: string): number {
  const match = WALL_CLOCK.exec(localText);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const endOfDay = hour === 24 && minute === 0 && second === 0;
  if (month < 1 || month > 12 || day < 1 || (hour > 23 && !endOfDay) || minute > 59 || second > 59) return Number.NaN;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
}

/** A moment as India's wall clock reads it: 'YYYY-MM-DDTHH:mm:ss', comparable as text with stored dates and times. */
export function indianDateTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19);
}

/**
 * A moment as India's wall clock reads it, with its offset: '2026-11-28T10:25:00+05:30'. For files (CSV) that
 * a clerk reads in a spreadsheet and a program parses: the time is the one the counter's clock showed, and the
 * offset keeps it one unambiguous instant. Pages show moments with formatWhen (src/lib/format.ts).
 */
export function indianOffsetTime(at: number): string {
  return `${indianDateTime(at)}${IST_SUFFIX}`;
}

/** The Indian calendar day ('YYYY-MM-DD') a moment falls on. */
export function indianDate(at: number): string {
  return indianDateTime(at).slice(0, 10);
}

/** A moment as a datetime-local input shows it in Indian time: 'YYYY-MM-DDTHH:mm'. */
export function indianInputTime(at: number): string {
  return indianDateTime(at).slice(0, 16);
}

/** The first moment of an Indian calendar day ('YYYY-MM-DD'); NaN for text that names none. */
export function indianDayStart(date: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? indianMoment(date) : Number.NaN;
}

/** The first moment after an Indian calendar day: the exclusive end of a day's range. */
export function indianDayEnd(date: string): number {
  return indianDayStart(date) + DAY_MS;
}

/** The calendar day ('YYYY-MM-DD') a number of days after another. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first moment of the next Indian day: when everything that says 'today' must be rendered again. */
export function endOfIndianDay(at: number): number {
  return Math.floor((at + IST_OFFSET_MS) / DAY_MS + 1) * DAY_MS - IST_OFFSET_MS;
}

/** The first moment of the next Indian year: when the footer's year changes. */
export function endOfIndianYear(at: number): number {
  const year = new Date(at + IST_OFFSET_MS).getUTCFullYear();
  return Date.UTC(year + 1, 0, 1) - IST_OFFSET_MS;
}

/** The council's financial year (April to March) a day falls in: '2026-27' for any day from 2026-04-01 to 2027-03-31. */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
