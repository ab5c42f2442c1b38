/**
 * The grievance lifecycle, declared once: its states, every transition with the parties allowed to make it
 * and what each requires. The server refuses what this table does not allow; the staff screens offer only
 * what it allows; the legacy API and Open311 read their status words from here. Browser-safe (no server code).
 *
 *   (lodge) ──► Lodged ──assign──► Assigned ──resolve (after photo)──► Resolved ──rate / auto-close──► Closed
 *                 │  ▲               │  ▲ assign (reassign)             │
 *                 │  └───────────────┘  │                              reopen (citizen, within window, reason)
 *                 │       reject (reason)                              ▼
 *                 └──────────────────► Rejected ──reopen──► Reopened ──assign──► Assigned
 */
import { defineWorkflow, type StepRule } from '../../lib/workflow';
import type { Complaint } from '../../server/db-schema';

export const GRIEVANCE_STATES = ['Lodged', 'Assigned', 'Resolved', 'Rejected', 'Closed', 'Reopened'] as const;
export type GrievanceState = (typeof GRIEVANCE_STATES)[number];

/**
 * Who acts: staff by role, the citizen who lodged (proved by number + mobile), or the server's own clock.
 * Content editors are staff too, but no grievance route lets them in and no transition names them.
 */
export type Party = 'admin' | 'user' | 'officer' | 'editor' | 'cashier' | 'citizen' | 'system';

export type TransitionName = 'assign' | 'resolve' | 'reject' | 'rate' | 'reopen' | 'auto-close';

/** What a step's effect is given: the moment it is made and what was checked for it. */
export interface EffectInput {
  at: string;
  actorLabel: string;
  officerId: number | null;
  rating: number | null;
  note: string;
  /** The stored ids of the photos sent with the step, in order. */
  photoIds: readonly number[];
  /** The category's hours to resolve, for a fresh due time. */
  slaHours: number;
}

/** The columns of the grievance a step changes, besides its state. */
export type EffectChanges = Partial<Pick<Complaint, 'officer_id' | 'decided_at' | 'action_by' | 'action_date' | 'action_image_1_media_id' | 'action_image_2_media_id' | 'rating' | 'rating_comment' | 'closed_at' | 'due_at'>>;

export interface TransitionRule extends StepRule<GrievanceState, Party> {
  /** What the step does to the grievance besides moving it to `to`: written beside the rule it belongs to. */
  effect?: (input: EffectInput) => EffectChanges;
  /** An officer may make it only on a grievance assigned to them. */
  assignedOfficerOnly?: true;
  requires: {
    /** The officer the grievance goes to. */
    officer?: true;
    /** At least one "after" photo. */
    photo?: true;
    /** A note saying why (rejection, reopening). */
    reason?: true;
    /** A rating of 1 to 5. */
    rating?: true;
    /** Within the reopen window after the decision. */
    reopenWindow?: true;
  };
}

const HOUR_MS = 3_600_000;
/** A decision (resolve, reject) is recorded with who made it and when; the old wire shows these as the action. */
const decided = ({ at, actorLabel }: EffectInput): EffectChanges => ({ decided_at: at, action_by: actorLabel, action_date: at });

export const TRANSITIONS: Record<TransitionName, TransitionRule> = {
  assign: {
    label: 'Assign', from: ['Lodged', 'Reopened', 'Assigned'], to: 'Assigned', by: ['admin', 'user'], requires: { officer: true },
    effect: ({ officerId }) => ({ officer_id: officerId }),
  },
  resolve: {
    label: 'Resolve', from: ['Assigned'], to: 'Resolved', by: ['admin', 'officer'], assignedOfficerOnly: true, requires: { photo: true },
    // The first two after-photos also fill the old wire's action pictures.
    effect: (input) => ({ ...decided(input), action_image_1_media_id: input.photoIds[0], action_image_2_media_id: input.photoIds[1] ?? null }),
  },
  reject: {
    label: 'Reject', from: ['Lodged', 'Assigned', 'Reopened'], to: 'Rejected', by: ['admin', 'officer'], assignedOfficerOnly: true, requires: { reason: true },
    effect: decided,
  },
  rate: {
    label: 'Rate and close', from: ['Resolved'], to: 'Closed', by: ['citizen'], requires: { rating: true },
    effect: ({ at, rating, note }) => ({ rating, rating_comment: note, closed_at: at }),
  },
  reopen: {
    label: 'Reopen', from: ['Resolved', 'Rejected'], to: 'Reopened', by: ['citizen'], requires: { reason: true, reopenWindow: true },
    // Back for assignment, on a fresh clock: the council owes a new answer within the category's hours.
    effect: ({ at, slaHours }) => ({ officer_id: null, decided_at: null, due_at: new Date(Date.parse(at) + slaHours * HOUR_MS).toISOString() }),
  },
  'auto-close': { label: 'Closed automatically', from: ['Resolved'], to: 'Closed', by: ['system'], requires: {}, effect: ({ at }) => ({ closed_at: at }) },
};

