import { translatableFields, type ContentTypeDef } from '../../lib/content-type';
import type { StoredValue } from '../../server/content/records';
import { CONTENT_TYPES } from '../content-types';

/**
 * The content the site search covers, and which of each record's fields it reads: the searched title (as
 * shown in the results) and body. Text is by field key, in whichever language is being indexed (a
 * tender's number, never translated, reads the same in both); a title is '' when it has no text.
 */
export interface SearchSource {
  def: ContentTypeDef;
  /** The fields whose translation makes a record searchable in another language. */
  translatableKeys: readonly string[];
  title: (text: (key: string) => string) => string;
  body: (text: (key: string) => string) => string;
}

/** From the declarations that ask to be searched (their `search`). */
export const SEARCH_SOURCES: readonly SearchSource[] = CONTENT_TYPES.flatMap((def) =>
  def.search ? [{ def, translatableKeys: translatableFields(def).map((field) => field.key), title: def.search.title, body: def.search.body }] : [],
);

export const searchSourceOf = (typePath: string): SearchSource | undefined => SEARCH_SOURCES.find((source) => source.def.path === typePath);

/** A stored value as searchable text: control characters (never meaningful in content) become spaces. */
export const searchableText = (value: StoredValue | undefined): string =>
  String(value ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
