/**
 * Date and text formats of docs/legacy-contract.md §8, written once for pages, islands and tests. Dates are stored as
 * 'YYYY-MM-DD' or ISO instants; they are shown in Indian time whatever the server's zone. Each format takes
 * the page's language last (English by default, whose output the old system fixes); Hindi pages name the months in
 * Hindi and keep Western digits, as Indian government sites do.
 */
import type { Lang } from '../i18n/lang';
import { indianDateTime } from './india-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const HINDI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];
export const MISSING = 'N/A';
const HINDI_MISSING = 'उपलब्ध नहीं';

/** What a page shows for a value nobody entered. */
export const missingText = (lang: Lang = 'en'): string => (lang === 'hi' ? HINDI_MISSING : MISSING);

interface Parts { year: number; month: number; day: number; hour: number; minute: number; second: number }

function parts(value: string | null | undefined): Parts | null {
  if (!value) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return { year: +dateOnly[1], month: +dateOnly[2], day: +dateOnly[3], hour: 0, minute: 0, second: 0 };
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const [year, month, day, hour, minute, second] = indianDateTime(time).split(/[-T:]/).map(Number);
  return { year, month, day, hour, minute, second };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd: dates shown to people (directories). */
export function formatIsoDate(value: string | null | undefined, lang: Lang = 'en'): string {
  const p = parts(value);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)}` : missingText(lang);
}

/*
 * One style of date for people in each language (issue 25: five formats had grown up side by side): '5 Nov 2026'
 * and '5 नवंबर 2026', with the time after a comma, '5 Nov 2026, 4:00 PM' and '5 नवंबर 2026, 4:00 अपराह्न'.
 * Machine formats (the legacy complaint API, CSV, inputs) keep formatIsoDate and formatDateTime.
 */
function dayMonthYear(p: Parts, lang: Lang): string {
  return `${p.day} ${lang === 'hi' ? HINDI_MONTHS[p.month - 1] : MONTHS[p.month - 1]} ${p.year}`;
}

/** The words of that style, for a page's script that writes dates the server did not (the similar reports' cards). */
export function peopleDateWords(lang: Lang): { months: readonly string[]; periods: readonly [string, string] } {
  return lang === 'hi' ? { months: HINDI_MONTHS, periods: ['पूर्वाह्न', 'अपराह्न'] } : { months: MONTHS, periods: ['AM', 'PM'] };
}

function clockTime(hour: number, minute: number, lang: Lang): string {
  const [am, pm] = peopleDateWords(lang).periods;
  return `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? am : pm}`;
}

/** A date for people: '5 Nov 2026' ('5 नवंबर 2026'): publish and issue dates, directories, lists. */
export function formatDayMonthYear(value: string | null | undefined, lang: Lang = 'en'): string {
  const p = parts(value);
  return p ? dayMonthYear(p, lang) : missingText(lang);
}

/** A date and a separate 'HH:mm' for people: tender closing times, '5 Dec 2026, 4:00 PM'. */
export function formatClosing(date: string | null | undefined, time: string | null | undefined, lang: Lang = 'en'): string {
  const p = parts(date);
  if (!p) return missingText(lang);
  const clock = time && /^\d{2}:\d{2}$/.exec(time) ? time.split(':').map(Number) : [0, 0];
  return `${dayMonthYear(p, lang)}, ${clockTime(clock[0], clock[1], lang)}`;
}

/** The same style as formatDayMonthYear, under the name the lists have always called it by. */
export const formatMedium = formatDayMonthYear;

/** An instant for people, in Indian time: '25 Nov 2026, 8:55 AM' ('25 नवंबर 2026, 8:55 पूर्वाह्न'): grievance dates. */
export function formatWhen(value: string | null | undefined, lang: Lang = 'en'): string {
  const p = parts(value);
  return p ? `${dayMonthYear(p, lang)}, ${clockTime(p.hour, p.minute, lang)}` : missingText(lang);
}

/** '23 November 2026' ('23 नवंबर 2026'): a day named in full, for sentences. */
export function formatLongDate(value: string | null | undefined, lang: Lang = 'en'): string {
  const p = parts(value);
  if (!p) return missingText(lang);
  return `${p.day} ${lang === 'hi' ? HINDI_MONTHS[p.month - 1] : ENGLISH_MONTHS[p.month - 1]} ${p.year}`;
}

/** yyyy-MM-dd HH:mm:ss: complaint dates (numbers only, the same in both languages). */
export function formatDateTime(value: string | null | undefined, lang: Lang = 'en'): string {
  const p = parts(value);
  return p ? `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : missingText(lang);
}

/** A file name made from a title: 'Water supply notice.pdf'. */
export function fileNameFromTitle(title: string | null | undefined, extension = 'pdf'): string {
  const base = (title ?? '').replace(/[\\/:*?"<>|\r\n]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return `${base || 'document'}.${extension}`;
}
