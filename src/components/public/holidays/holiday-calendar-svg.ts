import { holidaysOf } from './holiday-list';
import type { Messages } from '../../../i18n/messages';

type Words = Messages['holidays'];

/**
 * The year's calendar as one SVG picture: twelve months in a 4 x 3 grid, Sundays in red, holidays on a
 * saffron disc, with a legend. Drawn from the holiday list, so the picture and the table never disagree.
 */
export const CALENDAR_WIDTH = 1200;
export const CALENDAR_HEIGHT = 940;

const COLUMNS = 4;
const MONTH_W = 282;
const MONTH_H = 250;
const GAP = 12;
const LEFT = (CALENDAR_WIDTH - (COLUMNS * MONTH_W + (COLUMNS - 1) * GAP)) / 2;
const TOP = 96;
const CELL_W = 36;
const CELL_H = 30;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function monthBlock(words: Words, year: number, month: number, holidayDays: Set<number>, x: number, y: number): string {
  const parts: string[] = [
    `<g transform="translate(${x} ${y})">`,
    `<rect width="${MONTH_W}" height="${MONTH_H}" rx="8" fill="#fff" stroke="#d1d5db"/>`,
    `<path d="M8 0h${MONTH_W - 16}a8 8 0 0 1 8 8v24H0V8a8 8 0 0 1 8-8z" fill="#0b4f8a"/>`,
    `<text x="${MONTH_W / 2}" y="22" text-anchor="middle" class="month">${words.months[month]} ${year}</text>`,
  ];
  const gridLeft = (MONTH_W - 7 * CELL_W) / 2;
  words.weekdayLetters.forEach((letter, day) => {
    parts.push(`<text x="${gridLeft + day * CELL_W + CELL_W / 2}" y="54" text-anchor="middle" class="${day === 0 ? 'wd sun' : 'wd'}">${letter}</text>`);
  });
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    const slot = firstWeekday + day - 1;
    const cx = gridLeft + (slot % 7) * CELL_W + CELL_W / 2;
    const cy = 64 + Math.floor(slot / 7) * CELL_H + CELL_H / 2;
    if (holidayDays.has(day)) {
      parts.push(`<circle cx="${cx}" cy="${cy}" r="13" fill="#c2410c"/>`);
      parts.push(`<text x="${cx}" y="${cy + 5}" text-anchor="middle" class="day hol">${day}</text>`);
    } else {
      parts.push(`<text x="${cx}" y="${cy + 5}" text-anchor="middle" class="${slot % 7 === 0 ? 'day sun' : 'day'}">${day}</text>`);
    }
  }
  parts.push('</g>');
  return parts.join('');
}

/** The calendar with its words (months, weekdays, legend) in the language of `words`. */
export function holidayCalendarSvg(year: number, councilName: string, words: Words, lang: string): string {
  const { holidays } = holidaysOf(year);
  const byMonth = Array.from({ length: 12 }, () => new Set<number>());
  for (const holiday of holidays) {
    const [, m, d] = holiday.date.split('-').map(Number);
    byMonth[m - 1].add(d);
  }
  const months = words.months.map((_, month) => {
    const x = LEFT + (month % COLUMNS) * (MONTH_W + GAP);
    const y = TOP + Math.floor(month / COLUMNS) * (MONTH_H + GAP);
    return monthBlock(words, year, month, byMonth[month], x, y);
  });
  const legendY = TOP + 3 * (MONTH_H + GAP) + 22;
  const title = `${words.calendarHeading(year)}: ${councilName}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CALENDAR_WIDTH}" height="${CALENDAR_HEIGHT}" viewBox="0 0 ${CALENDAR_WIDTH} ${CALENDAR_HEIGHT}" role="img" aria-labelledby="t" xml:lang="${lang}">`,
    `<title id="t">${escapeXml(title)}</title>`,
    '<style>text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;fill:#1f2937}',
    '.head{font-size:34px;font-weight:800;fill:#083a66}.sub{font-size:18px;fill:#4b5563}',
    '.month{font-size:17px;font-weight:700;fill:#fff}.wd{font-size:14px;font-weight:700;fill:#4b5563}',
    '.day{font-size:15px}.sun{fill:#b91c1c}.hol{fill:#fff;font-weight:700}.legend{font-size:16px}</style>',
    `<rect width="${CALENDAR_WIDTH}" height="${CALENDAR_HEIGHT}" fill="#f5f7fa"/>`,
    `<rect width="${CALENDAR_WIDTH}" height="8" fill="#c2410c"/>`,
    `<text x="${CALENDAR_WIDTH / 2}" y="52" text-anchor="middle" class="head">${escapeXml(words.calendarHeading(year))}</text>`,
    `<text x="${CALENDAR_WIDTH / 2}" y="80" text-anchor="middle" class="sub">${escapeXml(councilName)}</text>`,
    ...months,
    `<circle cx="${LEFT + 12}" cy="${legendY}" r="11" fill="#c2410c"/>`,
    `<text x="${LEFT + 32}" y="${legendY + 5}" class="legend">${escapeXml(words.legendHoliday(holidays.length, year))}</text>`,
    `<text x="${LEFT + 300}" y="${legendY + 5}" class="legend sun">${escapeXml(words.legendSunday)}</text>`,
    `<text x="${CALENDAR_WIDTH - LEFT}" y="${legendY + 5}" text-anchor="end" class="legend">${escapeXml(words.legendSaturday)}</text>`,
    '</svg>',
  ].join('');
}
