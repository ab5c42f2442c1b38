import type { Messages } from '../../i18n/messages';

/**
 * A refusal's message in the page's language. The checks (grievance.schema.ts, the workflow, the limits) speak
 * English, which the JSON API and Open311 answer; the public pages look each message up in the catalogue's
 * `grievance.refusals`. A message the catalogue lacks is shown as sent and said to be English.
 */
export function refusalText(t: Messages['grievance'], message: string): { text: string; lang?: 'en' } {
  const translated = t.refusals[message];
  if (translated !== undefined) return { text: translated };
  return { text: message, lang: Object.keys(t.refusals).length > 0 ? 'en' : undefined };
}

/** Every field's message in the page's language. */
export function refusalTexts(t: Messages['grievance'], errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, t.refusals[message] ?? message]));
}
