/** The council's financial year (April to March); India's days themselves are in src/lib/india-time.ts. */
/** '2026-27' for any day from 2026-04-01 to 2027-03-31. */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
