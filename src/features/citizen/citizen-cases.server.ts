import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { isGrievanceState, isOverdue, type GrievanceState } from '../grievance/grievance-workflow';
import { findCitizenGrievance, grievanceEvents, type GrievanceEvent, type StaffGrievance } from '../grievance/grievance-queries.server';

/**
 * A signed-in citizen's cases, read from the grievance tables as they are today. Everything the citizen pages
 * and API know about where cases live is in this file: when grievances move onto a generic case table, only
 * these functions change.
 */
export interface CitizenCase {
  number: string;
  category: string;
  state: GrievanceState;
  lodgedAt: string;
  dueAt: string | null;
  overdue: boolean;
}

/** Every grievance lodged with this mobile number, newest first. */
export async function listCitizenCases(mobile: string, database: Db = db()): Promise<CitizenCase[]> {
  const rows = await database
    .selectFrom('complaint')
    .innerJoin('grievance_type', 'grievance_type.id', 'complaint.grievance_type_id')
    .select(['complaint.complaint_number', 'grievance_type.grievance_title', 'complaint.state', 'complaint.entry_date', 'complaint.due_at'])
    .where('complaint.citizen_mobile', '=', mobile)
    .where('complaint.complaint_number', 'is not', null)
    .orderBy('complaint.entry_date', 'desc')
    .orderBy('complaint.id', 'desc')
    .execute();
  const at = now();
  return rows.map((row) => {
    const state = isGrievanceState(row.state) ? row.state : 'Lodged';
    return { number: row.complaint_number!, category: row.grievance_title, state, lodgedAt: row.entry_date, dueAt: row.due_at, overdue: isOverdue(state, row.due_at, at) };
  });
}

/** One of the citizen's grievances with its timeline; null when the number is not theirs. */
export async function findCitizenCase(mobile: string, number: string, database: Db = db()): Promise<{ grievance: StaffGrievance; events: GrievanceEvent[] } | null> {
  const grievance = await findCitizenGrievance(number, mobile, now(), database);
  if (!grievance) return null;
  return { grievance, events: await grievanceEvents(grievance.id, 'citizen', database) };
}
