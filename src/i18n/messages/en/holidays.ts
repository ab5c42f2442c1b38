import { storedNames } from '../../stored-names';
/** The list of holidays and the calendar picture drawn from it. */
export const holidays = {
  title: 'List of Holidays',
  description: (council: string, year: number) => `Holidays of ${council} in ${year}.`,
  subtitle: (council: string, year: number) => `Holidays of ${council} for the year ${year}`,
  calendarAlt: (year: number, count: number, council: string) =>
    `Calendar of ${year} with the ${count} holidays of ${council} marked; the same holidays are listed in the table below.`,
  calendarCaption: (year: number) => `Holiday calendar ${year}. Open the picture on its own to zoom in.`,
  festivalsNotNotified:
    "The dates of this year's festival holidays have not been published here yet; the list shows the holidays on fixed dates. Please call the office to confirm festival holidays.",
  tableCaption: (year: number, count: number) => `Holidays in ${year} (${count})`,
  serialNo: 'S. No.',
  date: 'Date',
  day: 'Day',
  occasion: 'Occasion',
  note: 'The office is also closed on Sundays and second Saturdays. Holidays for festivals that follow the moon may move by a day when the State Government so notifies.',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  /** The calendar's column heads, Sunday first. */
  weekdayLetters: ['S', 'M', 'T', 'W', 'T', 'F', 'S'],
  calendarHeading: (year: number) => `Holiday Calendar ${year}`,
  legendHoliday: (count: number, year: number) => `Holiday (${count} in ${year})`,
  legendSunday: 'Red date: Sunday',
  legendSaturday: 'Office also closed on second Saturdays',
  /** Each occasion's name as the holiday list spells it in English. */
  occasions: storedNames({}),
};
