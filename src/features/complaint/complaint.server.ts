import { db, type Db } from '../../server/db';

/** Complaints per status, for the home page panel and the dashboards. Rows without a status are not counted. */
export async function countComplaintsByStatus(database: Db = db()): Promise<Record<string, number>> {
  const rows = await database
    .selectFrom('complaint')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '<>', '')
    .groupBy('status')
    .orderBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
