import fs from 'node:fs';

/**
 * The server's notion of now, and the Indian calendar the council's dates are written in.
 *
 * Pages stop being true at moments (a tender closing, midnight for date lists), so tests must be able to
 * move the clock of a running server. They do it through a file that holds a number of milliseconds to add
 * to the real time: TEST_CLOCK_FILE, honoured only when NODE_ENV is 'test'. A production server never reads
 * it, and nothing reachable over the network can change the clock.
 */
const clockFile = process.env.NODE_ENV === 'test' ? process.env.TEST_CLOCK_FILE || undefined : undefined;

function testOffset(file: string): number {
  try {
    const offset = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}

/** Milliseconds since the epoch. */
export function now(): number {
  return clockFile ? Date.now() + testOffset(clockFile) : Date.now();
}

/** India keeps one time all year (UTC+5:30, no summer time). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The moment an Indian wall-clock time names: 'YYYY-MM-DDTHH:mm[:ss]', where '24:00:00' is the end of that
 * day (how a tender without a closing time is written). NaN for text that names no moment.
 */
export function indianMoment(localText: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(localText);
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, second || 0) - IST_OFFSET_MS;
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
