import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a log's rows, newest (highest id) first, and how many rows the query holds in all: what the
 * back office's audit log and outbox screens page through.
 */
export async function newestFirstPage<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id' as never, 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The compiler cannot follow the selection through a query of any table; the count is the one column selected.
  return { rows, total: Number((count as { n: number | string }).n) };
}
