import type { ContentTypeDef } from '../../lib/content-type';
import type { ColumnOf, TableName } from '../db-schema';
import type { SearchListingOf } from './search-view';
import type { FeedItem } from '../../lib/feed-item';
import type { Lang } from '../../i18n/lang';

/**
 * Where a content type keeps its records: the table, the column behind each field and file slot of its
 * declaration, and its order. Server-only, so that no table or column name reaches a browser bundle; typed
 * against the table shapes in db-schema.ts, so a misspelt column does not compile. The declaration in
 * <type>.schema.ts says everything else (wire names, labels, messages) and stays browser-safe.
 */
export interface ContentStorage<T extends TableName> {
  table: T;
  /** Per field key of the declaration, its column. */
  columns: Readonly<Record<string, ColumnOf<T>>>;
  /** Per file slot key of the declaration, its media id column. */
  files: Readonly<Record<string, ColumnOf<T>>>;
  /** Newest first by this column (then by id). */
  orderBy: ColumnOf<T>;
}

/** A content type's storage, whichever its table. */
export type AnyContentStorage = { [T in TableName]: ContentStorage<T> }[TableName];

/** What a type shows the public its own way, where the declaration's usual rule would not do. */
export interface PublicListingHooks {
  /** Which list a found record appears in, for a searched type whose records move between lists (see search-view.ts). */
  searchListing?: SearchListingOf;
  /** The newest items of the type's feed in `lang`, for a feed that is not its live records (open tenders only). */
  feedItems?: (lang: Lang, limit: number) => Promise<FeedItem[]>;
}

/** Pairs a declaration with its storage; the compiler checks the columns belong to the table. */
export function contentStorage<T extends TableName>(def: ContentTypeDef, storage: ContentStorage<T>, hooks: PublicListingHooks = {}): StoredContentType {
  return { def, storage: storage as AnyContentStorage, ...hooks };
}

/** A storage's columns by field key, and its media id columns by file slot key, as plain names. */
export const columnsOf = (storage: AnyContentStorage): Readonly<Record<string, string>> => storage.columns;
export const fileColumnsOf = (storage: AnyContentStorage): Readonly<Record<string, string>> => storage.files;

export interface StoredContentType extends PublicListingHooks {
  def: ContentTypeDef;
  storage: AnyContentStorage;
}
