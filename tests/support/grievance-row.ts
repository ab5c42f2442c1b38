import type { Db } from '../../src/server/db';
import { LEGACY_STATUS, isGrievanceState } from '../../src/features/grievance/grievance-workflow';

/**
 * A grievance as the tests read it, from the case kernel's tables, under the names its columns had before
 * grievances moved onto the kernel (so that what the tests expect of a grievance is written as before), and
 * the few changes tests make to one to move its clock.
 */
export interface GrievanceRow {
  id: number;
  complaint_number: string;
  state: string;
  status: string;
  due_at: string | null;
  entry_date: string;
  entry_by: string;
  action_by: string;
  action_date: string | null;
  decided_at: string | null;
  closed_at: string | null;
  rating: number | null;
  rating_comment: string;
  source: string;
  lang: string;
  officer_id: number | null;
  citizen_name: string;
  citizen_mobile: string;
  citizen_email: string;
  address: string;
  landmark: string;
  additional_information: string;
  your_suggestion: string;
  pub_image_1_media_id: number | null;
  pub_image_2_media_id: number | null;
  action_image_1_media_id: number | null;
  action_image_2_media_id: number | null;
}

function toRow(c: { id: number; number: string; state: string; due_at: string | null; lodged_at: string; assignee_id: number | null; source: string; lang: string; data: string; name: string; mobile: string; email: string; address: string }): GrievanceRow {
  const d = JSON.parse(c.data) as Record<string, unknown>;
  const get = <T>(key: string, fallback: T) => (d[key] === undefined ? fallback : (d[key] as T));
  return {
    id: c.id, complaint_number: c.number, state: c.state,
    status: typeof d.legacyStatus === 'string' ? d.legacyStatus : isGrievanceState(c.state) ? LEGACY_STATUS[c.state] : '',
    due_at: c.due_at, entry_date: c.lodged_at, entry_by: get('entryBy', ''), action_by: get('actionBy', ''), action_date: get('actionDate', null), decided_at: get('decidedAt', null), closed_at: get('closedAt', null),
    rating: get('rating', null), rating_comment: get('ratingComment', ''), source: c.source, lang: c.lang, officer_id: c.assignee_id,
    citizen_name: c.name, citizen_mobile: c.mobile, citizen_email: c.email, address: c.address,
    landmark: get('landmark', ''), additional_information: get('description', ''), your_suggestion: get('suggestion', ''),
    pub_image_1_media_id: get('pubImage1', null), pub_image_2_media_id: get('pubImage2', null),
    action_image_1_media_id: get('actionImage1', null), action_image_2_media_id: get('actionImage2', null),
  };
}

function grievances(database: Db) {
  return database
    .selectFrom('service_case')
    .innerJoin('case_contact', 'case_contact.case_id', 'service_case.id')
    .select(['service_case.id', 'service_case.number', 'service_case.state', 'service_case.due_at', 'service_case.lodged_at', 'service_case.assignee_id',
      'service_case.source', 'service_case.lang', 'service_case.data', 'case_contact.name', 'case_contact.mobile', 'case_contact.email', 'case_contact.address'])
    .where('service_case.service', '=', 'grievance');
}

export async function grievanceRow(database: Db, number: string): Promise<GrievanceRow> {
  return toRow(await grievances(database).where('service_case.number', '=', number).executeTakeFirstOrThrow());
}

export async function allGrievanceRows(database: Db): Promise<GrievanceRow[]> {
  return (await grievances(database).orderBy('service_case.id').execute()).map(toRow);
}

export async function countGrievances(database: Db): Promise<number> {
  const row = await database.selectFrom('service_case').select((eb) => eb.fn.countAll<number>().as('n')).where('service', '=', 'grievance').executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves a grievance's clock or state as a test needs: a decision's time (which is also when it entered the
 * state it is in, the clock of the auto-close), a due time, a state.
 */
export async function setGrievance(database: Db, number: string, change: { decided_at?: string; due_at?: string; state?: string }): Promise<void> {
  const row = await database.selectFrom('service_case').select(['id', 'data']).where('number', '=', number).executeTakeFirstOrThrow();
  const data = JSON.parse(row.data) as Record<string, unknown>;
  if (change.decided_at !== undefined) data.decidedAt = change.decided_at;
  await database
    .updateTable('service_case')
    .set({
      data: JSON.stringify(data),
      ...(change.decided_at !== undefined ? { state_since: change.decided_at } : {}),
      ...(change.due_at !== undefined ? { due_at: change.due_at } : {}),
      ...(change.state !== undefined ? { state: change.state } : {}),
    })
    .where('id', '=', row.id)
    .execute();
}

/** A grievance's events, oldest first, under their old column names. */
export async function grievanceEventRows(database: Db, caseId: number) {
  const events = await database.selectFrom('case_event').selectAll().where('case_id', '=', caseId).orderBy('id').execute();
  return events.map((e) => {
    const data = JSON.parse(e.data) as Record<string, unknown>;
    return { ...e, complaint_id: e.case_id, officer_id: (data.officerId as number | undefined) ?? null, rating: (data.rating as number | undefined) ?? null };
  });
}
