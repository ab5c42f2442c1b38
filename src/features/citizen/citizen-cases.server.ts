import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import type { GrievanceState } from '../grievance/grievance-workflow';
import { findCitizenGrievance, grievanceEvents, listInbox, type GrievanceEvent, type StaffGrievance } from '../grievance/grievance-queries.server';

/**
 * A signed-in citizen's cases, read through the case kernel's reader (grievances are its cases). Everything the
 * citizen pages and API know about where cases live is in this file.
 */
export interface CitizenCase {
  number: string;
  category: string;
  state: GrievanceState;
  lodgedAt: string;
  dueAt: string | null;
  overdue: boolean;
}

/** The most cases a citizen's list shows. */
const MAX_CASES = 500;

/** Every grievance lodged with this mobile number, newest first. */
export async function listCitizenCases(mobile: string, database: Db = db()): Promise<CitizenCase[]> {
  const { rows } = await listInbox({ mobile, sort: 'newest', limit: MAX_CASES, offset: 0 }, now(), database);
  return rows.map((g) => ({ number: g.number, category: g.category, state: g.state, lodgedAt: g.lodgedAt, dueAt: g.dueAt, overdue: g.overdue }));
}

/** One of the citizen's grievances with its timeline; null when the number is not theirs. */
export async function findCitizenCase(mobile: string, number: string, database: Db = db()): Promise<{ grievance: StaffGrievance; events: GrievanceEvent[] } | null> {
  const grievance = await findCitizenGrievance(number, mobile, now(), database);
  if (!grievance) return null;
  return { grievance, events: await grievanceEvents(grievance.id, 'citizen', database) };
}
