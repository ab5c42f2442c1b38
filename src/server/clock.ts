import fs from 'node:fs';
import { indianDate } from '../lib/india-time';

/**
 * The server's notion of now. India's calendar and wall clock are in src/lib/india-time.ts.
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

/**
 * Real elapsed time, whatever a test did to `now`: for a wait on another request, and for a staff session's
 * minutes and a token's expiry, so that a test moving the calendar a week ahead does not sign its staff out
 * (a session's life is wall time by nature). In production it is `now`.
 */
export const wallClock = (): number => Date.now();

/** Today's date in India ('YYYY-MM-DD') by this clock. */
export const todayInIndia = (): string => indianDate(now());
