import { object, string, type InferType } from 'yup';
import { text, trimText } from '../shared/schema-helpers';
import { indianMoment } from '../../lib/india-time';

/**
 * An alert banner as admins write it: a level, the words in English (and Hindi if they have them), an
 * optional link, and the window it shows in, written as Indian wall-clock times ('YYYY-MM-DDTHH:mm', what a
 * datetime-local input gives). Browser-safe: the admin form and the API validate with this one schema.
 */
export const ALERT_LEVELS = ['info', 'warning', 'danger'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** What the banner says before the text, so the level is in words and not in colour alone. */
export const LEVEL_LABELS: Record<AlertLevel, string> = { info: 'Information', warning: 'Warning', danger: 'Urgent' };

/** What a datetime-local input gives: a wall-clock time within a day (no '24:00', no seconds). */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/** The instant an Indian wall-clock time names, in milliseconds; NaN for text that names none. */
export const indianLocalToMs = (local: string): number => (LOCAL_TIME.test(local) ? indianMoment(local) : Number.NaN);

function indianTime(label: string) {
  const message = `${label} must be a date and time, such as 2026-12-01T09:00 (Indian time).`;
  return string()
    .transform(trimText)
    .typeError(message)
    .required(`${label} is required.`)
    .test('indian-time', message, (value) => !value || Number.isFinite(indianLocalToMs(value)));
}

/** A path on this site ('/notice') or an http(s) address; never a script: URL or another scheme. */
function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const alertSchema = object({
  level: string()
    .transform(trimText)
    .typeError('Choose a level.')
    .required('Choose a level.')
    .oneOf([...ALERT_LEVELS], 'Choose a level: info, warning or danger.'),
  textEn: text(500).required('The English text is required.'),
  textHi: text(500),
  link: text(500).test('safe-link', 'The link must be a page of this site (/notice) or an address starting with https://.', (value) => !value || isSafeLink(value)),
  startsAt: indianTime('Start'),
  endsAt: indianTime('End').test('after-start', 'The end must be after the start.', function (value) {
    const start = indianLocalToMs(String(this.parent.startsAt ?? ''));
    const end = indianLocalToMs(String(value ?? ''));
    return !Number.isFinite(start) || !Number.isFinite(end) || end > start;
  }),
});

export type AlertInput = InferType<typeof alertSchema>;

/** An alert as the API answers it and the admin screen lists it. */
export interface SiteAlert {
  id: number;
  level: AlertLevel;
  textEn: string;
  textHi: string;
  link: string;
  /** Indian wall-clock times, as the form takes them. */
  startsAt: string;
  endsAt: string;
  /** ISO instant of the last change. */
  updatedAt: string;
}

export const emptyAlert: AlertInput = { level: 'info', textEn: '', textHi: '', link: '', startsAt: '', endsAt: '' };
