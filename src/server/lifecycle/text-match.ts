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

export function textMatchWhere(columns: readonly string[], text: string): Expression<SqlBool> {
  const words = matchWords(text);
  if (words.length === 0 || columns.length === 0) return sql<SqlBool>`1 = 1`;
  const clauses = words.map((word) => {
    const pattern = likePattern(word);
    return sql`(${sql.join(columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`), sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(clauses, sql` and `)})`;
}
