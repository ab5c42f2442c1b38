import type { APIContext } from 'astro';
import { HttpError, json, PUBLIC_TEXT_LIMIT, readFormBody, readJsonBody } from '../../server/http';
import { citizenAction } from '../grievance/grievance-requests.server';
import { parseComplaintNumber, transitionsFor } from '../grievance/grievance-workflow';
import type { GrievanceEvent } from '../grievance/grievance-queries.server';
import { findCitizenCase, findCitizenCaseDetail, isGrievanceNumber, listCitizenCases, wordsOfState } from './citizen-cases.server';
import { parseCaseNumber } from '../cases/service';
import { pathIn } from '../../i18n/lang';

/**
 * The signed-in citizen's JSON calls (the mobile app's, or the site's with the cookie). The timeline is the
 * public one the citizen pages show: staff are "staff", never named by their account.
 */

/** Who took a step, as the citizen may know it: themselves, the clock, or the council's staff, never by name. */
const publicActor = (kind: string) => (kind === 'citizen' || kind === 'system' ? kind : 'staff');

const publicEvent = (e: GrievanceEvent) => ({
  at: e.at,
  by: publicActor(e.actorKind),
  action: e.action,
  from: e.from,
  to: e.to,
  note: e.note,
  rating: e.rating,
  photos: e.photos,
});

const NOT_YOURS = 'No grievance or application with that number was lodged with your mobile number.';

async function theCase(context: APIContext) {
  const number = parseComplaintNumber(context.params.number);
  const found = number ? await findCitizenCase(context.locals.citizen!.mobile, number) : null;
  if (!found) throw new HttpError(404, NOT_YOURS);
  return found;
}

/** A case of a service other than grievances, in the kernel's shape: its facts, the steps on its own pages, its public timeline. */
async function kernelCaseAnswer(context: APIContext): Promise<Response | null> {
  const number = parseCaseNumber(context.params.number);
  const lang = context.url.searchParams.get('lang') === 'hi' ? 'hi' : 'en';
  const detail = number ? await findCitizenCaseDetail(context.locals.citizen!.mobile, number, lang) : null;
  if (!detail) return null;
  const { service, found, facts, steps, events } = detail;
  return json({
    number: found.number,
    service: service.name,
    serviceTitle: service.title,
    state: found.state,
    stateWords: wordsOfState(service, found.state),
    overdue: found.overdue,
    lodgedAt: found.lodgedAt,
    dueAt: found.dueAt,
    facts: facts.map(({ key, label, value }) => ({ key, label, value })),
    steps: steps.map((step) => ({ key: step.key, label: step.label, url: pathIn(lang, step.path) })),
    actions: [],
    events: events.map((e) => ({ at: e.at, by: publicActor(e.actorKind), action: e.action, from: e.from, to: e.to, note: e.note })),
  });
}

/** GET /api/Citizen/cases: every case of the citizen's mobile, of every service, newest first. */
export async function casesAnswer(context: APIContext): Promise<Response> {
  const cases = await listCitizenCases(context.locals.citizen!.mobile);
  return json(cases.map(({ categoryName: _names, ...c }) => c));
}

/** GET /api/Citizen/cases/{number}: one case, its public timeline and what the citizen may do now. */
export async function caseAnswer(context: APIContext): Promise<Response> {
  const number = parseCaseNumber(context.params.number);
  if (number && !isGrievanceNumber(number)) {
    const answer = await kernelCaseAnswer(context);
    if (!answer) throw new HttpError(404, NOT_YOURS);
    return answer;
  }
  const { grievance: g, events } = await theCase(context);
  return json({
    number: g.number,
    category: g.category,
    ward: g.ward,
    state: g.state,
    overdue: g.overdue,
    lodgedAt: g.lodgedAt,
    dueAt: g.dueAt,
    decidedAt: g.decidedAt,
    closedAt: g.closedAt,
    address: g.address,
    landmark: g.landmark,
    description: g.description,
    rating: g.rating,
    ratingComment: g.ratingComment,
    photos: g.photos,
    actions: transitionsFor('citizen', g.state, false),
    events: events.map(publicEvent),
  });
}

/** POST /api/Citizen/cases/{number}/{rate|reopen}: JSON {rating, note} or a form; answers the case as it now stands. */
export async function caseActionAnswer(context: APIContext): Promise<Response> {
  const { grievance } = await theCase(context);
  const action = context.params.action ?? '';
  if (action !== 'rate' && action !== 'reopen') throw new HttpError(404, 'There is no such action.');
  const isJson = (context.request.headers.get('content-type') ?? '').startsWith('application/json');
  const form = isJson ? new FormData() : await readFormBody(context.request, PUBLIC_TEXT_LIMIT);
  if (isJson) {
    const body = await readJsonBody(context.request, PUBLIC_TEXT_LIMIT);
    for (const name of ['rating', 'note']) if (body[name] !== undefined && body[name] !== null) form.set(name, String(body[name]));
  }
  form.set('action', action);
  await citizenAction(grievance, form);
  return caseAnswer(context);
}
