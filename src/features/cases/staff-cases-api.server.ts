import type { Role } from '../../lib/roles';
import type { APIContext } from 'astro';
import { HttpError, json, readJsonBody } from '../../server/http';
import { now } from '../../server/clock';
import type { Session } from '../../server/auth/session';
import { acceptSpooledFiles, checkSpooledFiles, readStreamedForm, type StreamedFormSpec } from '../../server/streamed-form';
import { acceptUpload, bodyLimitFor, decodeBase64File, type AcceptedFile, type UploadSlot } from '../../server/content/uploads';
import { db, type Db } from '../../server/db';
import { countCasesByState, listCases, type CaseFilter } from './case-queries.server';
import { summaryOf, type CaseDetail, type CaseSource, type CaseSummary, type StepRequest } from './case-source.server';
import { caseSources, sourceOfNumber } from './case-sources.server';
import { MAX_FILES, type CaseActor } from './cases.server';
import { parseCaseNumber } from './service';

/**
 * The staff's JSON calls for every service (a mobile app's): GET /api/Staff/cases (filters service, state,
 * ward, category, assignee, overdue, q by number or mobile; sort due or newest; page), GET
 * /api/Staff/cases/{number} with the citizen's contact, its timeline and the steps the caller may take, and
 * POST /api/Staff/cases/{number}/{action} with a note, who reads it, photos and documents, as multipart or as
 * JSON (files as base64). A role a service names among its assigneeRoles (a field officer, for grievances) sees
 * and acts only on that service's cases assigned to it: any other is 404.
 */

const PAGE_SIZE = 50;
/** A page beyond this is refused: staff narrow a long list with its filters rather than page through thousands. */
const MAX_PAGE = 100;

const STEP_FORM: StreamedFormSpec = {
  files: { photos: { kind: 'image', maxCount: MAX_FILES, label: 'Photo' }, documents: { kind: 'document', maxCount: MAX_FILES, label: 'Document' } },
  textBytes: 64 * 1024,
};

const PHOTO_SLOT: UploadSlot = { key: 'photos', label: 'Photo', kind: 'image' };
const DOCUMENT_SLOT: UploadSlot = { key: 'documents', label: 'Document', kind: 'document' };

/** The services whose cases this role sees only when they are assigned to it (their assigneeRoles name it). */
export function ownServicesOf(role: Role): string[] {
  return caseSources().filter((s) => (s.service.assigneeRoles ?? []).includes(role)).map((s) => s.service.name);
}

/** Whether this member of staff sees some service's cases only when assigned to them (a field officer). */
export const ownOnly = (session: Session) => ownServicesOf(session.user.role).length > 0;

/** A service's cases are for admins and for the roles its declaration names (a licence verifier sees no grievance). */
export function servesRole(source: CaseSource, role: Role): boolean {
  const service = source.service;
  return role === 'admin' || service.lodgedBy.includes(role) || (service.assigneeRoles ?? []).includes(role) || Object.values(service.transitions).some((rule) => rule.by.includes(role));
}

export function filterOf(url: URL, session: Session): { filter: CaseFilter; page: number } {
  const params = url.searchParams;
  const id = (name: string) => (/^\d{1,9}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : undefined);
  const page = Math.max(1, id('page') ?? 1);
  if (page > MAX_PAGE) throw new HttpError(400, `Pages go up to ${MAX_PAGE}; narrow the list with its filters.`);
  const assignee = params.get('assignee');
  // A service or state is a plain name; anything else (a NUL byte, markup) names none, as an unknown name does.
  const name = (key: string) => {
    const value = params.get(key) ?? '';
    return value === '' ? undefined : /^[A-Za-z][A-Za-z_ -]{0,39}$/.test(value) ? value : 'unknown';
  };
  return {
    page,
    filter: {
      service: name('service'),
      state: name('state'),
      wardId: id('ward'),
      categoryId: id('category'),
      assignee: assignee === 'none' ? 'none' : id('assignee'),
      ownFor: ownOnly(session) ? { assigneeId: session.user.id, services: ownServicesOf(session.user.role) } : undefined,
      overdue: params.get('overdue') === '1' || params.get('overdue') === 'true',
      q: (params.get('q') ?? '').replace(/[\u0000-\u001f]/g, '').slice(0, 40) || undefined,
      sort: params.get('sort') === 'newest' ? 'newest' : 'due',
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    },
  };
}

/** GET /api/Staff/cases */
export async function listAnswer(context: APIContext): Promise<Response> {
  const session = context.locals.session!;
  const { filter } = filterOf(context.url, session);
  const { total, rows } = await listStaffCases(filter, session.user.role);
  return json(rows, 200, { 'x-total-count': String(total) });
}

/** The services whose inbox this role reads: those it serves, or the filter's one of them. */
function servedServices(filter: Pick<CaseFilter, 'service'>, role: Role) {
  return caseSources().filter((s) => servesRole(s, role) && (!filter.service || s.service.name === filter.service)).map((s) => s.service);
}

