import { db, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { AcceptedFile } from '../../server/content/uploads';
import {
  complaintNumber,
  isGrievanceState,
  LEGACY_STATUS,
  LODGED_BY,
  refusalOf,
  TRANSITIONS,
  type GrievanceState,
  type TransitionName,
  type TransitionRule,
} from './grievance-workflow';
import { commitGrievanceWrite, auditActor, type GrievanceActor, type NoteVisibility } from './grievance-write.server';
import { readSettings, writeSetting, type SettingName } from './grievance-settings.server';
import type { Lang } from '../../i18n/lang';
import { DEFAULT_DUE_HOURS, GRIEVANCE } from './grievance.service';
import type { EffectChanges } from '../cases/service';

/** Where the legacy complaint row keeps what a step's effect changes (the kernel's names on the left). */
const EFFECT_COLUMNS = {
  decidedAt: 'decided_at', actionBy: 'action_by', actionDate: 'action_date', actionImage1: 'action_image_1_media_id',
  actionImage2: 'action_image_2_media_id', rating: 'rating', ratingComment: 'rating_comment', closedAt: 'closed_at',
} as const;

function effectColumns(effect: EffectChanges): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (effect.assigneeId !== undefined) columns.officer_id = effect.assigneeId;
  for (const [key, value] of Object.entries(effect.data ?? {})) {
    const column = EFFECT_COLUMNS[key as keyof typeof EFFECT_COLUMNS];
    if (!column) throw new Error(`grievance effect: no column for ${key}`);
    columns[column] = value;
  }
  return columns;
}

/** The state and the old status word are written together, so that the legacy calls read the mapping. */
function stateColumns(state: GrievanceState) {
  return { state, status: LEGACY_STATUS[state] };
}

const HOUR_MS = 3_600_000;
const dueFrom = (at: string, slaHours: number) => new Date(Date.parse(at) + slaHours * HOUR_MS).toISOString();

/** The most photos a citizen sends with a grievance, and an officer with a resolution. */
export const MAX_PHOTOS = 4;

export interface NewGrievance {
  grievanceTypeId: number;
  wardId: number;
  /** The council's own district and ULB when not given (the public form does not ask). */
  districtId?: number;
  ulbId?: number;
  address: string;
  landmark: string;
  description: string;
  suggestion: string;
  name: string;
  mobile: string;
  email: string;
  source: 'web' | 'desk' | 'open311';
  /** The language it is lodged in, which its messages are written in: English unless told. */
  lang?: Lang;
}

async function firstId(database: Db, table: 'district' | 'ulb'): Promise<number> {
  const row = await database.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!row) throw new HttpError(409, `No ${table} is set up yet; the council must add one first.`);
  return row.id;
}

/** The old picture columns, in the order of the add-complaint call's parts. */
const LEGACY_SLOT_COLUMNS = {
  pub_Image_1: 'pub_image_1_media_id',
  pub_Image_2: 'pub_image_2_media_id',
  action_Image_1: 'action_image_1_media_id',
  action_Image_2: 'action_image_2_media_id',
} as const;
export type LegacySlots = Partial<Record<keyof typeof LEGACY_SLOT_COLUMNS, AcceptedFile>>;

/**
 * Lodges a grievance. A citizen's first two photos also fill the old picture slots (old clients show
 * those); the desk's add-complaint call names its slots itself (`legacySlots`, used instead of `photos`).
 * Returns the complaint's id and number.
 */
