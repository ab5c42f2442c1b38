/** Calendar dates as the council writes them: India's day (UTC+5:30) and its financial year (April to March). */
const IST_MS = 5.5 * 3600_000;

/** 'YYYY-MM-DD' of the Indian day a moment falls on. */
export const indianDate = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);

/** '2026-27' for any day from 2026-04-01 to 2027-03-31. */
export function financialYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
