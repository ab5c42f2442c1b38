/**
 * Date and text formats of SPEC.md §9, written once for pages, islands and tests. Dates are stored as
 * 'YYYY-MM-DD' or ISO instants; they are shown in Indian time whatever the server's zone.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const MISSING = 'N/A';
const IST_OFFSET_MS = 330 * 60_000;

interface Parts { year: number; month: number; day: number; hour: number; minute: number; second: number }

function parts(value: string | null | undefined): Parts | null {
  if (!value) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return { year: +dateOnly[1], month: +dateOnly[2], day: +dateOnly[3], hour: 0, minute: 0, second: 0 };
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const ist = new Date(time + IST_OFFSET_MS);
  return { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1, day: ist.getUTCDate(), hour: ist.getUTCHours(), minute: ist.getUTCMinutes(), second: ist.getUTCSeconds() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd: dates shown to people (directories). */
export function formatIsoDate(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : MISSING;
}

/** dd/MMM/yyyy: tender publish dates. */
export function formatDayMonthYear(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${pad(p.day)}/${MONTHS[p.month - 1]}/${p.year}` : MISSING;
}

/** dd/MMM/yyyy HH:mm: tender closing times (a date plus a separate 'HH:mm'). */
export function formatClosing(date: string | null | undefined, time: string | null | undefined): string {
  const day = formatDayMonthYear(date);
  return day === MISSING ? MISSING : `${day} ${time && /^\d{2}:\d{2}$/.test(time) ? time : '00:00'}`;
}

/** 'medium' (Nov 5, 2026): notice issue dates and the admin lists' month abbreviation, day, year. */
export function formatMedium(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${MONTHS[p.month - 1]} ${p.day}, ${p.year}` : MISSING;
}

/** yyyy-MM-dd HH:mm:ss: complaint dates. */
export function formatDateTime(value: string | null | undefined): string {
  const p = parts(value);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : MISSING;
}

/** Now on the clock in India as 'YYYY-MM-DDTHH:mm:ss', comparable as text with stored dates and times. */
export function nowInIndia(now = Date.now()): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 19);
}

/** Today's date in India as 'YYYY-MM-DD'. */
export function todayInIndia(now = Date.now()): string {
  return nowInIndia(now).slice(0, 10);
}

/** A file name made from a title: 'Water supply notice.pdf'. */
export function fileNameFromTitle(title: string | null | undefined, extension = 'pdf'): string {
  const base = (title ?? '').replace(/[\\/:*?"<>|\r\n]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return `${base || 'document'}.${extension}`;
}
