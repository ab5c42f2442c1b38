import { ValidationError } from 'yup';
import { db, type Db } from '../../server/db';
import { HttpError, validationError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import { auditSnapshot, recordAudit } from '../../server/audit';
import type { AcceptedFile } from '../../server/content/uploads';
import { now as clockNow } from '../../server/clock';
import type { CaseContact } from './contact';
import { queueAssignmentNotice, queueCitizenMessage } from './case-messages.server';
import { tellCaseWatchers } from './case-watchers.server';
import { mergeInto, queueSupporterMessages } from './case-supporters.server';
import { dropCaseFiles } from './case-files.server';
import { CITIZEN, SYSTEM, requirementsOf, type Lang, type Party, type AnyService, type OriginalCase, type PublicCase } from './service';
import { HOUR_MS, indianDate } from '../../lib/india-time';
import { takeNumber } from '../../server/numbering';

/**
 * The kernel's writes: lodging a case and taking a step on it, for any declared service, each through the one
 * write path (transaction → files → the case and its event → the citizen's message into the outbox → audit →
 * table versions). What a step may do, who may take it and what it requires come from the declaration.
 */

/** Who makes a write: their party in the service's transitions, and how the audit log and the timeline name them. */
export interface CaseActor {
  party: Party;
  userId: number | null;
  label: string;
}

export const SYSTEM_ACTOR: CaseActor = { party: SYSTEM, userId: null, label: 'System' };

export type Visibility = 'public' | 'staff';

/** The most photos, and documents, sent with one step. */
export const MAX_FILES = 4;

export interface NewCase {
  wardId?: number | null;
  categoryId?: number | null;
  contact: CaseContact;
  /** The service's own fields, checked by its schema. */
  data: unknown;
  lang?: Lang;
  source?: string;
  /** What the service's lodgeEffect reads beyond the data (which legacy picture slot each photo fills, say). */
  fields?: Record<string, unknown>;
}


/** The hours a case gets on entering a state: the category's word for it, else the state's. Null: no new due time. */
async function dueHours(service: AnyService, state: string, categoryId: number | null, database: Db): Promise<number | null> {
  const declared = service.states[state]?.dueHours;
  if (declared === undefined) return null;
  if (categoryId !== null && service.categoryDueHours) return (await service.categoryDueHours(database, categoryId, state)) ?? declared;
  return declared;
}

async function checkedData(service: AnyService, data: unknown): Promise<Record<string, unknown>> {
  try {
    return (await service.data.validate(data ?? {}, { abortEarly: false, stripUnknown: true })) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof ValidationError) throw validationError(err);
    throw err;
  }
}

const filesTooMany = (count: number) => count > MAX_FILES && new HttpError(400, `Send at most ${MAX_FILES} files of each kind.`, { photos: `Send at most ${MAX_FILES} files of each kind.` });

export interface EventRow {
  action: string;
  from: string | null;
  to: string;
  note: string;
  visibility: Visibility;
  data: Record<string, unknown>;
}

/** One entry of a case's timeline, with its files; a service's own record of work on a case (a document's verdict) writes one too. */
export async function storeEvent(trx: Db, caseId: number, at: string, actor: CaseActor, event: EventRow, files: { id: number; kind: 'photo' | 'document' }[]) {
  const stored = await trx
    .insertInto('case_event')
    .values({
      case_id: caseId, at, actor_kind: actor.party === CITIZEN || actor.party === SYSTEM ? actor.party : 'staff', actor_user_id: actor.userId,
      actor_label: actor.label, action: event.action, from_state: event.from, to_state: event.to, note: event.note, visibility: event.visibility,
      data: JSON.stringify(event.data),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, file] of files.entries()) {
    await trx.insertInto('case_event_media').values({ event_id: stored.id, position, media_id: file.id, kind: file.kind }).execute();
  }
}

function uploadsOf(photos: readonly AcceptedFile[], documents: readonly AcceptedFile[]) {
  return Object.fromEntries([...photos.map((f, i) => [`photo${i}`, f]), ...documents.map((f, i) => [`document${i}`, f])]);
}

