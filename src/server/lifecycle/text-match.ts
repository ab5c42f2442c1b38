import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * A plain text filter for the archive pages: every word of `text` must appear, in either letter case, in one
 * of the columns. LIKE with its wildcards taken literally, so it runs the same on SQLite and PostgreSQL.
 */
export const MAX_MATCH_WORDS = 6;
export const MAX_MATCH_LENGTH = 100;

export function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function matchWords(text: string): string[] {
  return [...new Set(text.replace(/\s+/g, ' ').trim().slice(0, MAX_MATCH_LENGTH).split(' ').filter(Boolean))].slice(0, MAX_MATCH_WORDS);
}

/**
 * Where a word may be found besides the English columns: the stored translations of the same fields, so a
 * search on a Hindi page finds the Hindi text people see there.
 */
export interface TranslatedMatch {
  typePath: string;
  /** The record's id column, as `table.id`. */
  idColumn: string;
  fieldKeys: readonly string[];
  lang: string;
}

export function textMatchWhere(columns: readonly string[], text: string, translated?: TranslatedMatch): Expression<SqlBool> {
  const words = matchWords(text);
  if (words.length === 0 || columns.length === 0) return sql<SqlBool>`1 = 1`;
  const clauses = words.map((word) => {
    const pattern = likePattern(word);
    const places = columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
    if (translated) {
      places.push(sql`${sql.ref(translated.idColumn)} in (select record_id from content_translation where type_path = ${translated.typePath}
        and lang = ${translated.lang} and field_key in (${sql.join(translated.fieldKeys.map((key) => sql`${key}`))}) and lower(text) like ${pattern} escape '\\')`);
    }
    return sql`(${sql.join(places, sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(clauses, sql` and `)})`;
}
