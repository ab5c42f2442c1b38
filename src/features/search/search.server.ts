import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { searchResultView, type SearchResultDetails, type SearchResultView } from '../../server/content/search-view';
import { STORED_CONTENT_TYPES } from '../content-storage.server';
import { ftsMatchExpression, highlightHtml, searchTerms, snippetHtml, tsQueryText } from './search-text';
import { noteNextVisibilityChange, visibilityWhere } from '../../server/lifecycle/visibility';

/**
 * The public site search: full-text search over notices, circulars, office orders, tenders, latest news and
 * press releases, in their English and Hindi text alike. Every word typed must be found (as a word or the
 * start of one); results are ranked by the engine (bm25 on SQLite, ts_rank on PostgreSQL, the title
 * weighing more than the body), grouped by kind, with the matched words marked.
 */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** Per kind, so that a common word in notices cannot crowd the tenders out. */
export const HITS_PER_KIND = 10;

/** A kind of result: the searched content type's path ('notice', 'latest-news'); the page words it by this code. */
export type SearchKind = string;
/** The list a hit appears in: its type's path, or a listing's code (a tender's 'active-tender', 'past-tender'). */
export type SearchList = string;

export interface SearchHit extends SearchResultDetails {
  id: number;
  /** Plain text, for labels. */
  title: string;
  /** HTML: the title escaped, the matched words in <mark>. */
  titleHtml: string;
  /** HTML: part of the body around the first match, escaped, matches in <mark>; '' when there is no body. */
  snippetHtml: string;
  /** The language of the text that matched (the snippet's). */
  lang: 'en' | 'hi';
  /** The title's language: the English title stands in when a Hindi entry has no Hindi title. */
  titleLang: 'en' | 'hi';
}

export interface SearchGroup {
  kind: SearchKind;
  listHref: string;
  hits: SearchHit[];
  /** More matched than are shown. */
  more: boolean;
}

export type SearchOutcome =
  | { status: 'empty' }
  | { status: 'too-short'; query: string }
  | { status: 'done'; query: string; groups: SearchGroup[]; total: number };

/** The query as typed, tidied: whitespace collapsed, cut to a sane length. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** The result view of every searched type, from its declaration and storage, in the declarations' order. */
const VIEWS: readonly SearchResultView[] = STORED_CONTENT_TYPES.filter((type) => type.def.search).map(searchResultView);
const KINDS: readonly SearchKind[] = VIEWS.map((view) => view.def.path);

/**
 * The one place the search decides visibility: what each kind's public list shows at the moment `at`, by
 * the content lifecycle's rule (a search kind is its type's API path). Tenders are found once closed too,
 * as the Un-Active list shows them; everything else only while live.
 */
function publicNowRule(kind: SearchKind, at: number): Expression<SqlBool> {
  return visibilityWhere(kind, 'e.record_id', kind === 'tender' ? 'published' : 'live', at);
}

/** The entries' condition for public visibility, every kind by its own rule. */
function onlyPublicNow(at: number) {
  const rules = KINDS.map((kind) => sql<SqlBool>`(e.type_path <> ${kind} or ${publicNowRule(kind, at)})`);
  return sql`and ${sql.join(rules, sql` and `)}`;
}

/** The search page stops being true when any kind's visibility next changes (a scheduled item appears). */
async function noteNextChanges(database: Db, at: number): Promise<void> {
  for (const kind of KINDS) await noteNextVisibilityChange(kind, at, database);
}

interface MatchedEntry {
  type_path: SearchKind;
  record_id: number;
  lang: 'en' | 'hi';
  title: string;
  title_lang: 'en' | 'hi';
  body: string;
}

/** Room for a record's English and Hindi entries both to be among the best, plus one to tell there are more. */
const ENTRIES_PER_KIND = 2 * (HITS_PER_KIND + 1);

/**
 * The best entries of each kind, best first: one pass over the full-text index for all kinds, ranked by the
 * engine (higher score is better on both), cut per kind with a window function.
 */
async function matchEntries(database: Db, terms: string[], at: number): Promise<MatchedEntry[]> {
  const postgres = database.getExecutor().adapter instanceof PostgresAdapter;
  // The engine's part yields only entry ids and scores: the cheapest rows to rank by the thousand.
  const matched = postgres
    ? sql`select e.id, ts_rank(e.search_vector, q) as score
          from search_entry e, to_tsquery('simple', ${tsQueryText(terms)}) q
          where e.search_vector @@ q ${onlyPublicNow(at)}`
    : sql`select e.id, -bm25(search_fts, 10.0, 1.0) as score
          from search_fts join search_entry e on e.id = search_fts.rowid
          where search_fts match ${ftsMatchExpression(terms)} ${onlyPublicNow(at)}`;
  const { rows } = await sql<MatchedEntry>`
    with matched as materialized (${matched}),
    ranked as (
      select m.id, e.type_path, row_number() over (partition by e.type_path order by m.score desc, m.id desc) as place
      from matched m join search_entry e on e.id = m.id)
    select e.type_path, e.record_id, e.lang, e.body,
      case when e.title = '' then en.title else e.title end as title,
      case when e.title = '' then 'en' else e.lang end as title_lang
    from ranked join search_entry e on e.id = ranked.id
    left join search_entry en on en.type_path = e.type_path and en.record_id = e.record_id and en.lang = 'en'
    where ranked.place <= ${ENTRIES_PER_KIND}
    order by e.type_path, ranked.place`.execute(database);
  return rows;
}

/** Per kind, each record once (its best entry), best first. */
function bestPerRecord(entries: MatchedEntry[]): Map<SearchKind, MatchedEntry[]> {
  const byKind = new Map<SearchKind, MatchedEntry[]>();
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = `${entry.type_path}:${entry.record_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    byKind.set(entry.type_path, [...(byKind.get(entry.type_path) ?? []), entry]);
  }
  return byKind;
}

/** The searched kinds' paths, for the tests that hold them to the declarations. */
export const searchedKinds = (): readonly SearchKind[] => KINDS;

/** `at` is the moment the tenders' open or closed state is judged at: the server's clock by default. */
export async function searchSite(rawQuery: string | null | undefined, database: Db = db(), at: number = now()): Promise<SearchOutcome> {
  const query = normaliseQuery(rawQuery);
  if (query === '') return { status: 'empty' };
  if (query.length < MIN_QUERY_LENGTH) return { status: 'too-short', query };
  const terms = searchTerms(query);
  // Nothing searchable typed (only punctuation, say): nothing can match.
  if (terms.length === 0) return { status: 'done', query, groups: [], total: 0 };
  await noteNextChanges(database, at);
  const byKind = bestPerRecord(await matchEntries(database, terms, at));
  const groups: SearchGroup[] = [];
  for (const view of VIEWS) {
    const found = byKind.get(view.def.path) ?? [];
    if (found.length === 0) continue;
    const shown = found.slice(0, HITS_PER_KIND);
    const details = await view.details(database, shown.map((entry) => entry.record_id), at);
    const hits = shown.flatMap((entry) => {
      const detail = details.get(entry.record_id);
      if (!detail) return [];
      return [{
        id: entry.record_id,
        title: entry.title ?? '',
        titleHtml: highlightHtml(entry.title ?? '', terms),
        titleLang: entry.title_lang,
        snippetHtml: snippetHtml(entry.body, terms),
        lang: entry.lang,
        ...detail,
      }];
    });
    groups.push({ kind: view.def.path, listHref: view.listHref, hits, more: found.length > HITS_PER_KIND });
  }
  return { status: 'done', query, groups, total: groups.reduce((sum, group) => sum + group.hits.length, 0) };
}
