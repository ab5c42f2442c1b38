/**
 * CSV for staff downloads: a cell quoted when it holds a comma, quote or line break, and a cell that a
 * spreadsheet would run as a formula (=, +, -, @ first) prefixed with a quote mark, so that a holder's name
 * imported from a file can never run in the clerk's spreadsheet. Amounts are written as decimal rupees.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const formula = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 123456 → '1234.56', -5 → '-0.05': decimal rupees without grouping, for a spreadsheet. */
export function csvRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Opens every CSV the site writes: UTF-8's byte order mark, without which Excel reads the file in the
 * machine's own code page and shows a Hindi name as mojibake. Other readers skip it.
 */
export const CSV_BOM = '\uFEFF';

export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${CSV_BOM}${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}
