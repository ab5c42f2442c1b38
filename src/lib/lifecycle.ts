/**
 * The content lifecycle, declared once: the states a record of any managed type passes through, the
 * transitions between them, who may take each and what each requires. The API, the back office screens and
 * the review queue all read this; browser-safe (no server imports).
 *
 *   draft ──submit──► in review ──publish / schedule──► published ──archive──► archived
 *     ▲                  │                                 ▲                        │
 *     └── sent back ◄────┘ send back (comment)             └──────── restore ───────┘
 *
 * A published record is republished or scheduled anew (its dates set afresh), never approved again. Each
 * state keeps the comment of the step that led to it: a resubmitted item no longer carries the comment it was
 * sent back with (the audit log keeps every step's).
 *
 * A published record is shown between its publish_at and unpublish_at (either may be empty), and on the live
 * lists only until its valid_until; past that it is listed in the type's public archive.
 */
import { defineWorkflow, type StepRule } from './workflow';
import { indianInputTime, indianMoment } from './india-time';

export const LIFECYCLE_STATES = ['draft', 'in_review', 'sent_back', 'published', 'archived'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export const STATE_LABELS: Record<LifecycleState, string> = {
  draft: 'Draft',
  in_review: 'In review',
  sent_back: 'Sent back',
  published: 'Published',
  archived: 'Archived',
};

/** The roles that work on content: admins decide, editors write. */
export type ContentRole = 'admin' | 'editor';

export type LifecycleAction = 'submit' | 'publish' | 'republish' | 'schedule' | 'send_back' | 'archive' | 'restore';

export interface TransitionRule extends StepRule<LifecycleState, ContentRole> {
  requires?: { comment?: true; publishAt?: true };
}

const BEFORE_PUBLICATION: readonly LifecycleState[] = ['draft', 'in_review', 'sent_back'];

export const TRANSITIONS: Record<LifecycleAction, TransitionRule> = {
  submit: { label: 'Send for review', from: ['draft', 'sent_back'], to: 'in_review', by: ['editor', 'admin'] },
  // Approval is for what is not yet published; a published record is republished instead, a step of its own.
  publish: { label: 'Approve and publish', from: BEFORE_PUBLICATION, to: 'published', by: ['admin'] },
  // Sets a published record's dates afresh: "publish now" for a scheduled one, a new review date for one that is due.
  republish: { label: 'Republish now', from: ['published'], to: 'published', by: ['admin'] },
  schedule: { label: 'Schedule', from: [...BEFORE_PUBLICATION, 'published'], to: 'published', by: ['admin'], requires: { publishAt: true } },
  send_back: { label: 'Send back', from: ['in_review'], to: 'sent_back', by: ['admin'], requires: { comment: true } },
  archive: { label: 'Archive', from: ['published'], to: 'archived', by: ['admin'] },
  restore: { label: 'Restore', from: ['archived'], to: 'published', by: ['admin'] },
};

/** What a step did, as the back office tells it afterwards: 'Published', not the button's 'Approve and publish'. */
export const DONE_LABELS: Record<LifecycleAction, string> = {
  submit: 'Sent for review',
  publish: 'Published',
  republish: 'Republished',
  schedule: 'Scheduled',
  send_back: 'Sent back',
  archive: 'Archived',
  restore: 'Restored',
};

export const CONTENT_WORKFLOW = defineWorkflow<LifecycleState, LifecycleAction, ContentRole, TransitionRule>(TRANSITIONS, {
  notYours: (rule) => `Only ${rule.by.join(' or ')}s can ${rule.label.toLowerCase()}; an admin publishes, schedules, sends back and archives.`,
  notFromHere: (rule, state) =>
    rule === TRANSITIONS.publish && state === 'published'
      ? `This item is already published: there is nothing to approve. To publish it again with fresh dates, use ${TRANSITIONS.republish.label}.`
      : `Cannot ${rule.label.toLowerCase()} an item that is ${STATE_LABELS[state].toLowerCase()}.`,
});

export const LIFECYCLE_ACTIONS = CONTENT_WORKFLOW.actions;
export const isLifecycleAction = CONTENT_WORKFLOW.isAction;

export function isContentRole(role: string | undefined): role is ContentRole {
  return role === 'admin' || role === 'editor';
}

/** The transitions a role may take from a state, in declaration order. */
export function actionsFor(role: string | undefined, state: LifecycleState): LifecycleAction[] {
  return isContentRole(role) ? CONTENT_WORKFLOW.actionsFor(role, state) : [];
}

/** Editors change only what is not yet published and not waiting for an admin. */
export const EDITOR_EDITABLE: readonly LifecycleState[] = ['draft', 'sent_back'];

/** Where a record stands, as the admin API adds it to each row (moments are ISO instants or null). */
export interface LifecycleInfo {
  state: LifecycleState;
  publishAt: string | null;
  unpublishAt: string | null;
  validUntil: string | null;
  reviewAt: string | null;
  comment: string;
  updatedBy: string;
  updatedAt: string | null;
}

/** A record that has never had a state row: published when it was written, valid without end. */
export const PUBLISHED_WITHOUT_ROW: LifecycleInfo = {
  state: 'published', publishAt: null, unpublishAt: null, validUntil: null, reviewAt: null, comment: '', updatedBy: '', updatedAt: null,
};

/** An entry of the review queue: a record of some type and where it stands. */
export interface QueueItem {
  typePath: string;
  heading: string;
  adminRoute: string;
  id: number;
  name: string;
  info: LifecycleInfo;
}

/** What a badge says: published splits into scheduled, live, expired (in the archive) and withdrawn. */
export type DisplayStatus = LifecycleState | 'scheduled' | 'expired' | 'withdrawn';

export const DISPLAY_LABELS: Record<DisplayStatus, string> = {
  ...STATE_LABELS,
  scheduled: 'Scheduled',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const passed = (moment: string | null, at: number) => moment !== null && Date.parse(moment) <= at;

export function displayStatus(info: LifecycleInfo, at: number): DisplayStatus {
  if (info.state !== 'published') return info.state;
  if (info.publishAt && !passed(info.publishAt, at)) return 'scheduled';
  if (passed(info.unpublishAt, at)) return 'withdrawn';
  if (passed(info.validUntil, at)) return 'expired';
  return 'published';
}

/** Published records with a publication still to come count as scheduled: editors may not change them either. */
export function editorMayChange(info: LifecycleInfo): boolean {
  return EDITOR_EDITABLE.includes(info.state);
}

/** 'YYYY-MM-DD' and 'HH:mm' typed in Indian time, as an ISO instant; null when the date is empty. */
export function istInputsToIso(date: string, time: string): string | null {
  if (!date) return null;
  const moment = indianMoment(`${date}T${time || '00:00'}`);
  return Number.isNaN(moment) ? null : new Date(moment).toISOString();
}

/** An ISO instant as the date and time inputs show it in Indian time. */
export function isoToIstInputs(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const moment = Date.parse(iso);
  if (Number.isNaN(moment)) return { date: '', time: '' };
  const local = indianInputTime(moment);
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** An ISO instant for people: '24 Nov 2026, 10:00 IST'. */
export function formatIst(iso: string | null): string {
  if (!iso) return '—';
  const { date, time } = isoToIstInputs(iso);
  if (!date) return '—';
  const [year, month, day] = date.split('-').map(Number);
  const monthName = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1];
  return `${day} ${monthName} ${year}, ${time} IST`;
}