/**
 * One page of the inbox of every service the role serves (or the filter's one), as the API and the inbox page
 * show it: one query for the rows and one for the count, however many services and whichever page.
 */
export async function listStaffCases(filter: CaseFilter, role: Role, database: Db = db()): Promise<{ total: number; rows: CaseSummary[] }> {
  const services = servedServices(filter, role);
  const { total, rows } = await listCases(filter, now(), database, services);
  return { total, rows: rows.map((row) => summaryOf(services.find((s) => s.name === row.service)!, row)) };
}

/** The inbox's counts by state and overdue, for the same filter without its own state and overdue choice: one grouped query. */
export async function countStaffCases(filter: CaseFilter, role: Role, database: Db = db()): Promise<{ byState: Map<string, number>; overdue: number }> {
  const { state: _state, overdue: _overdue, limit: _limit, offset: _offset, sort: _sort, ...rest } = filter;
  return countCasesByState(rest, now(), database, servedServices(filter, role));
}

/** The case behind a number as this member of staff may see it, or 404. */
export async function staffCase(number: string | undefined, session: Session): Promise<{ source: CaseSource; found: CaseDetail }> {
  const parsed = parseCaseNumber(number);
  const source = parsed ? sourceOfNumber(parsed) : undefined;
  const found = parsed && source ? await source.find(parsed, now()) : null;
  const notTheirs = found && (source?.service.assigneeRoles ?? []).includes(session.user.role) && found.assigneeId !== session.user.id;
  if (!source || !servesRole(source, session.user.role) || !found || notTheirs) throw new HttpError(404, 'No case with that number.');
  return { source, found };
}

/** GET /api/Staff/cases/{number} */
export async function caseAnswer(context: APIContext): Promise<Response> {
  const session = context.locals.session!;
  const { source, found } = await staffCase(context.params.number, session);
  const actions = source.service.actionsFor(session.user.role, found.state, found.assigneeId === session.user.id);
  return json({ ...found, actions });
}

async function decodedFiles(value: unknown, slot: UploadSlot): Promise<AcceptedFile[]> {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_FILES) throw new HttpError(400, `Send at most ${MAX_FILES} files as ${slot.key}.`, { [slot.key]: `Send at most ${MAX_FILES}.` });
  const files: AcceptedFile[] = [];
  for (const item of list) {
    const bytes = typeof item === 'string' ? decodeBase64File(item) : 'malformed';
    if (bytes === null || bytes === 'malformed') throw new HttpError(400, `${slot.label}: send the file as base64.`, { [slot.key]: 'Send the file as base64.' });
    files.push(await acceptUpload(bytes, slot));
  }
  return files;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Reads a step's body: multipart or urlencoded (files as parts), or JSON (files as base64). */
export async function stepRequestOf(request: Request): Promise<StepRequest> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    const body = await readJsonBody(request, bodyLimitFor(Array(MAX_FILES * 2).fill('image'), 'base64'));
    return {
      note: textOf(body.note).slice(0, 1000),
      visibility: body.visibility === 'public' ? 'public' : 'staff',
      photos: await decodedFiles(body.photos, PHOTO_SLOT),
      documents: await decodedFiles(body.documents, DOCUMENT_SLOT),
      fields: { officer: textOf(body.officer), original: textOf(body.original).slice(0, 40) },
    };
  }
  return (await readStepForm(request)).step;
}

/**
 * A step's form as the case page posts it (multipart or urlencoded): the step, and the form's other fields
 * (the action, the draft key) as `field`. The files are checked and read before the spooled parts go.
 */
export async function readStepForm(request: Request): Promise<{ step: StepRequest; field: (name: string) => string }> {
  const form = await readStreamedForm(request, STEP_FORM);
  try {
    const field = (name: string) => textOf(form.fields.get(name));
    await checkSpooledFiles(form.files, STEP_FORM);
    const step: StepRequest = {
      note: field('note').slice(0, 1000),
      visibility: field('visibility') === 'public' || field('note_visibility') === 'public' ? 'public' : 'staff',
      photos: await acceptSpooledFiles(form.files, STEP_FORM, 'photos'),
      documents: await acceptSpooledFiles(form.files, STEP_FORM, 'documents'),
      fields: { officer: field('officer'), original: field('original').slice(0, 40) },
    };
    return { step, field };
  } finally {
    await form.dispose();
  }
}

/** POST /api/Staff/cases/{number}/{action}: answers the case as it is after the step. */
export async function stepAnswer(context: APIContext): Promise<Response> {
  const session = context.locals.session!;
  const { source, found } = await staffCase(context.params.number, session);
  const action = context.params.action ?? '';
  if (!source.service.workflow.isAction(action)) throw new HttpError(404, 'There is no such action.');
  const actor: CaseActor = { party: session.user.role, userId: session.user.id, label: session.user.email };
  await source.step(found.number, action, await stepRequestOf(context.request), actor);
  return caseAnswer(context);
}
