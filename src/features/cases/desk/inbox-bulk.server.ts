import type { Role } from '../../../lib/roles';
import { HttpError } from '../../../server/http';
import type { Session } from '../../../server/auth/session';
import { formatDateTime } from '../../../lib/format';
import { csvText } from '../../payments/csv';
import type { Lang } from '../../../i18n/lang';
import type { CaseFilter } from '../case-queries.server';
import type { CaseSource, CaseSummary } from '../case-source.server';
import { caseSources } from '../case-sources.server';
import type { CaseActor } from '../cases.server';
import { parseCaseNumber } from '../service';
import { listStaffCases, ownOnly, servesRole, staffCase } from '../staff-cases-api.server';

/**
 * The inbox's work on many cases at once: assigning the cases ticked on a page to one officer, each through
 * the kernel's own assign step (so its audit entry, timeline event and citizen's message are those of one
 * assignment made on its case page), and the inbox's list as CSV.
 */

/** The most cases one assignment takes: a page of the inbox. */
export const BULK_MAX = 50;
/** The most rows one CSV holds: as far as the inbox's pages go. */
export const CSV_MAX_ROWS = 5000;

const ASSIGN = 'assign';

const assigns = (source: CaseSource, role: Role) =>
  source.service.workflow.isAction(ASSIGN) && (source.service.transitions[ASSIGN]?.by ?? []).includes(role);

/** Whether the role may assign cases of any service it serves: the inbox offers the ticks and the form only then. */
export function mayAssign(role: Role): boolean {
  return caseSources().some((source) => servesRole(source, role) && assigns(source, role));
}

export interface BulkOutcome {
  assigned: string[];
  /** Each case that was not assigned, with the kernel's reason (or why it never reached the kernel). */
  refused: { number: string; reason: string }[];
}

export type BulkProblem = 'noCases' | 'tooMany' | 'noOfficer';

/**
 * The cases a bulk form names: the ticked ones, or every case the page listed when "all on this page" was
 * ticked (a form without script sends that box alone). Numbers that cannot be case numbers are kept, to be
 * reported; each is named once, in the order sent.
 */
export function casesOfForm(form: { getAll: (name: string) => unknown[]; get: (name: string) => unknown }): string[] {
  const text = (values: unknown[]) => values.map((v) => String(v ?? '').trim().slice(0, 40)).filter((v) => v !== '');
  const chosen = form.get('all') === '1' ? text(form.getAll('listed')) : text(form.getAll('case'));
  return [...new Set(chosen.map((n) => parseCaseNumber(n) ?? n))];
}

/** What is wrong with the form as a whole before any case is touched, or null. */
export function bulkProblem(numbers: readonly string[], officer: string): BulkProblem | null {
  if (numbers.length === 0) return 'noCases';
  if (numbers.length > BULK_MAX) return 'tooMany';
  if (!/^\d{1,9}$/.test(officer)) return 'noOfficer';
  return null;
}

/** The page's words for the two refusals the bulk form makes itself, before the kernel is asked. */
export interface BulkWords {
  notAssignable: string;
  alreadyTheirs: string;
}

/**
 * Assigns each case in turn to the officer, one write each: a case that cannot be assigned (not this member
 * of staff's to see, of a service without assignment, closed, changed meanwhile) is reported with the reason
 * and the others are still done. A case already with that officer is left alone and reported: the same form
 * sent twice (a reload of the answer) must not tell the citizen and the officer a second time.
 */
export async function assignMany(numbers: readonly string[], officer: string, session: Session, words: BulkWords): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { assigned: [], refused: [] };
  const actor: CaseActor = { party: session.user.role, userId: session.user.id, label: session.user.email };
  for (const number of numbers) {
    try {
      const { source, found } = await staffCase(number, session);
      if (!assigns(source, session.user.role)) throw new HttpError(409, words.notAssignable);
      if (found.assigneeId !== null && String(found.assigneeId) === officer) throw new HttpError(409, words.alreadyTheirs);
      // The fields the case page's own assign form sends, so the step's event is the same as one taken there.
      await source.step(found.number, ASSIGN, { note: '', visibility: 'staff', photos: [], documents: [], fields: { officer, original: '' } }, actor);
      outcome.assigned.push(found.number);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      outcome.refused.push({ number, reason: err.message });
    }
  }
  return outcome;
}

/** What names a case's ward, category, service and officer in the CSV, in the page's language. */
export interface CsvNames {
  lang: Lang;
  titles: ReadonlyMap<string, string>;
  wards: ReadonlyMap<number, string>;
  categories: ReadonlyMap<number, { text: string }>;
  staff: ReadonlyMap<number, string>;
}

/**
 * The inbox's filtered list as CSV (UTF-8 with its byte order mark, formula-guarded cells: csvText), at most
 * CSV_MAX_ROWS rows, times in India time. It has the columns the inbox shows this role and no more: an
 * officer, who sees only their own cases, gets no officer column; a role serving no grievance no category.
 */
export async function inboxCsv(filter: CaseFilter, session: Session, names: CsvNames, withCategory: boolean): Promise<{ body: string; total: number }> {
  const own = ownOnly(session);
  const { total, rows } = await listStaffCases({ ...filter, limit: CSV_MAX_ROWS, offset: 0 }, session.user.role);
  const header = ['number', 'service', 'state', 'ward', ...(withCategory ? ['category'] : []), 'citizen', 'mobile', 'lodged_ist', 'due_ist', 'overdue', ...(own ? [] : ['officer'])];
  const line = (c: CaseSummary) => [
    c.number,
    names.titles.get(c.service) ?? c.service,
    c.stateWords[names.lang],
    c.wardId !== null ? (names.wards.get(c.wardId) ?? '') : '',
    ...(withCategory ? [c.categoryId !== null ? (names.categories.get(c.categoryId)?.text ?? '') : ''] : []),
    c.name,
    c.mobile,
    formatDateTime(c.lodgedAt).slice(0, 16),
    c.dueAt ? formatDateTime(c.dueAt).slice(0, 16) : '',
    c.overdue ? 'yes' : 'no',
    ...(own ? [] : [c.assigneeId !== null ? (names.staff.get(c.assigneeId) ?? c.assignee ?? '') : '']),
  ];
  return { body: csvText(header, rows.map(line)), total };
}

