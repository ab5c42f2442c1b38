import type { AcceptedFile } from '../../server/content/uploads';
import { db } from '../../server/db';
import type { CaseContact } from './contact';
import { caseEvents, findCase, listCases, type CaseEvent, type CaseFilter, type StaffCase } from './case-queries.server';
import { takeStep, type CaseActor, type Visibility } from './cases.server';
import type { AnyService, Words } from './service';

/**
 * Where the staff API and screens find the cases of one service: every service keeps its cases in the kernel's
 * tables, and each is one such source (kernelSource).
 */
export interface CaseSummary {
  service: string;
  number: string;
  state: string;
  stateWords: Words;
  wardId: number | null;
  categoryId: number | null;
  assigneeId: number | null;
  assignee: string | null;
  lodgedAt: string;
  dueAt: string | null;
  overdue: boolean;
  /** The citizen's name and mobile: staff search by them. */
  name: string;
  mobile: string;
}

export interface CaseDetail extends CaseSummary {
  /** Where it was lodged: 'web', 'desk' (the counter), 'open311'. */
  source: string;
  contact: CaseContact;
  data: Record<string, unknown>;
  events: CaseEvent[];
}

export interface StepRequest {
  note: string;
  visibility: Visibility;
  photos: readonly AcceptedFile[];
  documents: readonly AcceptedFile[];
  fields: Record<string, unknown>;
}

export interface CaseSource {
  service: AnyService;
  list: (filter: CaseFilter, now: number) => Promise<{ total: number; rows: CaseSummary[] }>;
  find: (number: string, now: number) => Promise<CaseDetail | null>;
  step: (number: string, action: string, request: StepRequest, actor: CaseActor) => Promise<void>;
}

/** A case as the inbox lists it, with its state's words. */
export function summaryOf(service: AnyService, found: StaffCase): CaseSummary {
  const state = service.states[found.state];
  return {
    service: found.service, number: found.number, state: found.state, stateWords: { en: state?.en ?? found.state, hi: state?.hi ?? found.state },
    wardId: found.wardId, categoryId: found.categoryId, assigneeId: found.assigneeId, assignee: found.assignee, lodgedAt: found.lodgedAt,
    dueAt: found.dueAt, overdue: found.overdue, name: found.contact.name, mobile: found.contact.mobile,
  };
}

/** A service whose cases are in the kernel's tables. */
export function kernelSource(service: AnyService): CaseSource {
  return {
    service,
    list: async (filter, now) => {
      const { total, rows } = await listCases({ ...filter, service: service.name }, now, db(), [service]);
      return { total, rows: rows.map((row) => summaryOf(service, row)) };
    },
    find: async (number, now) => {
      const found = await findCase(number, now, db(), [service]);
      return found ? { ...summaryOf(service, found), source: found.source, contact: found.contact, data: found.data, events: await caseEvents(found.id, 'staff') } : null;
    },
    step: (number, action, request, actor) => takeStep(service, number, action, request, actor),
  };
}