export const GRIEVANCE_WORKFLOW = defineWorkflow<GrievanceState, TransitionName, Party, TransitionRule>(TRANSITIONS, {
  notYours: (rule) => `${rule.label}: your role may not do this.`,
  notFromHere: (rule, state) => `${rule.label}: not possible while the grievance is ${state}.`,
});

/** Who may lodge a grievance: citizens online (and through Open311), the desk and admins. */
export const LODGED_BY: readonly Party[] = ['citizen', 'user', 'admin'];

/** States in which the council still owes an answer: a grievance in one of these past its due date is overdue. */
export const OPEN_STATES: readonly GrievanceState[] = ['Lodged', 'Assigned', 'Reopened'];

/**
 * The four statuses of the old wire contract (SPEC.md §7), per state: old clients and counts see these.
 * Closed was resolved first; a reopened grievance is open again.
 */
export const LEGACY_STATUS: Record<GrievanceState, 'Open' | 'Pending' | 'Resolved' | 'Rejected'> = {
  Lodged: 'Open',
  Reopened: 'Open',
  Assigned: 'Pending',
  Resolved: 'Resolved',
  Closed: 'Resolved',
  Rejected: 'Rejected',
};

/** Open311 GeoReport v2 knows only open and closed. */
export function open311Status(state: GrievanceState): 'open' | 'closed' {
  return OPEN_STATES.includes(state) ? 'open' : 'closed';
}

export function isGrievanceState(value: unknown): value is GrievanceState {
  return typeof value === 'string' && (GRIEVANCE_STATES as readonly string[]).includes(value);
}

export function isOverdue(state: GrievanceState, dueAt: string | null, now: number): boolean {
  return OPEN_STATES.includes(state) && dueAt !== null && Date.parse(dueAt) < now;
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

/** Why a transition is refused: 403 for the wrong party, 409 for the wrong state or a closed window, 400 for missing input. */
export interface Refusal {
  status: 400 | 403 | 409;
  message: string;
  field?: string;
}

const DAY_MS = 86_400_000;

/** Checks a transition against the table; null when it may go ahead. */
export function refusalOf(request: TransitionRequest): Refusal | null {
  const rule = TRANSITIONS[request.transition];
  const notTheirs = GRIEVANCE_WORKFLOW.partyRefusal(request.transition, request.party);
  if (notTheirs) return notTheirs;
  if (rule.assignedOfficerOnly && request.party === 'officer' && !request.isAssignedOfficer) {
    return { status: 403, message: `${rule.label}: this grievance is not assigned to you.` };
  }
  const wrongState = GRIEVANCE_WORKFLOW.refusal(request.transition, request.party, request.state);
  if (wrongState) return wrongState;
  if (rule.requires.officer && !request.officerId) {
    return { status: 400, message: 'Choose the officer to assign it to.', field: 'officer' };
  }
  if (rule.requires.photo && request.photoCount < 1) {
    return { status: 400, message: 'Add at least one photo of the spot after the work.', field: 'photos' };
  }
  if (rule.requires.reason && request.note.trim() === '') {
    return { status: 400, message: 'Give a reason.', field: 'note' };
  }
  if (rule.requires.rating && !(Number.isInteger(request.rating) && request.rating! >= 1 && request.rating! <= 5)) {
    return { status: 400, message: 'Choose a rating from 1 to 5.', field: 'rating' };
  }
  if (rule.requires.reopenWindow) {
    const decided = request.decidedAt ? Date.parse(request.decidedAt) : Number.NaN;
    if (Number.isNaN(decided) || request.now - decided > request.reopenWindowDays * DAY_MS) {
      return { status: 409, message: `A grievance can be reopened only within ${request.reopenWindowDays} days of the decision.` };
    }
  }
  return null;
}

/** The transitions a party could make from a state (the screens show these as buttons). */
export function transitionsFor(party: Party, state: GrievanceState, isAssignedOfficer: boolean): TransitionName[] {
  return GRIEVANCE_WORKFLOW.actionsFor(party, state, (rule) => !(rule.assignedOfficerOnly && party === 'officer' && !isAssignedOfficer));
}

/** The readable complaint number: NPK-PGR-<lodged date in India>-<six-digit serial>. */
export const NUMBER_PREFIX = 'NPK-PGR';
export const COMPLAINT_NUMBER_PATTERN = /^NPK-PGR-\d{4}-\d{2}-\d{2}-\d{6}$/;

export function complaintNumber(id: number, lodgedAt: string): string {
  const day = new Date(Date.parse(lodgedAt) + 330 * 60_000).toISOString().slice(0, 10);
  return `${NUMBER_PREFIX}-${day}-${String(id).padStart(6, '0')}`;
}

/** A complaint number as typed: trimmed, upper case; null when it cannot be one. */
export function parseComplaintNumber(raw: unknown): string | null {
  const value = String(raw ?? '').trim().toUpperCase();
  return COMPLAINT_NUMBER_PATTERN.test(value) ? value : null;
}

/** An Indian mobile number: ten digits starting 6-9, with an optional +91 or 0 in front. Null otherwise. */
export function parseMobile(raw: unknown): string | null {
  const digits = String(raw ?? '').replace(/[\s-]/g, '').replace(/^(\+91|0091|0)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}
