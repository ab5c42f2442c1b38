import type { Lang } from './lang';
import { messages } from './messages';
import { refusals as english } from './messages/en/refusals';

/**
 * The public forms' refusals. The checks answer in English, by code (`REFUSAL.chooseWard`), as the JSON API
 * and Open311 do; a page finds the code of a sentence it was answered and shows its own language's words.
 */
export const REFUSAL = english;

type SentenceCode = { [K in keyof typeof english]: (typeof english)[K] extends string ? K : never }[keyof typeof english];

const CODE_OF_SENTENCE: ReadonlyMap<string, SentenceCode> = new Map(
  (Object.keys(english) as (keyof typeof english)[]).flatMap((code) => {
    const sentence = english[code];
    return typeof sentence === 'string' ? [[sentence, code as SentenceCode]] : [];
  }),
);

/** Refusals worded with a number in them (streamed-form.ts), which no fixed sentence can match. */
const PHOTO_TOO_LARGE = /^Photo (\d+) is larger than ([\d.]+) (MB|megapixels)\.$/;
const FORM_TOO_LARGE = /^The request is larger than the ([\d.]+) MB allowed here\.$/;

/** A refusal in `lang`, or undefined when it is none of the known ones. */
export function translatedRefusal(lang: Lang, message: string): string | undefined {
  const words = messages(lang).refusals;
  const code = CODE_OF_SENTENCE.get(message);
  if (code !== undefined) return words[code];
  const photo = PHOTO_TOO_LARGE.exec(message);
  if (photo) return words.photoTooLarge(Number(photo[1]), photo[2], photo[3] === 'MB' ? words.units.MB : words.units.megapixels);
  const form = FORM_TOO_LARGE.exec(message);
  if (form) return words.formTooLarge(form[1]);
  return undefined;
}

/**
 * A refusal's message in the page's language. A message no catalogue knows (a check's words not yet
 * translated) is shown as sent, and said to be English on pages in another language.
 */
export function refusalText(lang: Lang, message: string): { text: string; lang?: 'en' } {
  const text = translatedRefusal(lang, message);
  if (text !== undefined) return { text };
  return { text: message, lang: lang === 'en' ? undefined : 'en' };
}

/** Every field's message in the page's language. */
export function refusalTexts(lang: Lang, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translatedRefusal(lang, message) ?? message]));
}
