import { boolean, string } from 'yup';
import { indianDayStart } from '../../lib/india-time';

/** A calendar day written as the wire writes it and that exists ('2026-02-28', not '2026-02-31'). */
export const isRealDay = (value: unknown): value is string => typeof value === 'string' && Number.isFinite(indianDayStart(value));

/**
 * Calendar dates travel as 'YYYY-MM-DD'; a full ISO time from an old client is cut to its date. A day that
 * does not exist (31 February, which Date.parse rolls over into March) is refused as not a real date.
 */
export function dateText(message = 'Enter a date as YYYY-MM-DD.') {
  return string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 10) : value))
    .typeError(message)
    .matches(/^$|^\d{4}-\d{2}-\d{2}$/, message)
    .test('real-date', ({ value }) => `${String(value)} is not a real date: that month has no such day.`, (value) => !value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || isRealDay(value));
}

/**
 * Trims text and leaves anything else alone for the type check to refuse: yup's own trim() would call
 * .trim() on an object a client sent and fail with a TypeError instead of a field message.
 */
export const trimText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Free text with a length limit; nothing stored is ever longer than a page can show. */
export function text(max = 500) {
  return string().transform(trimText).typeError('Send this as text.').max(max, `Keep this under ${max} characters.`).default('');
}

export function longText(max = 5000) {
  return text(max);
}

/** 'true', 'Yes', '1', 'on' and true all mean yes, as old clients send any of them. */
export function yesNo() {
  return boolean()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'string' ? ['true', 'yes', '1', 'on'].includes(original.trim().toLowerCase()) : value,
    )
    .typeError('Send yes or no.')
    .default(false);
}
