import { db, type Db } from '../../server/db';
import { mediaUrl } from '../../server/media';
import { isGrievanceState, type GrievanceState } from './grievance-workflow';
import { GRIEVANCE } from './grievance.service';
import type { Open311Value } from '../../lib/open311-format';

/**
 * mySociety's GeoReport extension, GET servicerequestupdates: every step of every grievance between two
 * times, as FixMyStreet and other clients poll for them to tell their own users what became of a report. An
 * update is a step of the case kernel's timeline (case_event); its id is the event's, which a client keeps to
 * take each update once. Like the requests, nothing personal: no note (staff write it to the citizen, who
 * reads it with their mobile number on the tracking page), no name, only the new state in words, and the
 * public photos the step carried.
 */

/** The most updates one answer holds; a client asks again from the last one's time for more. */
export const MAX_UPDATES = 1000;

/**
 * The extension's statuses (its "additional states", beyond OPEN and CLOSED), so that a client tells a
 * rejection or a duplicate from a repair: FixMyStreet reads each, in any case, as one of its own states.
 */
const STATUS: Record<GrievanceState, string> = {
  Lodged: 'OPEN',
  Reopened: 'OPEN',
  Assigned: 'IN_PROGRESS',
  Resolved: 'FIXED',
  Closed: 'CLOSED',
  Rejected: 'NO_FURTHER_ACTION',
  Merged: 'DUPLICATE',
};

export interface UpdateWindow {
  /** ISO instants, either or both; an update exactly at either end is in. */
  from?: string;
  until?: string;
}

/** The step in words for anyone: the state it led to, and for a duplicate the original it was merged into. */
function description(state: GrievanceState, action: string, note: string): string {
  const words = GRIEVANCE.states[state].en;
  if (action === 'lodge') return 'Lodged.';
  if (state === 'Merged') {
    // The kernel's merge note is "duplicate → original", both public numbers.
    const original = note.split('→').pop()?.trim();
    return original ? `Merged into ${original}, which is followed instead.` : `${words}.`;
  }
  return `Status: ${words}.`;
}

/**
 * The updates in the window, oldest first. With a start, the first MAX_UPDATES from it (so that a client
 * that asks again from the last one's time misses none); without one, the latest MAX_UPDATES.
 */
export async function grievanceUpdates(window: UpdateWindow, origin: string, database: Db = db()): Promise<Open311Value[]> {
  let query = database
    .selectFrom('case_event')
    .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
    .select(['case_event.id', 'case_event.at', 'case_event.action', 'case_event.to_state', 'case_event.note', 'service_case.number'])
    .where('service_case.service', '=', GRIEVANCE.name);
  if (window.from) query = query.where('case_event.at', '>=', window.from);
  if (window.until) query = query.where('case_event.at', '<=', window.until);
  const direction = window.from ? 'asc' : 'desc';
  const rows = await query.orderBy('case_event.at', direction).orderBy('case_event.id', direction).limit(MAX_UPDATES).execute();
  if (!window.from) rows.reverse();
  const photos = rows.length
    ? await database
        .selectFrom('case_event_media')
        .innerJoin('media', 'media.id', 'case_event_media.media_id')
        .select(['case_event_media.event_id', 'media.sha256', 'media.content_type'])
        .where('case_event_media.event_id', 'in', rows.map((r) => r.id))
        .where('case_event_media.kind', '=', 'photo')
        // A photo its citizen kept private is the staff's and the citizen's only.
        .where('media.private', '=', 0)
        .orderBy('case_event_media.position', 'desc')
        .execute()
    : [];
  // Read last position first, so the map keeps each step's first photo.
  const firstPhoto = new Map(photos.map((p) => [p.event_id, new URL(mediaUrl(p.sha256, p.content_type), origin).href]));
  return rows.flatMap((row) => {
    if (!isGrievanceState(row.to_state)) return [];
    return [{
      update_id: String(row.id),
      service_request_id: row.number,
      status: STATUS[row.to_state],
      updated_datetime: row.at,
      description: description(row.to_state, row.action, row.note),
      media_url: firstPhoto.get(row.id) ?? null,
    }];
  });
}
