import { contentTypes } from '../../server/content/registry';
import { db, type Db } from '../../server/db';

/**
 * An editor's own content as the review queue sorts it (src/server/lifecycle/review-queue.ts): drafts and
 * items sent back, theirs to finish or answer; and items in review, waiting on an admin. One grouped query.
 */
export async function ownItemCounts(authorId: number, database: Db = db()): Promise<{ toFinish: number; inReview: number }> {
  const rows = await database
    .selectFrom('content_state')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('author_id', '=', authorId)
    .where('state', 'in', ['draft', 'sent_back', 'in_review'])
    .where('content_type', 'in', contentTypes().map((def) => def.path))
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  return { toFinish: of('draft') + of('sent_back'), inReview: of('in_review') };
}
