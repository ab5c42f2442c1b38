import { sql } from 'kysely';
import { db, type Db } from '../../server/db';
import type { Session } from '../../server/auth/session';
import { caseSources } from './case-sources.server';
import { ownServicesOf, servesRole } from './staff-cases-api.server';
import type { AnyService } from './service';
import { waitingStates } from './waiting';

export interface WaitingState {
  state: string;
  words: { en: string; hi: string };
  waiting: number;
  overdue: number;
}

export interface WaitingService {
  service: AnyService;
  states: WaitingState[];
}

/**
 * What waits on a member of staff in every service they serve (as the case inbox lists them): per state in
 * which a case waits on their role, how many cases and how many of them overdue. In a service that assigns
 * cases to their role (a grievance to its officer) they count only the cases assigned to them, as their inbox
 * shows only those; in the others, every case. One grouped query over the kernel's case table, whatever the
 * number of services and states.
 */
export async function waitingCases(session: Session, now: number, database: Db = db()): Promise<WaitingService[]> {
  const role = session.user.role;
  const served = caseSources().filter((source) => servesRole(source, role))
    .map((source) => ({ service: source.service, states: waitingStates(source.service, role) }))
    .filter((entry) => entry.states.length > 0);
  if (served.length === 0) return [];
  const own = new Set(ownServicesOf(role));
  const mine = sql`${sql.ref('assignee_id')} = ${session.user.id}`;
  const pairs = served.flatMap((entry) =>
    entry.states.map((state) => sql`(${sql.ref('service')} = ${entry.service.name} and ${sql.ref('state')} = ${state}${own.has(entry.service.name) ? sql` and ${mine}` : sql``})`),
  );
  const query = database
    .selectFrom('service_case')
    .select(['service', 'state', (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when due_at < ${new Date(now).toISOString()} then 1 else 0 end)`.as('late')])
    .where(sql<boolean>`(${sql.join(pairs, sql` or `)})`)
    .groupBy(['service', 'state']);
  const rows = await query.execute();
  const found = new Map(rows.map((row) => [`${row.service}\u0000${row.state}`, row]));
  return served.map(({ service, states }) => ({
    service,
    states: states.map((state) => {
      const row = found.get(`${service.name}\u0000${state}`);
      const declared = service.states[state] as { en: string; hi: string };
      return { state, words: { en: declared.en, hi: declared.hi }, waiting: Number(row?.n ?? 0), overdue: Number(row?.late ?? 0) };
    }),
  }));
}
