/**
 * Server-side paging of the public lists: ?page=N, 20 rows a page. Page 1 has no query string, so each
 * page has one address (and one entry in the page cache).
 */
export const PUBLIC_PAGE_SIZE = 20;

export interface PageRequest {
  /** The page asked for, or null when ?page is not a whole number from 1. */
  page: number | null;
  limit: number;
  offset: number;
}

export function requestedPage(url: URL, pageSize = PUBLIC_PAGE_SIZE): PageRequest {
  const raw = url.searchParams.get('page');
  const page = raw === null ? 1 : /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
  return { page, limit: pageSize, offset: ((page ?? 1) - 1) * pageSize };
}

export function pageCount(total: number, pageSize = PUBLIC_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The address of page n of the list at url, keeping any other query values. */
export function pageHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
