import { askedDay } from '../../lib/day-first-date';
import { indianDayEnd, indianDayStart } from '../../lib/india-time';

/**
 * The audit log's filters as an address carries them, for the screen and the API alike: the kind of record
 * (?entity=), the account that acted (?person=, its id) and the days from and to (?from=, ?to=), typed day
 * first (dd/mm/yyyy) or as YYYY-MM-DD, read as Indian days with both ends included.
 */
export interface AuditQuery {
  entity?: string;
  userId?: number;
  /** The first instant of the from day, and the first instant after the to day (ISO, UTC). */
  from?: string;
  before?: string;
}

export type AuditDateProblem = 'badFrom' | 'badTo' | 'backwards';

export interface ParsedAuditQuery {
  query: AuditQuery;
  /** What each field held, as typed, to show back. */
  typed: { entity: string; person: string; from: string; to: string };
  /** What is wrong with the days, in the order a person reads the form; empty when nothing is. */
  problems: AuditDateProblem[];
}

/** Reads the filters; a person id that is no whole number filters nobody out rather than failing (a select sends it). */
export function auditQueryOf(params: URLSearchParams): ParsedAuditQuery {
  const typed = {
    entity: (params.get('entity') ?? '').slice(0, 100),
    person: (params.get('person') ?? '').slice(0, 12),
    from: (params.get('from') ?? '').slice(0, 40),
    to: (params.get('to') ?? '').slice(0, 40),
  };
  const query: AuditQuery = {};
  if (typed.entity) query.entity = typed.entity;
  if (/^\d{1,9}$/.test(typed.person)) query.userId = Number(typed.person);
  const problems: AuditDateProblem[] = [];
  const fromDay = typed.from.trim() === '' ? null : askedDay(typed.from);
  const toDay = typed.to.trim() === '' ? null : askedDay(typed.to);
  if (typed.from.trim() !== '' && fromDay === null) problems.push('badFrom');
  if (typed.to.trim() !== '' && toDay === null) problems.push('badTo');
  if (fromDay && toDay && fromDay > toDay) problems.push('backwards');
  if (fromDay) query.from = new Date(indianDayStart(fromDay)).toISOString();
  if (toDay) query.before = new Date(indianDayEnd(toDay)).toISOString();
  return { query, typed, problems };
}
