/**
 * The grievance lifecycle, as the rest of the grievance feature reads it: derived from its declaration as a
 * service of the case kernel (grievance.service.ts), which is where states and transitions are written.
 * The legacy API and Open311 read their status words from here. Browser-safe (no server code).
 */
import { GRIEVANCE, GRIEVANCE_LEGACY_STATUS } from './grievance.service';
import { isOverdueIn, type Party, type Refusal } from '../cases/service';
import { isNumberOf } from '../../lib/number-series';

export type GrievanceState = keyof typeof GRIEVANCE.states;
export const GRIEVANCE_STATES: readonly GrievanceState[] = GRIEVANCE.stateNames;

/**
 * Who acts: staff by role, the citizen who lodged (proved by number + mobile), or the server's own clock.
 * Content editors are staff too, but no grievance route lets them in and no transition names them.
 */
export type { Party };

export type TransitionName = keyof typeof GRIEVANCE.transitions;
export const TRANSITIONS = GRIEVANCE.transitions;
export type TransitionRule = (typeof TRANSITIONS)[TransitionName];
export const GRIEVANCE_WORKFLOW = GRIEVANCE.workflow;

/** Who may lodge a grievance: citizens online (and through Open311), the desk and admins. */
export const LODGED_BY: readonly Party[] = GRIEVANCE.lodgedBy as readonly Party[];

/** States in which the council still owes an answer: a grievance in one of these past its due date is overdue. */
export const OPEN_STATES: readonly GrievanceState[] = GRIEVANCE.openStates;

/**
 * The four statuses of the old wire contract (docs/legacy-contract.md §6.1), per state: old clients and counts see
 * these. Closed was resolved first; a reopened grievance is open again.
 */
export const LEGACY_STATUS: Record<GrievanceState, 'Open' | 'Pending' | 'Resolved' | 'Rejected'> = GRIEVANCE_LEGACY_STATUS;

/** Open311 GeoReport v2 knows only open and closed. */
export function open311Status(state: GrievanceState): 'open' | 'closed' {
  return OPEN_STATES.includes(state) ? 'open' : 'closed';
}

export function isGrievanceState(value: unknown): value is GrievanceState {
  return typeof value === 'string' && (GRIEVANCE_STATES as readonly string[]).includes(value);
}

export function isOverdue(state: GrievanceState, dueAt: string | null, now: number): boolean {
  return isOverdueIn(OPEN_STATES, state, dueAt, now);
}

/** What a transition is asked to do, and what the server knows about the grievance and the caller. */
export interface TransitionRequest {
  transition: TransitionName;
  party: Party;
  state: GrievanceState;
  /** The caller is the officer the grievance is assigned to. */
  isAssignedOfficer: boolean;
  officerId?: number | null;
  photoCount: number;
  note: string;
  rating?: number | null;
  /** When the grievance was resolved or rejected, and the reopen window in days. */
  decidedAt: string | null;
  reopenWindowDays: number;
  now: number;
}

export type { Refusal };

/** Checks a transition against the declaration; null when it may go ahead. */
export function refusalOf(request: TransitionRequest): Refusal | null {
  return GRIEVANCE.refusal({
    action: request.transition,
    party: request.party,
    state: request.state,
    isAssignee: request.isAssignedOfficer,
    context: {
      note: request.note,
      photoCount: request.photoCount,
      documentCount: 0,
      fields: { officerId: request.officerId ?? null, rating: request.rating ?? null },
      record: { decidedAt: request.decidedAt },
      // What the requirements' loaders read from the database in a step: the officer's account, the window setting.
      loaded: { officer: request.officerId ?? undefined, reopenWindow: request.reopenWindowDays },
      now: request.now,
    },
  });
}

/** The transitions a party could make from a state (the screens show these as buttons). */
export function transitionsFor(party: Party, state: GrievanceState, isAssignedOfficer: boolean): TransitionName[] {
  return GRIEVANCE.actionsFor(party, state, isAssignedOfficer);
}

/** A complaint number as typed (a grievance's, under any council prefix): trimmed, upper case; null when it cannot be one. */
export function parseComplaintNumber(raw: unknown): string | null {
  const value = String(raw ?? '').trim().toUpperCase();
  return isNumberOf(GRIEVANCE.series, value) ? value : null;
}

/** Mobiles are read the same way for every service. */
export { parseMobile } from '../cases/contact';
