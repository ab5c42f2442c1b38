import { wordFor, type Messages } from '../../i18n/messages';

/** Refusals worded with a number in them (streamed-form.ts), which no fixed catalogue entry can match. */
const PHOTO_TOO_LARGE = /^Photo (\d+) is larger than ([\d.]+) (MB|megapixels)\.$/;
const FORM_TOO_LARGE = /^The request is larger than the ([\d.]+) MB allowed here\.$/;

/** A refusal in the page's language, or undefined when the catalogue does not know it. */
function translated(t: Messages['grievance'], message: string): string | undefined {
  const known = t.refusals[message];
  if (known !== undefined) return known;
  const photo = PHOTO_TOO_LARGE.exec(message);
  if (photo) return t.photoTooLarge(Number(photo[1]), photo[2], wordFor(t.units, photo[3]) ?? photo[3]);
  const form = FORM_TOO_LARGE.exec(message);
  if (form) return t.formTooLarge(form[1]);
  return undefined;
}

/**
 * A refusal's message in the page's language. The checks (grievance.schema.ts, the workflow, the limits) speak
 * English, which the JSON API and Open311 answer; the public pages look each message up in the catalogue's
 * `grievance.refusals` (or its worded patterns). A message the catalogue lacks is shown as sent and said to be
 * English.
 */
export function refusalText(t: Messages['grievance'], message: string): { text: string; lang?: 'en' } {
  const text = translated(t, message);
  if (text !== undefined) return { text };
  return { text: message, lang: Object.keys(t.refusals).length > 0 ? 'en' : undefined };
}

/** Every field's message in the page's language. */
export function refusalTexts(t: Messages['grievance'], errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translated(t, message) ?? message]));
}

/** Where a citizen's refused field is on the tracking pages, for the error summary's links (CitizenCaseView.astro). */
export function citizenFieldId(field: string): string {
  return ({ rating: 'rating-choices', note: 'reopen-note' } as Record<string, string>)[field] ?? field;
}
