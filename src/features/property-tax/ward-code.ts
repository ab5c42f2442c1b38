import type { Db } from '../../server/db';

/**
 * How the property register writes a ward, so that one ward is never two: a ward number is two digits at least
 * ('5', '05' and '005' are all ward 05, as the demo's property numbers W05-… write it), any other code is kept in
 * capitals ('a-3' is A-3). Imports, edits and every report's `?ward=` go through this one function.
 */
export function wardCode(raw: unknown): string | null {
  const value = String(raw ?? '').trim();
  if (/^\d{1,10}$/.test(value)) return String(Number(value)).padStart(2, '0');
  return /^[A-Za-z0-9-]{1,10}$/.test(value) ? value.toUpperCase() : null;
}

/**
 * The council's wards (the `ward` table that grievances, ward alerts and boundaries use) in the register's
 * spelling, or null while the council has listed none, when any well-formed ward is taken.
 */
export async function councilWardCodes(database: Db): Promise<ReadonlySet<string> | null> {
  const rows = await database.selectFrom('ward').select('ward_number').execute();
  if (rows.length === 0) return null;
  return new Set(rows.map((r) => wardCode(r.ward_number)).filter((code): code is string => code !== null));
}

/** The council's wards named briefly for a refusal: '01 to 25', or the list when they are not a run. */
export function describeWards(codes: ReadonlySet<string>): string {
  const sorted = [...codes].sort();
  const numbers = sorted.map(Number);
  const isRun = numbers.every((n, i) => Number.isInteger(n) && (i === 0 || n === numbers[i - 1] + 1));
  return isRun && sorted.length > 2 ? `${sorted[0]} to ${sorted[sorted.length - 1]}` : sorted.join(', ');
}
