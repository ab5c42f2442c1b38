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
export const GRIEVANCE_STATES = ['Lodged', 'Assigned', 'Resolved', 'Rejected', 'Closed', 'Reopened'] as const;
export type GrievanceState = (typeof GRIEVANCE_STATES)[number];

/**
 * Who acts: staff by role, the citizen who lodged (proved by number + mobile), or the server's own clock.
 * Content editors are staff too, but no grievance route lets them in and no transition names them.
 */
export type Party = 'admin' | 'user' | 'officer' | 'editor' | 'citizen' | 'system';

export type TransitionName = 'assign' | 'resolve' | 'reject' | 'rate' | 'reopen' | 'auto-close';

export interface TransitionRule {
  label: string;
  from: readonly GrievanceState[];
  to: GrievanceState;
  by: readonly Party[];
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

export const TRANSITIONS: Record<TransitionName, TransitionRule> = {
  assign: { label: 'Assign', from: ['Lodged', 'Reopened', 'Assigned'], to: 'Assigned', by: ['admin', 'user'], requires: { officer: true } },
  resolve: { label: 'Resolve', from: ['Assigned'], to: 'Resolved', by: ['admin', 'officer'], assignedOfficerOnly: true, requires: { photo: true } },
  reject: { label: 'Reject', from: ['Lodged', 'Assigned', 'Reopened'], to: 'Rejected', by: ['admin', 'officer'], assignedOfficerOnly: true, requires: { reason: true } },
  rate: { label: 'Rate and close', from: ['Resolved'], to: 'Closed', by: ['citizen'], requires: { rating: true } },
  reopen: { label: 'Reopen', from: ['Resolved', 'Rejected'], to: 'Reopened', by: ['citizen'], requires: { reason: true, reopenWindow: true } },
  'auto-close': { label: 'Closed automatically', from: ['Resolved'], to: 'Closed', by: ['system'], requires: {} },
};

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
  if (!rule.by.includes(request.party)) {
    return { status: 403, message: `${rule.label}: your role may not do this.` };
  }
  if (rule.assignedOfficerOnly && request.party === 'officer' && !request.isAssignedOfficer) {
    return { status: 403, message: `${rule.label}: this grievance is not assigned to you.` };
  }
  if (!rule.from.includes(request.state)) {
    return { status: 409, message: `${rule.label}: not possible while the grievance is ${request.state}.` };
  }
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
  return (Object.keys(TRANSITIONS) as TransitionName[]).filter((name) => {
    const rule = TRANSITIONS[name];
    return rule.by.includes(party) && rule.from.includes(state) && !(rule.assignedOfficerOnly && party === 'officer' && !isAssignedOfficer);
  });
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