export async function lodgeGrievance(
  input: NewGrievance,
  photos: readonly AcceptedFile[],
  actor: GrievanceActor,
  legacySlots?: LegacySlots,
  database: Db = db(),
): Promise<{ id: number; number: string }> {
  if (!LODGED_BY.includes(actor.party)) throw new HttpError(403, 'Your role may not lodge grievances.');
  if (photos.length > MAX_PHOTOS) throw new HttpError(400, `Send at most ${MAX_PHOTOS} photos.`, { photos: `Send at most ${MAX_PHOTOS} photos.` });
  const category = await database.selectFrom('grievance_type').select(['id', 'sla_hours']).where('id', '=', input.grievanceTypeId).executeTakeFirst();
  if (!category) throw new HttpError(400, 'That category does not exist; choose one from the list.', { category: 'That category does not exist; choose one from the list.' });
  const districtId = input.districtId ?? (await firstId(database, 'district'));
  const ulbId = input.ulbId ?? (await firstId(database, 'ulb'));
  const slotted = legacySlots ? (Object.keys(LEGACY_SLOT_COLUMNS) as (keyof typeof LEGACY_SLOT_COLUMNS)[]).filter((key) => legacySlots[key]) : null;
  const all = slotted ? slotted.map((key) => legacySlots![key]!) : photos;
  const id = await commitGrievanceWrite(
    {
      actor,
      photos: all,
      notify: true,
      apply: async (trx, ids, at) => {
        const pictures: Record<string, number | null> = slotted
          ? Object.fromEntries(slotted.map((key, i) => [LEGACY_SLOT_COLUMNS[key], ids[i]]))
          : { pub_image_1_media_id: ids[0] ?? null, pub_image_2_media_id: ids[1] ?? null };
        const row = await trx
          .insertInto('complaint')
          .values({
            grievance_type_id: category.id,
            district_id: districtId,
            ward_id: input.wardId,
            ulb_id: ulbId,
            your_suggestion: input.suggestion,
            landmark: input.landmark,
            additional_information: input.description,
            entry_by: actor.party === 'citizen' ? (input.source === 'open311' ? 'Open311' : 'Online') : actor.label,
            entry_date: at,
            action_by: '',
            action_date: null,
            ...pictures,
            ...stateColumns('Lodged'),
            due_at: dueFrom(at, category.sla_hours),
            sla_hours: category.sla_hours,
            citizen_name: input.name,
            citizen_mobile: input.mobile,
            citizen_email: input.email,
            address: input.address,
            source: input.source,
            lang: input.lang ?? 'en',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('complaint').set({ complaint_number: complaintNumber(row.id, at) }).where('id', '=', row.id).execute();
        return { complaintId: row.id, before: null, auditAction: 'create', event: { action: 'lodge', from: null, to: 'Lodged', note: '' } };
      },
    },
    database,
  );
  const stored = await database.selectFrom('complaint').select('complaint_number').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, number: stored.complaint_number! };
}

export interface TransitionInput {
  note?: string;
  officerId?: number | null;
  rating?: number | null;
  photos?: readonly AcceptedFile[];
  /** Who reads a member of staff's note: staff only unless they say the citizen should. */
  noteVisibility?: NoteVisibility;
  /** The moment the reopen window is measured at; now unless given (the automatic closing passes its own). */
  now?: number;
}

const NOT_FOUND = 'No grievance with that number.';

/**
 * Moves a grievance along one transition of the workflow, refused (with the reason) unless the table in
 * grievance-workflow.ts allows it for this party, in this state, with this input.
 */
export async function transitionGrievance(
  number: string,
  transition: TransitionName,
  input: TransitionInput,
  actor: GrievanceActor,
  database: Db = db(),
): Promise<void> {
  const rule = TRANSITIONS[transition];
  const photos = input.photos ?? [];
  if (photos.length > MAX_PHOTOS) throw new HttpError(400, `Send at most ${MAX_PHOTOS} photos.`, { photos: `Send at most ${MAX_PHOTOS} photos.` });
  const note = (input.note ?? '').trim();
  const settings = await readSettings(database);
  const check = async (trx: Db) => {
    const row = await trx.selectFrom('complaint').selectAll().where('complaint_number', '=', number).executeTakeFirst();
    if (!row) throw new HttpError(404, NOT_FOUND);
    const state = isGrievanceState(row.state) ? row.state : 'Lodged';
    let officerId: number | null = null;
    if (rule.requires?.includes('officer') && input.officerId) {
      const officer = await trx.selectFrom('app_user').select('id').where('id', '=', input.officerId).where('role', '=', 'officer').executeTakeFirst();
      if (!officer) throw new HttpError(400, 'That officer does not exist.', { officer: 'That officer does not exist.' });
      officerId = officer.id;
    }
    const refusal = refusalOf({
      transition,
      party: actor.party,
      state,
      isAssignedOfficer: actor.userId !== null && row.officer_id === actor.userId,
      officerId,
      photoCount: photos.length,
      note,
      rating: input.rating,
      decidedAt: row.decided_at,
      reopenWindowDays: settings.reopenWindowDays,
      now: input.now ?? Date.now(),
    });
    if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.field ? { [refusal.field]: refusal.message } : undefined);
    return { row, state, officerId };
  };
  // Checked before any photo is stored, then again inside the transaction against the row as it is then.
  await check(database);
  await commitGrievanceWrite(
    {
      actor,
      photos,
      notify: true,
      apply: async (trx, ids, at) => {
        const { row, state, officerId } = await check(trx);
        const effect = rule.effect?.({ at, actorLabel: actor.label, note, photoIds: ids, fields: { officerId, rating: input.rating ?? null }, data: {} }) ?? {};
        // Entering a state that starts a due time (a reopening) gives a fresh one of the category's hours.
        const due = GRIEVANCE.states[rule.to].dueHours ? { due_at: dueFrom(at, row.sla_hours ?? DEFAULT_DUE_HOURS) } : {};
        const changes: Record<string, unknown> = { ...stateColumns(rule.to), ...effectColumns(effect), ...due };
        // Only from the state just checked: of two people acting at once, the second is told it has moved on.
        const updated = await trx.updateTable('complaint').set(changes).where('id', '=', row.id).where('state', '=', row.state).executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, `${rule.label}: the grievance has just been changed by someone else; look again.`);
        return {
          complaintId: row.id,
          before: row,
          auditAction: 'transition',
          event: { action: transition, from: state, to: rule.to, note, officerId: changes.officer_id as number | null | undefined, rating: input.rating ?? null, visibility: noteVisibility(rule, actor, input) },
        };
      },
    },
    database,
  );
}

