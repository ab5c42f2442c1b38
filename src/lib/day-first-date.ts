/**
 * Dates as the council's staff type and read them, day first (dd/mm/yyyy), whatever a browser's locale would
 * show, and the wire's YYYY-MM-DD. Used by the back office's date field and by the report pages' day filters.
 */
export const DATE_PLACEHOLDER = 'dd/mm/yyyy';
export const IMPOSSIBLE_DATE = 'Enter a real date as dd/mm/yyyy, for example 31/01/2027.';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2027-01-31' → '31/01/2027'; anything else is shown as it is. */
export function isoToDayFirst(value: string): string {
  const parts = ISO.exec(value);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : value;
}

/** '31/1/2027' (or with - or .) → '2027-01-31'; null when it names no real day. */
export function dayFirstToIso(text: string): string | null {
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!parts) return null;
  const [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const moment = new Date(Date.UTC(year, month - 1, day));
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day) return null;
  return moment.toISOString().slice(0, 10);
}

/** Is this value (what the form holds) a date the field could not read? */
export const unreadableDate = (value: string): boolean => value.trim() !== '' && !ISO.test(value);

/**
 * A day asked for in a query: the wire's YYYY-MM-DD (links, CSV addresses) or dd/mm/yyyy as typed, as
 * YYYY-MM-DD; null when it names no real day.
 */
export function askedDay(text: string): string | null {
  const trimmed = text.trim();
  return dayFirstToIso(ISO.test(trimmed) ? isoToDayFirst(trimmed) : trimmed);
}