function storedFiles(media: Readonly<Record<string, number>>, photos: number, documents: number) {
  return [
    ...Array.from({ length: photos }, (_, i) => ({ id: media[`photo${i}`], kind: 'photo' as const })),
    ...Array.from({ length: documents }, (_, i) => ({ id: media[`document${i}`], kind: 'document' as const })),
  ];
}

/** Lodges a case of a service; the citizen is told its number in the outbox when the service declares a `lodge` text. */
export async function lodgeCase(
  service: AnyService,
  input: NewCase,
  /** `private`: these files are private though the service's are not (a citizen kept their photos from the public). */
  files: { photos?: readonly AcceptedFile[]; documents?: readonly AcceptedFile[]; private?: boolean },
  actor: CaseActor,
  database: Db = db(),
): Promise<{ id: number; number: string }> {
  if (!service.lodgedBy.includes(actor.party)) throw new HttpError(403, `Your role may not lodge a ${service.noun}.`);
  const photos = files.photos ?? [];
  const documents = files.documents ?? [];
  const tooMany = filesTooMany(Math.max(photos.length, documents.length));
  if (tooMany) throw tooMany;
  const data = await checkedData(service, input.data);
  const lang: Lang = input.lang === 'hi' ? 'hi' : 'en';
  return runWrite(
    {
      actor: { id: actor.userId, email: actor.label }, entity: service.auditEntity ?? 'case', table: 'service_case', files: [], uploads: uploadsOf(photos, documents),
      privateUploads: service.privateFiles === true || files.private === true,
      change: async (trx, media) => {
        const at = new Date(clockNow()).toISOString();
        const stored = storedFiles(media, photos.length, documents.length);
        const photoIds = stored.filter((f) => f.kind === 'photo').map((f) => f.id);
        const lodged = service.lodgeEffect?.({ at, actorLabel: actor.label, note: '', fields: input.fields ?? {}, photoIds, data }) ?? {};
        const caseData = { ...data, ...lodged.data };
        const hours = await dueHours(service, service.initial, input.categoryId ?? null, trx);
        // Numbered in this transaction: a lodging that fails gives its number back.
        const { number } = await takeNumber(trx, service.series, indianDate(Date.parse(at)));
        const row = await trx
          .insertInto('service_case')
          .values({
            service: service.name, number, state: service.initial,
            ward_id: input.wardId ?? null, category_id: input.categoryId ?? null, assignee_id: null,
            due_at: hours === null ? null : new Date(Date.parse(at) + hours * HOUR_MS).toISOString(),
            lodged_at: at, state_since: at, updated_at: at, lang, source: input.source ?? 'web', data: JSON.stringify(caseData),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('case_contact').values({ case_id: row.id, ...input.contact }).execute();
        await storeEvent(trx, row.id, at, actor, { action: 'lodge', from: null, to: service.initial, note: '', visibility: 'public', data: {} }, stored);
        if (service.catalogue('en').lodge) await queueCitizenMessage(trx, service, number, input.contact, lang, { key: 'lodge', state: service.initial, note: '' });
        await tellCaseWatchers(trx, { service, caseId: row.id, number, action: 'lodge', from: null, to: service.initial, toldToCitizen: true });
        return { result: { id: row.id, number }, audit: { action: 'create', recordId: row.id, before: null, after: { number, service: service.name, state: service.initial, data: caseData, ...service.auditView?.({ number, state: service.initial, data: caseData }) } } };
      },
    },
    database,
  );
}

export interface StepInput {
  note?: string;
  /** Who reads a member of staff's note: staff only unless they say the citizen should. */
  visibility?: Visibility;
  photos?: readonly AcceptedFile[];
  documents?: readonly AcceptedFile[];
  /** What else the transition reads (an officer's id for an assignment, a rating). */
  fields?: Record<string, unknown>;
  /** Files of the case this step's own replace (a refused document sent again): dropped with the step, unless it sends the same file. */
  replacesFiles?: readonly number[];
}

const notFound = (service: AnyService) => new HttpError(404, `No ${service.noun} with that number.`);

/** A step, ready to be checked and written: its check and its change, for whichever transaction runs them. */
function plannedStep(service: AnyService, number: string, action: string, input: StepInput, actor: CaseActor) {
  if (!service.workflow.isAction(action)) throw new HttpError(404, 'There is no such action.');
  const rule = service.transitions[action];
  const photos = input.photos ?? [];
  const documents = input.documents ?? [];
  const tooMany = filesTooMany(Math.max(photos.length, documents.length));
  if (tooMany) throw tooMany;
  const stepNote = (input.note ?? '').trim().slice(0, 2000);
  const fields = input.fields ?? {};
  const check = async (trx: Db) => {
    const row = await trx.selectFrom('service_case').selectAll().where('number', '=', number).where('service', '=', service.name).executeTakeFirst();
    if (!row) throw notFound(service);
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const record = { ...data, assigneeId: row.assignee_id, stateSince: row.state_since };
    const loaded: Record<string, unknown> = {};
    for (const [name, requirement] of requirementsOf(service, action)) if (requirement.load) loaded[name] = await requirement.load(trx, row.id, fields);
    const refusal = service.refusal({
      action, party: actor.party, state: row.state, isAssignee: actor.userId !== null && row.assignee_id === actor.userId,
      context: { note: stepNote, photoCount: photos.length, documentCount: documents.length, fields, record, loaded, now: clockNow() },
    });
    if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.field ? { [refusal.field]: refusal.message } : undefined);
    return { row, data, loaded };
  };
  const change = async (trx: Db, media: Readonly<Record<string, number>>) => {
    const { row, data, loaded } = await check(trx);
    const at = new Date(clockNow()).toISOString();
    const files = storedFiles(media, photos.length, documents.length);
    const effect = (await rule.effect?.({ at, actorLabel: actor.label, note: stepNote, fields, photoIds: files.filter((f) => f.kind === 'photo').map((f) => f.id), data, loaded, database: trx, caseId: row.id, number: row.number,
      takeNumber: async (series, day, year) => (await takeNumber(trx, series, day, year)).number })) ?? {};
    // An effect that records something of its own (a licence issued) may word the step's note from it.
    const note = effect.note ?? stepNote;
    const hours = await dueHours(service, rule.to, row.category_id, trx);
    const changes = {
      state: rule.to, state_since: at, updated_at: at, data: JSON.stringify({ ...data, ...effect.data }),
      ...(effect.assigneeId !== undefined ? { assignee_id: effect.assigneeId } : {}),
      ...(hours !== null ? { due_at: new Date(Date.parse(at) + hours * HOUR_MS).toISOString() } : {}),
    };
    // Only from the state (and, for a step that gives the case to someone, the assignee) just checked: of two
    // people acting at once, the second is told it has moved on, and an assignee is told of it only once.
    let update = trx.updateTable('service_case').set(changes).where('id', '=', row.id).where('state', '=', row.state);
    if (effect.assigneeId !== undefined) update = row.assignee_id === null ? update.where('assignee_id', 'is', null) : update.where('assignee_id', '=', row.assignee_id);
    const updated = await update.executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, `${rule.label}: the ${service.noun} has just been changed by someone else; look again.`);
    // The citizen's own words, the system's and a reason they are owed are theirs to read; staff choose for the rest.
    const visibility: Visibility = actor.party === CITIZEN || actor.party === SYSTEM || rule.publicNote ? 'public' : (input.visibility ?? 'staff');
    await storeEvent(trx, row.id, at, actor, { action, from: row.state, to: rule.to, note, visibility, data: fields }, files);
    await dropCaseFiles(trx, row.id, (input.replacesFiles ?? []).filter((id) => !files.some((f) => f.id === id)));
    const lang: Lang = row.lang === 'hi' ? 'hi' : 'en';
    const original = rule.merges ? (loaded.original as OriginalCase) : null;
    if (original) await mergeInto(trx, service, { id: row.id, number: row.number, lang }, original, at, actor);
    if (rule.message) {
      const contact = await trx.selectFrom('case_contact').select(['name', 'mobile', 'email', 'address']).where('case_id', '=', row.id).executeTakeFirstOrThrow();
      // A merge's message names the original instead of a note.
      const step = { key: rule.message, state: rule.to, note: original ? original.number : visibility === 'public' ? note : '' };
      await queueCitizenMessage(trx, service, row.number, contact, lang, step);
      // Whoever follows the case hears of the same steps (the duplicate's followers of its merge, too).
      await queueSupporterMessages(trx, service, row.id, row.number, step);
    }
    // Whoever the case is now given to hears of it, unless they took it themselves or had it already.
    const newAssignee = typeof effect.assigneeId === 'number' && effect.assigneeId !== row.assignee_id && effect.assigneeId !== actor.userId ? effect.assigneeId : null;
    if (newAssignee !== null) await tellAssignee(trx, service, { row, changes, assigneeId: newAssignee, actor });
    await tellCaseWatchers(trx, { service, caseId: row.id, number: row.number, action, from: row.state, to: rule.to, toldToCitizen: Boolean(rule.message) });
    return { result: undefined, audit: { action: 'transition' as const, recordId: row.id, before: row, after: { ...row, ...changes, event: { action, note, visibility } } } };
  };
  return { check, change, uploads: uploadsOf(photos, documents) };
}

