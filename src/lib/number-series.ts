/**
 * The numbers the council issues (a grievance's, a licence's, a receipt's) are all of one shape: the council's
 * short name, the series' code, the day the number was given or the financial year it counts in (or neither,
 * for a number that lasts, such as a water connection's), and a serial of at least six digits, counted per
 * series and financial year (ABC-PGR-2026-11-23-000042, ABC-RCT-2026-27-000042 and ABC-WC-000042 for a
 * council whose short name is ABC). A module declares each series it numbers; src/server/numbering.ts gives the next number of one. This half is
 * browser-safe: it only reads numbers, whatever council prefix they were given under (a number keeps working
 * after the council changes its short name).
 */
export interface NumberSeries {
  /** The counter's name in the database: never changed once a number of the series is issued. */
  name: string;
  /** Two to five capital letters after the council's prefix, the series' own: PGR in ABC-PGR-2026-11-23-000042. */
  code: string;
  /**
   * What stands between the code and the serial: the day the number was given or the financial year it counts
   * in, each series counting from 1 every financial year; or nothing, for one count that never starts again.
   */
  shows: 'day' | 'financial-year' | 'nothing';
}

/** A council's short name as numbers carry it: a capital letter, then one to nine capital letters or digits. */
export const SHORT_NAME_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

const PREFIX = '[A-Z][A-Z0-9]{1,9}';
const CODE = /^[A-Z]{2,5}$/;
const PERIOD: Record<NumberSeries['shows'], string> = { day: '\\d{4}-\\d{2}-\\d{2}-', 'financial-year': '\\d{4}-\\d{2}-', nothing: '' };

/** The number with its serial, given under a prefix for a day or financial year (whichever the series shows, if any). */
export function formatNumber(prefix: string, series: NumberSeries, period: string, serial: number): string {
  return `${prefix}-${series.code}-${series.shows === 'nothing' ? '' : `${period}-`}${String(serial).padStart(6, '0')}`;
}

/** Every number of a series, under any council prefix. */
export function numberPattern(series: NumberSeries): RegExp {
  return new RegExp(`^${PREFIX}-${series.code}-${PERIOD[series.shows]}\\d{6,}$`);
}

/** Whether text is a number of the series (as stored: trimmed, in capitals). */
export const isNumberOf = (series: NumberSeries, value: string): boolean => numberPattern(series).test(value);

/** A number of any series that shows a day (every case's), as typed: trimmed, in capitals; null when it cannot be one. */
export function parseDayNumber(raw: unknown): string | null {
  const value = String(raw ?? '').trim().toUpperCase();
  return new RegExp(`^${PREFIX}-[A-Z]{2,5}-${PERIOD.day}\\d{6,}$`).test(value) ? value : null;
}

/** The series among these that a number belongs to, by its code. */
export function seriesOfNumber<S extends NumberSeries>(number: string, series: readonly S[]): S | undefined {
  return series.find((s) => isNumberOf(s, number));
}

/**
 * Series as one list may hold them: each code two to five capitals, and each name and each code one series'
 * own (a number says which series it belongs to). A wrong declaration stops the start.
 */
export function checkedSeries<S extends NumberSeries>(series: readonly S[]): readonly S[] {
  for (const s of series) if (!CODE.test(s.code)) throw new Error(`The number series ${s.name} has the code ${s.code}: two to five capital letters.`);
  for (const key of ['name', 'code'] as const) {
    const seen = new Set<string>();
    for (const s of series) {
      if (seen.has(s[key])) throw new Error(`Two number series share the ${key} ${s[key]}.`);
      seen.add(s[key]);
    }
  }
  return series;
}
