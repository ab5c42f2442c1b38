import type { Lang } from '../../i18n/lang';
import { storedNameKey } from '../../i18n/stored-names';
import { db, type Db } from '../../server/db';
import { categoryName } from './category-name';

export type CategoryNamer = (title: string) => { text: string; english: boolean };

/** The Hindi names admins gave categories, by the English title's key (storedNameKey). */
export async function readCategoryHindiNames(database: Db = db()): Promise<Map<string, string>> {
  const rows = await database.selectFrom('grievance_type').select(['grievance_title', 'name_hi']).where('name_hi', 'is not', null).execute();
  return new Map(rows.filter((r) => r.name_hi).map((r) => [storedNameKey(r.grievance_title), r.name_hi!]));
}

/** One read per request, shared by every name on the page; keyed by the request's locals. */
const perRequest = new WeakMap<object, Promise<Map<string, string>>>();

/**
 * How a page of the request's language names categories. English pages read nothing. The read runs inside
 * the page's render, so the page cache learns the page depends on grievance_type and a new Hindi name shows
 * at once.
 */
export async function categoryNamesFor(locals: { lang: Lang }): Promise<CategoryNamer> {
  const lang = locals.lang;
  if (lang === 'en') return (title) => categoryName(lang, title);
  let own = perRequest.get(locals);
  if (!own) perRequest.set(locals, (own = readCategoryHindiNames()));
  const names = await own;
  return (title) => categoryName(lang, title, names);
}
