import { boolean, string } from 'yup';

/** Calendar dates travel as 'YYYY-MM-DD'; a full ISO time from an old client is cut to its date. */
export function dateText(message = 'Enter a date as YYYY-MM-DD.') {
  return string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 10) : value))
    .typeError(message)
    .matches(/^$|^\d{4}-\d{2}-\d{2}$/, message)
    .test('real-date', message, (value) => !value || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
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
