import { sql } from 'kysely';
import type { ContentTypeDef, SearchDateKind } from '../../lib/content-type';
import type { Db } from '../db';
import { mediaUrl } from '../media';
import type { StoredContentType } from './storage';

/**
 * What the site search shows of a record it found, beside the matched text: its date, where it is read,
 * the list it appears in and its document. Derived from the type's declaration (its `search` part says which
 * field is the date, which page opens and which file slot is the document) and its storage (where those
 * are); a type whose results belong to one list or another by state (a tender: open or closed) adds its
 * `searchListing` to its storage.
 */
export interface SearchResultDetails {
  /** The record's date as stored ('YYYY-MM-DD' or an ISO instant), for the page to word; null when it has none. */
  date: string | null;
  dateKind: SearchDateKind;
  /** Where the visitor reads it: the list page, or the item's own page. */
  href: string;
  /** The list it appears in, when href is the item's own page: by code (a type's path, or its listing's). */
  listedIn?: SearchListing;
  documentUrl?: string;
}

export interface SearchListing {
  list: string;
  href: string;
}

/** Which list each found record appears in, for a type whose records move between lists. */
export type SearchListingOf = (database: Db, ids: readonly number[], at: number) => Promise<Map<number, SearchListing>>;

export interface SearchResultView {
  def: ContentTypeDef;
  /** Where "more results" points: the type's public list. */
  listHref: string;
  details: (database: Db, ids: readonly number[], at: number) => Promise<Map<number, SearchResultDetails>>;
}

const hrefOf = (def: ContentTypeDef, id: number): string => {
  const opens = def.search!.opens;
  if (typeof opens === 'function') return opens(id);
  return opens === 'item' ? `${def.publicRoute}/${id}` : def.publicRoute;
};

/** The result view of a searched type, from its declaration and storage. */
export function searchResultView({ def, storage, searchListing }: StoredContentType): SearchResultView {
  const search = def.search;
  if (!search) throw new Error(`The content type ${def.path} is not searched.`);
  const dateColumn = search.date.field ? storage.columns[search.date.field] : 'created_date';
  const documentColumn = search.document ? storage.files[search.document] : undefined;
  if (!dateColumn || (search.document && !documentColumn)) throw new Error(`The search of ${def.path} names a field or file slot its storage lacks.`);
  const ownList: SearchListing | undefined = search.opens === 'list' ? undefined : { list: def.path, href: def.publicRoute };
  return {
    def,
    listHref: def.publicRoute,
    details: async (database, ids, at) => {
      if (ids.length === 0) return new Map();
      // Table and columns come from the storage declaration, never from a request.
      const rows = (await sql<{ id: number; date: string | null; sha256: string | null; content_type: string | null }>`
        select t.id, ${sql.ref(`t.${dateColumn}`)} as date,
          ${documentColumn ? sql`m.sha256, m.content_type` : sql`null as sha256, null as content_type`}
        from ${sql.table(storage.table)} t
        ${documentColumn ? sql`left join media m on m.id = ${sql.ref(`t.${documentColumn}`)}` : sql``}
        where t.id in (${sql.join([...ids])})`.execute(database)).rows;
      const listings = searchListing ? await searchListing(database, ids, at) : undefined;
      return new Map(rows.map((row) => [Number(row.id), {
        date: row.date || null,
        dateKind: search.date.kind,
        href: hrefOf(def, Number(row.id)),
        listedIn: listings ? listings.get(Number(row.id)) : ownList,
        documentUrl: row.sha256 && row.content_type ? mediaUrl(row.sha256, row.content_type) : undefined,
      }]));
    },
  };
}
