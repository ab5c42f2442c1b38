import { sql } from 'kysely';
import { db } from '../../server/db';
import { now, todayInIndia } from '../../server/clock';
import type { CouncilHealth } from '../../server/councils/health';
import { GRIEVANCE } from '../grievance/grievance.service';
import { collectionBesideDayBefore } from '../payments/collection-days.server';

/**
 * A council's health for the state console, read in its context: five small queries on its own database, each
 * an aggregate over an indexed column or a one-row table (table versions, admins), none reading content.
 */
export async function readCouncilHealth(): Promise<CouncilHealth> {
  const database = db();
  const at = new Date(now()).toISOString();
  const [changed, overdue, failed, collection, admin] = await Promise.all([
    database.selectFrom('table_version').select((eb) => eb.fn.max('changed_at').as('newest')).executeTakeFirst(),
    database
      .selectFrom('service_case')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('service', '=', GRIEVANCE.name)
      .where('state', 'in', [...GRIEVANCE.openStates])
      .where('due_at', '<', at)
      .executeTakeFirstOrThrow(),
    database.selectFrom('outbox_message').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').executeTakeFirstOrThrow(),
    collectionBesideDayBefore(todayInIndia(), database),
    database.selectFrom('app_user').select(sql<string | null>`max(last_signed_in_at)`.as('at')).where('role', '=', 'admin').executeTakeFirst(),
  ]);
  return {
    lastContentChange: changed?.newest ?? null,
    overdueGrievances: Number(overdue.n),
    failedMessages: Number(failed.n),
    collectedToday: { receipts: collection.today.receipts, paise: collection.today.paise },
    adminLastSignIn: admin?.at ?? null,
  };
}
