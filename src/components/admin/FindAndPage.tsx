import { useId, useState, type ReactNode } from 'react';

/**
 * A search box and pages over a list the screen already holds (a content type's rows, a few hundred at most):
 * filtered in the browser as the clerk types, then shown `pageSize` at a time. The employee screen was 52
 * cards and 16,669 px tall without it. One component for every back office list.
 */
export interface FindAndPageProps<T> {
  items: readonly T[];
  /** The words a row is found by (its name, designation, title…), joined. */
  textOf: (item: T) => string;
  /** What is listed, for the box's label: 'Search employees'. */
  label: string;
  pageSize?: number;
  children: (shown: readonly T[]) => ReactNode;
}

export const PAGE_SIZE = 20;

/** Case and spacing do not matter; every word typed must occur. */
export function matches(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase('en-IN');
  return query.toLocaleLowerCase('en-IN').split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

export default function FindAndPage<T>({ items, textOf, label, pageSize = PAGE_SIZE, children }: FindAndPageProps<T>) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const found = query.trim() ? items.filter((item) => matches(textOf(item), query)) : items;
  const pages = Math.max(1, Math.ceil(found.length / pageSize));
  // A delete or a narrower search may leave the page past the end.
  const current = Math.min(page, pages);
  const first = (current - 1) * pageSize;
  const shown = found.slice(first, first + pageSize);
  const go = (next: number) => setPage(Math.min(Math.max(next, 1), pages));

  return (
    <>
      <div className="find-and-page" role="search">
        <label htmlFor={`${id}-q`}>{label}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          autoComplete="off"
          maxLength={200}
          onChange={(event) => { setQuery(event.target.value); setPage(1); }}
        />
      </div>
      <p className="muted find-count" role="status" aria-live="polite">
        {found.length === 0
          ? `Nothing matches “${query.trim()}”.`
          : `Showing ${first + 1}–${first + shown.length} of ${found.length}${found.length < items.length ? ` found (${items.length} in all)` : ''}.`}
      </p>
      {shown.length > 0 && children(shown)}
      {pages > 1 && (
        <nav className="pager" aria-label={`Pages of ${label.replace(/^Search /, '')}`}>
          <button type="button" className="btn btn-small" disabled={current === 1} onClick={() => go(current - 1)}>Previous</button>
          <span aria-current="page">Page {current} of {pages}</span>
          <button type="button" className="btn btn-small" disabled={current === pages} onClick={() => go(current + 1)}>Next</button>
        </nav>
      )}
    </>
  );
}