/**
 * A citizen's own words, the system's, and a reason (a rejection's, which the citizen is owed) are the
 * citizen's to read; any other note from staff is for staff unless they chose otherwise.
 */
function noteVisibility(rule: TransitionRule, actor: GrievanceActor, input: TransitionInput): NoteVisibility {
  if (actor.party === 'citizen' || actor.party === 'system' || ('publicNote' in rule && rule.publicNote)) return 'public';
  return input.noteVisibility ?? 'staff';
}

const SYSTEM: GrievanceActor = { party: 'system', userId: null, label: 'System' };

/**
 * Closes every grievance resolved more than autoCloseDays ago that nobody rated. Run by the auto-close job
 * (grievance-jobs.server.ts), not by readers: a grievance closes on time whether or not anybody looks.
 */
export async function closeStaleResolutions(options: { now?: number } = {}, database: Db = db()): Promise<number> {
  const now = options.now ?? Date.now();
  const settings = await readSettings(database);
  const cutoff = new Date(now - settings.autoCloseDays * 86_400_000).toISOString();
  const stale = await database.selectFrom('complaint').select('complaint_number').where('state', '=', 'Resolved').where('decided_at', '<', cutoff).execute();
  let closed = 0;
  for (const { complaint_number } of stale) {
    if (!complaint_number) continue;
    try {
      await transitionGrievance(complaint_number, 'auto-close', { note: `No rating within ${settings.autoCloseDays} days of the resolution.`, now }, SYSTEM, database);
      closed++;
    } catch (err) {
      // Another instance closed it first, or the citizen rated it meanwhile: nothing to do.
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return closed;
}

/** The text fields staff may redact, and what replaces removed text. */
export const REDACTABLE = { description: 'additional_information', suggestion: 'your_suggestion', landmark: 'landmark', address: 'address' } as const;
export type RedactableField = keyof typeof REDACTABLE;

/** Replaces personal text a citizen wrote; the audit log keeps who did it and what was there before. */
export async function redactGrievance(number: string, changes: Partial<Record<RedactableField, string>>, actor: GrievanceActor, database: Db = db()): Promise<void> {
  if (actor.party !== 'admin' && actor.party !== 'user') throw new HttpError(403, 'Only the desk and admins may redact.');
  const columns: Record<string, string> = {};
  for (const [field, value] of Object.entries(changes) as [RedactableField, string][]) {
    if (typeof value === 'string') columns[REDACTABLE[field]] = value.trim().slice(0, 2000);
  }
  if (Object.keys(columns).length === 0) throw new HttpError(400, 'Nothing to redact.');
  await commitGrievanceWrite(
    {
      actor,
      photos: [],
      notify: false,
      apply: async (trx) => {
        const row = await trx.selectFrom('complaint').selectAll().where('complaint_number', '=', number).executeTakeFirst();
        if (!row) throw new HttpError(404, NOT_FOUND);
        await trx.updateTable('complaint').set(columns).where('id', '=', row.id).execute();
        return { complaintId: row.id, before: row, event: null, auditAction: 'redact' };
      },
    },
    database,
  );
}

/** Sets a category's SLA in hours (1 to 2,000); audited. New grievances of it are due that long after lodging. */
export async function setCategorySla(categoryId: number, hours: number, actor: GrievanceActor, database: Db = db()): Promise<void> {
  if (!Number.isInteger(hours) || hours < 1 || hours > 2000) throw new HttpError(400, 'The SLA is a whole number of hours from 1 to 2000.', { sla: 'The SLA is a whole number of hours from 1 to 2000.' });
  await runWrite(
    {
      actor: auditActor(actor), entity: 'grievance-category', table: 'grievance_type', files: [],
      change: async (trx) => {
        const before = await trx.selectFrom('grievance_type').selectAll().where('id', '=', categoryId).executeTakeFirst();
        if (!before) throw new HttpError(404, 'No such category.');
        await trx.updateTable('grievance_type').set({ sla_hours: hours }).where('id', '=', categoryId).execute();
        return { result: undefined, audit: { action: 'update', recordId: categoryId, before, after: { ...before, sla_hours: hours } } };
      },
    },
    database,
  );
}

export async function setWorkflowSetting(name: SettingName, value: number, actor: GrievanceActor, database: Db = db()): Promise<void> {
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new HttpError(400, 'A setting is a whole number from 0 to 100000.', { [name]: 'A whole number from 0 to 100000.' });
  await runWrite(
    {
      actor: auditActor(actor), entity: 'grievance-setting', table: 'grievance_setting', files: [],
      change: async (trx) => {
        const before = await readSettings(trx);
        await writeSetting(name, value, trx);
        return { result: undefined, audit: { action: 'update', recordId: null, before: { [name]: before[name] }, after: { [name]: value } } };
      },
    },
    database,
  );
}
