import { HttpError } from '../../server/http';

/**
 * A Hindi name as typed: trimmed, spaces collapsed; empty means "none" (null). It must hold some Devanagari
 * (the point of the field) but may mix in digits, punctuation or a Latin abbreviation; control characters
 * and over-long names are refused. One rule for every Hindi name staff give (categories, departments…).
 */
export function checkHindiName(raw: string, max: number): string | null {
  const name = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (name === '') return null;
  const refuse = (message: string) => new HttpError(400, message, { nameHi: message });
  if ([...name].length > max) throw refuse(`The Hindi name is at most ${max} characters.`);
  if (/\p{Cc}/u.test(name)) throw refuse('The Hindi name may not contain control characters.');
  if (!/[\u0900-\u097F\uA8E0-\uA8FF]/u.test(name)) throw refuse('Write the Hindi name in Devanagari script.');
  return name;
}
