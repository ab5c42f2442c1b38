/**
 * The council office's holidays, the one place they are kept. Holidays on a fixed date recur every year;
 * festivals that follow the lunar calendar move, so their dates are listed per year as the State Government
 * notifies them (add the next year's list here when the notification comes out).
 */
export interface Holiday {
  /** 'YYYY-MM-DD' */
  date: string;
  occasion: string;
}

const FIXED_DATE_HOLIDAYS: readonly { monthDay: string; occasion: string }[] = [
  { monthDay: '01-26', occasion: 'Republic Day' },
  { monthDay: '03-22', occasion: 'Bihar Diwas' },
  { monthDay: '04-14', occasion: 'Dr. B. R. Ambedkar Jayanti' },
  { monthDay: '08-15', occasion: 'Independence Day' },
  { monthDay: '10-02', occasion: 'Gandhi Jayanti' },
  { monthDay: '12-25', occasion: 'Christmas Day' },
];

/** Festival holidays by year, as notified (Islamic festivals may move by a day with the sighting of the moon). */
const FESTIVALS_BY_YEAR: Readonly<Record<number, readonly { monthDay: string; occasion: string }[]>> = {
  2026: [
    { monthDay: '01-14', occasion: 'Makar Sankranti' },
    { monthDay: '01-23', occasion: 'Vasant Panchami (Saraswati Puja)' },
    { monthDay: '02-15', occasion: 'Maha Shivratri' },
    { monthDay: '03-04', occasion: 'Holi' },
    { monthDay: '03-21', occasion: 'Id-ul-Fitr' },
    { monthDay: '03-26', occasion: 'Ram Navami' },
    { monthDay: '03-31', occasion: 'Mahavir Jayanti' },
    { monthDay: '04-03', occasion: 'Good Friday' },
    { monthDay: '05-01', occasion: 'Buddha Purnima' },
    { monthDay: '05-27', occasion: 'Id-ul-Zuha (Bakrid)' },
    { monthDay: '06-26', occasion: 'Muharram' },
    { monthDay: '08-26', occasion: 'Milad-un-Nabi' },
    { monthDay: '09-04', occasion: 'Janmashtami' },
    { monthDay: '10-19', occasion: 'Durga Puja (Maha Navami)' },
    { monthDay: '10-20', occasion: 'Dussehra (Vijaya Dashami)' },
    { monthDay: '11-08', occasion: 'Diwali' },
    { monthDay: '11-15', occasion: 'Chhath Puja (evening offering)' },
    { monthDay: '11-16', occasion: 'Chhath Puja (morning offering)' },
    { monthDay: '11-24', occasion: 'Guru Nanak Jayanti' },
  ],
};

export interface HolidayYear {
  year: number;
  holidays: Holiday[];
  /** False when this year's festival dates have not been entered yet: only fixed-date holidays are known. */
  festivalsNotified: boolean;
}

export function holidaysOf(year: number): HolidayYear {
  const festivals = FESTIVALS_BY_YEAR[year];
  const entries = [...FIXED_DATE_HOLIDAYS, ...(festivals ?? [])];
  const holidays = entries
    .map((entry) => ({ date: `${year}-${entry.monthDay}`, occasion: entry.occasion }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { year, holidays, festivalsNotified: !!festivals };
}

/** Day of the week of a 'YYYY-MM-DD' date, 0 = Sunday (calendar arithmetic, independent of time zones). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
