import { pageCount, requestedPage } from './paging';

/**
 * One page of a server-paged public list and the HTTP status the page must answer with. The page file
 * sets the status itself: only a page's own frontmatter runs before the answer's head is sent.
 */
export interface PagedList<T> {
  status: 200 | 404 | 500;
  items: T[];
  /** The page asked for (null when ?page is not a whole number from 1). */
  page: number | null;
  pageCount: number;
  /** Rows before this page, for running numbers. */
  offset: number;
  failed: boolean;
  /** ?page asked for a page that does not exist. */
  missingPage: boolean;
}

export async function loadPagedList<T>(
  url: URL,
  load: (limit: number, offset: number) => Promise<{ items: T[]; total: number }>,
  what: string,
): Promise<PagedList<T>> {
  const { page, limit, offset } = requestedPage(url);
  const base = { items: [] as T[], page, pageCount: 1, offset, failed: false, missingPage: false };
  if (page === null) return { ...base, status: 404, missingPage: true };
  try {
    const { items, total } = await load(limit, offset);
    const pages = pageCount(total);
    if (page > pages) return { ...base, status: 404, pageCount: pages, missingPage: true };
    return { ...base, status: 200, items, pageCount: pages };
  } catch (err) {
    console.error(`${what} failed:`, err);
    return { ...base, status: 500, failed: true };
  }
}