/** The email to the member of staff a step gave the case to, named by the step's actor as the staff list names them. */
async function tellAssignee(
  trx: Db, service: AnyService,
  step: {
    row: { number: string; ward_id: number | null; category_id: number | null; lodged_at: string; due_at: string | null };
    changes: { state: string; data: string; due_at?: string };
    assigneeId: number;
    actor: CaseActor;
  },
): Promise<void> {
  const { row, changes, assigneeId, actor } = step;
  const people = await trx.selectFrom('app_user').select(['id', 'email', 'name']).where('id', 'in', actor.userId === null ? [assigneeId] : [assigneeId, actor.userId]).execute();
  const assignee = people.find((p) => p.id === assigneeId);
  if (!assignee) return;
  const by = people.find((p) => p.id === actor.userId);
  const record: PublicCase = {
    number: row.number, service: service.name, state: changes.state, wardId: row.ward_id, categoryId: row.category_id, lodgedAt: row.lodged_at,
    dueAt: changes.due_at ?? row.due_at, overdue: false, data: JSON.parse(changes.data) as Record<string, unknown>,
  };
  await queueAssignmentNotice(trx, service, record, assignee, by ? by.name?.trim() || by.email : actor.label);
}

/**
 * Takes one step of a case, refused (with the reason) unless the service's declaration allows it for this
 * party, in this state, with this input; checked before any file is stored, and again in the transaction.
 */
export async function takeStep(service: AnyService, number: string, action: string, input: StepInput, actor: CaseActor, database: Db = db()): Promise<void> {
  const step = plannedStep(service, number, action, input, actor);
  await step.check(database);
  await runWrite({ actor: { id: actor.userId, email: actor.label }, entity: service.auditEntity ?? 'case', table: 'service_case', files: [], uploads: step.uploads, privateUploads: service.privateFiles === true, change: step.change }, database);
}

/**
 * Takes a step, with no files, inside a transaction the caller already holds: a payment's receipt issues
 * what was paid for in the same commit. Checked, written and audited as any step; the caller's write raises
 * the table versions and delivers the queued messages after its commit.
 */
export async function takeStepWithin(trx: Db, service: AnyService, number: string, action: string, input: Omit<StepInput, 'photos' | 'documents'>, actor: CaseActor): Promise<void> {
  const { audit } = await plannedStep(service, number, action, input, actor).change(trx, {});
  await recordAudit(trx, { id: actor.userId, email: actor.label }, {
    action: audit.action, entity: service.auditEntity ?? 'case', recordId: audit.recordId, before: await auditSnapshot(trx, audit.before, []), after: await auditSnapshot(trx, audit.after, []),
  });
}
