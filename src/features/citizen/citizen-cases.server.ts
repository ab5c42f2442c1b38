import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import type { StaffGrievance, GrievanceEvent } from '../grievance/grievance-queries.server';
import { findCitizenGrievance, grievanceEvents } from '../grievance/grievance-queries.server';
import { GRIEVANCE } from '../grievance/grievance.service';
import { isNumberOf } from '../../lib/number-series';
import { caseEvents, findCase, listCases, type CaseEvent, type StaffCase } from '../cases/case-queries.server';
import { installedServices } from '../modules';
import { publicCaseOf, type AnyService, type CitizenStep, type Lang, type StaffFact, type Words } from '../cases/service';

/**
 * A signed-in citizen's cases of every service on the case kernel, found by the mobile they were lodged with.
 * Everything the citizen pages and API know about where cases live is in this file: the kernel's readers for
 * every service, and the grievance's own richer view (its map, rating and reopening) for grievances.
 */
export interface CitizenCase {
  number: string;
  service: string;
  /** The service's name in each language ('Grievance', 'Trade licence'). */
  serviceTitle: Words;
  /** The case's category in English as stored (a grievance's type), or '' when its service has none. */
  category: string;
  categoryName: Words | null;
  state: string;
  stateWords: Words;
  lodgedAt: string;
  dueAt: string | null;
  overdue: boolean;
}

/** The most cases a citizen's list shows. */
const MAX_CASES = 500;

/** A state's words in both languages, or its name where its service does not declare it. */
export const wordsOfState = (service: AnyService | undefined, state: string): Words => service?.states[state] ?? { en: state, hi: state };

/** Every case lodged with this mobile number, of every service, newest first. */
export async function listCitizenCases(mobile: string, database: Db = db(), services: readonly AnyService[] = installedServices()): Promise<CitizenCase[]> {
  const { rows } = await listCases({ mobile, sort: 'newest', limit: MAX_CASES, offset: 0 }, now(), database, services);
  // One look-up per service that names categories, over the whole list.
  const names = new Map<string, Map<number, Words>>();
  for (const service of services) {
    const ids = [...new Set(rows.filter((r) => r.service === service.name && r.categoryId !== null).map((r) => r.categoryId!))];
    if (service.categoryNames && ids.length > 0) names.set(service.name, await service.categoryNames(database, ids));
  }
  return rows.map((c) => {
    const service = services.find((s) => s.name === c.service);
    const categoryName = c.categoryId === null ? null : names.get(c.service)?.get(c.categoryId) ?? null;
    return {
      number: c.number,
      service: c.service,
      serviceTitle: service?.title ?? { en: c.service, hi: c.service },
      category: categoryName?.en ?? '',
      categoryName,
      state: c.state,
      stateWords: wordsOfState(service, c.state),
      lodgedAt: c.lodgedAt,
      dueAt: c.dueAt,
      overdue: c.overdue,
    };
  });
}

/** One of the citizen's grievances with its timeline, in the grievance's own shape; null when the number is not theirs. */
export async function findCitizenCase(mobile: string, number: string, database: Db = db()): Promise<{ grievance: StaffGrievance; events: GrievanceEvent[] } | null> {
  const grievance = await findCitizenGrievance(number, mobile, now(), database);
  if (!grievance) return null;
  return { grievance, events: await grievanceEvents(grievance.id, 'citizen', database) };
}

/** A case of any service as its own citizen sees it on the kernel's page. */
export interface CitizenCaseDetail {
  service: AnyService;
  found: StaffCase;
  facts: StaffFact[];
  steps: CitizenStep[];
  /** The public timeline: a note staff kept to themselves is left out. */
  events: CaseEvent[];
}

/** The facts of a service without its own citizenFacts: the plain words of its public view. */
function plainFacts(service: AnyService, found: StaffCase): StaffFact[] {
  const view = service.publicView(publicCaseOf(found));
  const shown = Object.entries(view).filter(([key, value]) => !['number', 'state', 'lodgedAt', 'dueAt', 'overdue', 'service'].includes(key) && (typeof value === 'string' || typeof value === 'number') && String(value) !== '');
  return shown.map(([key, value]) => ({ key, label: key, value: String(value) }));
}

/** One of the citizen's cases of any service, with its facts, steps and timeline; null when the number is not theirs. */
export async function findCitizenCaseDetail(mobile: string, number: string, lang: Lang, database: Db = db(), services: readonly AnyService[] = installedServices()): Promise<CitizenCaseDetail | null> {
  const found = await findCase(number, now(), database, services);
  // A number lodged with another mobile is answered exactly as one that does not exist.
  if (!found || found.contact.mobile !== mobile) return null;
  // findCase read only these services' cases, so the case's service is among them.
  const service = services.find((s) => s.name === found.service)!;
  const record = publicCaseOf(found);
  const facts = service.citizenFacts ? await service.citizenFacts(record, lang, database) : plainFacts(service, found);
  return { service, found, facts, steps: service.citizenSteps?.(record, lang) ?? [], events: await caseEvents(found.id, 'citizen', database) };
}

/** Whether a case number belongs to the grievance service, which keeps its own richer citizen view. */
export const isGrievanceNumber = (number: string) => isNumberOf(GRIEVANCE.series, number);
