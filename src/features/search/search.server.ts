import { sql, type Expression, type SqlBool } from 'kysely';
import { db, type Db } from '../../server/db';
import { mediaUrl } from '../../server/media';
import { formatDayMonthYear, formatMedium } from '../../lib/format';
import { now } from '../../server/clock';
import { validUntil } from '../../server/cache/dependencies';
import { closesAt, closingMoment, isOpenAt } from '../tender/tender-closing.server';
import { noteNextVisibilityChange, visibilityWhere } from '../../server/lifecycle/visibility';

/**
 * The public site search: finds notices, circulars, office orders, tenders and latest news whose title or
 * description holds every word of the query, newest first, and says on which page each one is listed.
 */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** Per kind, so that a common word in notices cannot crowd the tenders out (five kinds: up to 50 in all). */
export const HITS_PER_KIND = 10;
const MAX_WORDS = 6;
const SNIPPET_LENGTH = 180;

export type SearchKind = 'notice' | 'circular' | 'officeorder' | 'tender' | 'latestnews';

export interface SearchHit {
  id: number;
  title: string;
  snippet: string;
  /** Already formatted for people ('Nov 5, 2026', '05/Nov/2026'); null when the record has none. */
  date: string | null;
  dateLabel: string;
  /** Where the visitor reads it: the list page, or the tender's own page. */
  href: string;
  /** The list it appears in, when href is a details page: 'Active Tenders'. */
  listedIn?: { label: string; href: string };
  documentUrl?: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
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

/** A LIKE pattern matching `word` anywhere, with LIKE's own wildcards (and the escape) taken literally. */
export function containsPattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every word must appear in the title or the description (in either letter case). */
function allWordsIn(words: string[], titleColumn: string, descriptionColumn: string): Expression<SqlBool> {
  const clauses = words.map((word) => {
    const pattern = containsPattern(word);
    return sql<SqlBool>`(lower(${sql.ref(titleColumn)}) like ${pattern} escape '\\' or lower(${sql.ref(descriptionColumn)}) like ${pattern} escape '\\')`;
  });
  return sql<SqlBool>`(${sql.join(clauses, sql` and `)})`;
}

function snippet(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > SNIPPET_LENGTH ? `${clean.slice(0, SNIPPET_LENGTH - 1).trimEnd()}…` : clean;
}

const DOCUMENT_KINDS = [
  { kind: 'notice', table: 'notice', typePath: 'notice', label: 'Notices', listHref: '/notice' },
  { kind: 'circular', table: 'circular', typePath: 'circular', label: 'Circulars', listHref: '/circulars' },
  { kind: 'officeorder', table: 'office_order', typePath: 'officeorder', label: 'Office Orders', listHref: '/officeorder' },
] as const;

async function searchDocuments(database: Db, source: (typeof DOCUMENT_KINDS)[number], words: string[], at: number): Promise<SearchGroup> {
  await noteNextVisibilityChange(source.typePath, at, database);
  // The three document tables share the notice shape (the other two add a department, unused here).
  const table = source.table as 'notice';
  const rows = await database
    .selectFrom(table)
    .leftJoin('media', 'media.id', `${table}.file_media_id`)
    .select([`${table}.id as id`, `${table}.title as title`, `${table}.description as description`, `${table}.issue_date as issueDate`, 'media.sha256 as sha256', 'media.content_type as contentType'])
    .where(allWordsIn(words, `${table}.title`, `${table}.description`))
    // Only what the live list shows: published, in its window, still valid.
    .where(visibilityWhere(source.typePath, `${table}.id`, 'live', at))
    .orderBy(`${table}.issue_date`, 'desc')
    .orderBy(`${table}.id`, 'desc')
    .limit(HITS_PER_KIND + 1)
    .execute();
  return {
    kind: source.kind,
    label: source.label,
    listHref: source.listHref,
    more: rows.length > HITS_PER_KIND,
    hits: rows.slice(0, HITS_PER_KIND).map((row) => ({
      id: row.id,
      title: row.title,
      snippet: snippet(row.description),
      date: row.issueDate ? formatMedium(row.issueDate) : null,
      dateLabel: 'Issue date',
      href: source.listHref,
      documentUrl: row.sha256 && row.contentType ? mediaUrl(row.sha256, row.contentType) : undefined,
    })),
  };
}

async function searchTenders(database: Db, words: string[], at: number): Promise<SearchGroup> {
  await noteNextVisibilityChange('tender', at, database);
  const rows = await database
    .selectFrom('tender')
    .select(['id', 'tender_no', 'tender_title', 'tender_discreption', 'publish_date', closesAt.as('closing')])
    .where(allWordsIn(words, 'tender_title', 'tender_discreption'))
    // Closed tenders are found too (they are listed as closed), but never unpublished ones.
    .where(visibilityWhere('tender', 'tender.id', 'published', at))
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .limit(HITS_PER_KIND + 1)
    .execute();
  return {
    kind: 'tender',
    label: 'Tenders',
    listHref: '/currenttender',
    more: rows.length > HITS_PER_KIND,
    hits: rows.slice(0, HITS_PER_KIND).map((row) => {
      const active = !!row.closing && isOpenAt(row.closing, at);
      // The label says where the tender is listed, which changes when it closes.
      if (active) validUntil(closingMoment(row.closing));
      return {
        id: row.id,
        title: row.tender_no ? `${row.tender_title} (${row.tender_no})` : row.tender_title,
        snippet: snippet(row.tender_discreption),
        date: row.publish_date ? formatDayMonthYear(row.publish_date) : null,
        dateLabel: 'Published',
        href: `/tender-details?id=${row.id}`,
        listedIn: active ? { label: 'Active Tenders', href: '/currenttender' } : { label: 'Un-Active Tenders', href: '/pasttender' },
      };
    }),
  };
}

async function searchLatestNews(database: Db, words: string[], at: number): Promise<SearchGroup> {
  await noteNextVisibilityChange('latest-news', at, database);
  const rows = await database
    .selectFrom('latest_news')
    .select(['id', 'title', 'description', 'created_date'])
    .where(allWordsIn(words, 'title', 'description'))
    .where(visibilityWhere('latest-news', 'latest_news.id', 'live', at))
    .orderBy('created_date', 'desc')
    .orderBy('id', 'desc')
    .limit(HITS_PER_KIND + 1)
    .execute();
  return {
    kind: 'latestnews',
    label: 'Latest News',
    listHref: '/latestnews',
    more: rows.length > HITS_PER_KIND,
    hits: rows.slice(0, HITS_PER_KIND).map((row) => ({
      id: row.id,
      title: row.title,
      snippet: snippet(row.description),
      date: row.created_date ? formatMedium(row.created_date) : null,
      dateLabel: 'Posted',
      href: '/latestnews',
    })),
  };
}

/** `at` is the moment the tenders' open or closed state is judged at: the server's clock by default. */
export async function searchSite(rawQuery: string | null | undefined, database: Db = db(), at: number = now()): Promise<SearchOutcome> {
  const query = normaliseQuery(rawQuery);
  if (query === '') return { status: 'empty' };
  if (query.length < MIN_QUERY_LENGTH) return { status: 'too-short', query };
  const words = [...new Set(query.split(' '))].slice(0, MAX_WORDS);
  const groups = await Promise.all([
    ...DOCUMENT_KINDS.map((source) => searchDocuments(database, source, words, at)),
    searchTenders(database, words, at),
    searchLatestNews(database, words, at),
  ]);
  const found = groups.filter((group) => group.hits.length > 0);
  return { status: 'done', query, groups: found, total: found.reduce((sum, group) => sum + group.hits.length, 0) };
}
