import { sql, type Expression, type SqlBool } from 'kysely';
import { db, type Db } from '../../server/db';
import { parseMobile } from './property-tax.server';

/**
 * Finding a property on the register by its holder's name, its mobile or words of its address, for the staff
 * who may see the register. Every search is one query that stops at a page and one row more: a full mobile
 * goes through the mobile's index, anything else is matched row by row but never past that page, and pages
 * stop at MAX_PAGE, so no search (nor a burst of identical ones) reads the register into memory.
 */
export const PAGE_SIZE = 25;
export const MAX_PAGE = 40;
/** A query longer than this, or of more words, is not a name or an address someone typed. */
export const MAX_QUERY = 100;
const MAX_WORDS = 6;
/** Fewer digits than this match too many mobiles to be worth a page. */
export const MIN_MOBILE_DIGITS = 4;

export type SearchTerms =
  | { kind: 'mobile'; mobile: string }
  | { kind: 'mobile-end'; digits: string }
  | { kind: 'words'; words: string[] };

export type SearchRefusal = 'tooLong' | 'tooFewDigits';

/**
 * What a search box's text asks for: ten digits (with +91 or 0 in front, spaces or dashes between) are a
 * mobile; 4 to 9 digits the end of one; anything else words, each of which must be in the holder's name, the
 * address or the property number, in any case. Text is put in Unicode's composed form, so a Hindi name typed
 * on one keyboard finds the same name stored from another.
 */
export function searchTerms(raw: string): SearchTerms | SearchRefusal | null {
  const text = raw.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  if ([...text].length > MAX_QUERY) return 'tooLong';
  const mobile = parseMobile(text);
  if (mobile) return { kind: 'mobile', mobile };
  const digits = text.replace(/[\s-]/g, '');
  if (/^\+?\d+$/.test(digits)) {
    if (digits.length < MIN_MOBILE_DIGITS) return 'tooFewDigits';
    // The last digits of a mobile: the most anyone reads out is ten, and a longer run is no mobile at all.
    return { kind: 'mobile-end', digits: digits.replace(/^\+/, '').slice(-10) };
  }
  return { kind: 'words', words: [...new Set(text.split(' '))].slice(0, MAX_WORDS) };
}

export interface PropertyHit {
  number: string;
  ward: string;
  holderName: string;
  address: string;
  mobile: string;
}

/** LIKE's own characters taken literally, with '!' as the escape (one spelling both engines read alike). */
const likeText = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);
/** Lower case of the ASCII letters only: what SQLite's lower() does, so both engines match the same rows. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (column: 'holder_name' | 'address' | 'number', word: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(`property.${column}`)}) like ${`%${likeText(asciiLower(word))}%`} escape '!'`;

/** One page of the properties the terms find, in property number order, and whether another page follows. */
export async function searchProperties(terms: SearchTerms, page: number, database: Db = db()): Promise<{ hits: PropertyHit[]; more: boolean }> {
  let query = database.selectFrom('property').select(['number', 'ward', 'holder_name', 'address', 'mobile']);
  if (terms.kind === 'mobile') query = query.where('mobile', '=', terms.mobile);
  else if (terms.kind === 'mobile-end') query = query.where(sql<SqlBool>`${sql.ref('property.mobile')} like ${`%${likeText(terms.digits)}`} escape '!'`);
  else for (const word of terms.words) query = query.where((eb) => eb.or([contains('holder_name', word), contains('address', word), contains('number', word)]));
  const rows = await query
    .orderBy('number')
    .limit(PAGE_SIZE + 1)
    .offset((Math.min(Math.max(page, 1), MAX_PAGE) - 1) * PAGE_SIZE)
    .execute();
  return {
    hits: rows.slice(0, PAGE_SIZE).map((r) => ({ number: r.number, ward: r.ward, holderName: r.holder_name, address: r.address, mobile: r.mobile })),
    more: rows.length > PAGE_SIZE && page < MAX_PAGE,
  };
}

/** What the register page's search shows: the text as typed, and its hits or why it was refused. */
export interface RegisterSearch {
  typed: string;
  page: number;
  asked: boolean;
  refusal: { key: SearchRefusal | 'pastEnd'; limit: number } | null;
  hits: PropertyHit[];
  more: boolean;
}

/** The search a register page's address asks for (?q=, ?page=); the page answers 400 when it is refused. */
export async function registerSearchOf(params: URLSearchParams, database: Db = db()): Promise<RegisterSearch> {
  const typed = params.get('q') ?? '';
  const page = /^\d{1,6}$/.test(params.get('page') ?? '') ? Math.max(1, Number(params.get('page'))) : 1;
  const terms = searchTerms(typed);
  const answer: RegisterSearch = { typed, page, asked: terms !== null, refusal: null, hits: [], more: false };
  if (terms === 'tooLong') answer.refusal = { key: terms, limit: MAX_QUERY };
  else if (terms === 'tooFewDigits') answer.refusal = { key: terms, limit: MIN_MOBILE_DIGITS };
  else if (terms && page > MAX_PAGE) answer.refusal = { key: 'pastEnd', limit: MAX_PAGE };
  else if (terms) Object.assign(answer, await searchProperties(terms, page, database));
  return answer;
}
