/**
 * The text side of the site search, the same for both database engines: turning what a visitor typed into
 * plain search terms (so no character of it can reach a query language as an operator), and marking those
 * terms in the titles and snippets shown (HTML-escaped, with no markup but our own <mark>).
 */
export const MAX_TERMS = 6;
export const SNIPPET_LENGTH = 180;

/**
 * A word as the indexes see one: letters, digits and combining marks (Devanagari's vowel signs and virama
 * are marks; without them पानी would fall apart into प and न). Everything else separates words.
 */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** Latin accents are ignored by the SQLite index (remove_diacritics); compare words the same way. */
function fold(word: string): string {
  return word.normalize('NFD').replace(/(\p{Script=Latin})\p{M}+/gu, '$1').toLowerCase().normalize('NFC');
}

/** The distinct words of a query, folded, at most MAX_TERMS; quotes, operators and punctuation are dropped. */
export function searchTerms(query: string): string[] {
  const words = (query.match(WORD) ?? []).map(fold);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** An FTS5 MATCH expression: every term, each as a quoted prefix ("tax"* finds taxes). */
export function ftsMatchExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(' AND ');
}

/** A PostgreSQL tsquery in to_tsquery's syntax: every term, each as a quoted prefix. */
export function tsQueryText(terms: readonly string[]): string {
  return terms.map((term) => `'${term}':*`).join(' & ');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const matchesTerm = (word: string, terms: readonly string[]) => {
  const folded = fold(word);
  return terms.some((term) => folded.startsWith(term));
};

/** The text as HTML, each word that a term begins wrapped in <mark>. */
export function highlightHtml(text: string, terms: readonly string[]): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    html += escapeHtml(text.slice(last, start));
    html += matchesTerm(match[0], terms) ? `<mark>${escapeHtml(match[0])}</mark>` : escapeHtml(match[0]);
    last = start + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * Up to `length` characters of the text around its first matching word (whitespace tidied, cut at word
 * boundaries, '…' where cut), as highlighted HTML.
 */
export function snippetHtml(raw: string | null | undefined, terms: readonly string[], length = SNIPPET_LENGTH): string {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= length) return highlightHtml(text, terms);
  let first = 0;
  for (const match of text.matchAll(WORD)) {
    if (matchesTerm(match[0], terms)) {
      first = match.index ?? 0;
      break;
    }
  }
  // A little of what comes before the match, so it reads in context.
  let start = Math.max(0, Math.min(first - 40, text.length - length));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(text.length, start + length - 2);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  const cut = text.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${highlightHtml(cut, terms)}${end < text.length ? '…' : ''}`;
}
