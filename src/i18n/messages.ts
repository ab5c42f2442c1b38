import type { Lang } from './lang';
import { en } from './messages/en/index';
import { hi } from './messages/hi/index';

/** A catalogue's shape with its texts widened to string, so each language fills the same keys with its own words. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { [K in keyof T]: Widen<T[K]> };

export type Messages = Widen<typeof en>;

const CATALOGUES: Readonly<Record<Lang, Messages>> = { en, hi };

/** The interface text of a page in `lang`: `messages(Astro.locals.lang).frame.skipToContent`. */
export function messages(lang: Lang): Messages {
  return CATALOGUES[lang];
}

/**
 * The words a catalogue table has for a code that arrives as data (a content type's path, a list's code),
 * or undefined when it has none: tests hold every declared code to having words in both languages.
 */
export function wordFor(table: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(table, code) ? table[code] : undefined;
}
