/** The audit log's filters (src/pages/audit.astro): who acted and between which days, in India time. */
export const auditLog = {
  person: 'Who',
  anyone: 'Anyone',
  from: 'From (dd/mm/yyyy)',
  to: 'To (dd/mm/yyyy)',
  datesHint: 'Days in India time; both ends included.',
  badFrom: 'The “from” day is not a date: enter it as dd/mm/yyyy, for example 01/11/2026.',
  badTo: 'The “to” day is not a date: enter it as dd/mm/yyyy, for example 30/11/2026.',
  backwards: 'The “from” day is after the “to” day: swap them or correct one.',
  fixDates: 'Nothing is listed until the days are corrected.',
  none: 'No change matches these filters.',
  clear: 'Clear the filters',
};
