import { db, type Db } from '../../server/db';
import { checkHindiName } from '../hindi-names/hindi-name-check';
import { HttpError } from '../../server/http';
import { runWrite } from '../../server/write-path';
import type { AcceptedFile } from '../../server/content/uploads';
import type { Lang } from '../../i18n/lang';
import { lodgeCase, takeStep, type CaseActor, type Visibility } from '../cases/cases.server';
import { LODGED_BY, type Party, type TransitionName } from './grievance-workflow';
import { readSettings, writeSetting, type SettingName } from './grievance-settings.server';
import { GRIEVANCE } from './grievance.service';
import { REFUSAL } from '../../i18n/refusals';

/**
 * Grievance writes, all through the case kernel (src/features/cases/cases.server.ts): lodging and every step
 * are the kernel's one write path with the grievance's declaration; what is left here is what only a
 * grievance asks (its category, district and ULB, the legacy picture slots, redaction, its settings).
 */

/** Who makes a write: their party in the workflow, and how the audit log and the timeline name them. */
export interface GrievanceActor extends CaseActor {
  party: Party;
}

export type NoteVisibility = Visibility;

/** The most photos a citizen sends with a grievance, and an officer with a resolution. */
export const MAX_PHOTOS = 4;

export interface NewGrievance {
  grievanceTypeId: number;
  /** Null when an Open311 request gave no ward and no point inside one: the desk reads its address. */
  wardId: number | null;
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
  /** Where it is, when the client said (Open311's lat/long, address_string, address_id). */
  location?: { lat: number | null; long: number | null; addressString: string; addressId: string; mediaUrl: string };
  /** The language it is lodged in, which its messages are written in: English unless told. */
  lang?: Lang;
  /**
   * The citizen asked to keep the photos from the public: they are stored as private files (src/server/media.ts)
   * and fill none of the public picture slots, so the public list, the feeds and Open311 never show them.
   */
  photosPrivate?: boolean;
}

async function firstId(database: Db, table: 'district' | 'ulb'): Promise<number> {
  const row = await database.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!row) throw new HttpError(409, `No ${table} is set up yet; the council must add one first.`);
  return row.id;
}

/** The old picture slots of the add-complaint call, and the service data's names for them. */
const LEGACY_SLOTS = { pub_Image_1: 'pubImage1', pub_Image_2: 'pubImage2', action_Image_1: 'actionImage1', action_Image_2: 'actionImage2' } as const;
export type LegacySlots = Partial<Record<keyof typeof LEGACY_SLOTS, AcceptedFile>>;

/**
 * Lodges a grievance. A citizen's first two photos also fill the old picture slots (old clients show
 * those); the desk's add-complaint call names its slots itself (`legacySlots`, used instead of `photos`).
 * Returns the case's id (the legacy calls' complaint id) and number.
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
  if (!category) throw new HttpError(400, REFUSAL.unknownCategory, { category: REFUSAL.unknownCategory });
  const districtId = input.districtId ?? (await firstId(database, 'district'));
  const ulbId = input.ulbId ?? (await firstId(database, 'ulb'));
  const slotted = legacySlots ? (Object.keys(LEGACY_SLOTS) as (keyof typeof LEGACY_SLOTS)[]).filter((key) => legacySlots[key]) : null;
  return lodgeCase(
    GRIEVANCE,
    {
      wardId: input.wardId,
      categoryId: category.id,
      contact: { name: input.name, mobile: input.mobile, email: input.email, address: input.address },
      data: {
        districtId, ulbId, landmark: input.landmark, description: input.description, suggestion: input.suggestion, slaHours: category.sla_hours,
        entryBy: actor.party === 'citizen' ? (input.source === 'open311' ? 'Open311' : 'Online') : actor.label,
        photosPrivate: input.photosPrivate === true,
        ...input.location,
      },
      lang: input.lang ?? 'en',
      source: input.source,
      fields: slotted ? { slots: slotted.map((key) => LEGACY_SLOTS[key]) } : {},
    },
    { photos: slotted ? slotted.map((key) => legacySlots![key]!) : photos, private: input.photosPrivate === true },
    actor,
    database,
  );
}

export interface TransitionInput {
  note?: string;
  officerId?: number | null;
  rating?: number | null;
  photos?: readonly AcceptedFile[];
  /** Who reads a member of staff's note: staff only unless they say the citizen should. */
  noteVisibility?: NoteVisibility;
}

/** Moves a grievance along one step of its declaration, through the kernel; refused with the reason otherwise. */
export async function transitionGrievance(number: string, transition: TransitionName, input: TransitionInput, actor: GrievanceActor, database: Db = db()): Promise<void> {
  const fields: Record<string, unknown> = {};
  if (input.officerId !== undefined && input.officerId !== null) fields.officerId = input.officerId;
  if (input.rating !== undefined && input.rating !== null) fields.rating = input.rating;
  await takeStep(GRIEVANCE, number, transition, { note: input.note, visibility: input.noteVisibility, photos: input.photos, fields }, actor, database);
}

/** The text fields staff may redact: those of the service data, and the citizen's address in the contact. */
export const REDACTABLE = { description: 'description', suggestion: 'suggestion', landmark: 'landmark', address: 'address', addressString: 'addressString' } as const;
export type RedactableField = keyof typeof REDACTABLE;

/** Replaces personal text a citizen wrote; the audit log keeps who did it and what was there before. */
export async function redactGrievance(number: string, changes: Partial<Record<RedactableField, string>>, actor: GrievanceActor, database: Db = db()): Promise<void> {
  if (actor.party !== 'admin' && actor.party !== 'user') throw new HttpError(403, 'Only the desk and admins may redact.');
  const replaced: Partial<Record<RedactableField, string>> = {};
  for (const [field, value] of Object.entries(changes) as [RedactableField, string][]) {
    if (typeof value === 'string' && field in REDACTABLE) replaced[field] = value.trim().slice(0, 2000);
  }
  if (Object.keys(replaced).length === 0) throw new HttpError(400, 'Nothing to redact.');
  await runWrite(
    {
      actor: { id: actor.userId, email: actor.label }, entity: GRIEVANCE.auditEntity ?? 'case', table: 'service_case', files: [],
      change: async (trx) => {
        const row = await trx.selectFrom('service_case').selectAll().where('number', '=', number).where('service', '=', GRIEVANCE.name).executeTakeFirst();
        if (!row) throw new HttpError(404, REFUSAL.noSuchGrievance);
        const contact = await trx.selectFrom('case_contact').selectAll().where('case_id', '=', row.id).executeTakeFirstOrThrow();
        const { address, ...fields } = replaced;
        const data = { ...(JSON.parse(row.data) as Record<string, unknown>), ...fields };
        await trx.updateTable('service_case').set({ data: JSON.stringify(data) }).where('id', '=', row.id).execute();
        if (address !== undefined) await trx.updateTable('case_contact').set({ address }).where('case_id', '=', row.id).execute();
        const before = { ...row, address: contact.address };
        return { result: undefined, audit: { action: 'redact', recordId: row.id, before, after: { ...row, data: JSON.stringify(data), address: address ?? contact.address } } };
      },
    },
    database,
  );
}

/** Sets a category's SLA in hours (1 to 2,000); audited. New grievances of it are due that long after lodging. */
export async function setCategorySla(categoryId: number, hours: number, actor: GrievanceActor, database: Db = db()): Promise<void> {
  if (!Number.isInteger(hours) || hours < 1 || hours > 2000) throw new HttpError(400, 'The SLA is a whole number of hours from 1 to 2000.', { sla: 'The SLA is a whole number of hours from 1 to 2000.' });
  await updateCategory(categoryId, { sla_hours: hours }, actor, database);
}

/** One change to a category's row, written and audited with the row before and after. */
async function updateCategory(categoryId: number, change: { sla_hours: number } | { name_hi: string | null }, actor: GrievanceActor, database: Db): Promise<void> {
  await runWrite(
    {
      actor: { id: actor.userId, email: actor.label }, entity: 'grievance-category', table: 'grievance_type', files: [],
      change: async (trx) => {
        const before = await trx.selectFrom('grievance_type').selectAll().where('id', '=', categoryId).executeTakeFirst();
        if (!before) throw new HttpError(404, 'No such category.');
        await trx.updateTable('grievance_type').set(change).where('id', '=', categoryId).execute();
        return { result: undefined, audit: { action: 'update', recordId: categoryId, before, after: { ...before, ...change } } };
      },
    },
    database,
  );
}

/** The longest Hindi name a category may have, in characters (code points): a name, not a description. */
export const CATEGORY_NAME_HI_MAX = 100;

/** A category's Hindi name as typed, checked by the rule every Hindi name staff give follows. */
export function checkCategoryHindiName(raw: string): string | null {
  return checkHindiName(raw, CATEGORY_NAME_HI_MAX);
}

/** Sets (or, with an empty name, clears) the name Hindi pages show for a category; audited like its SLA. */
export async function setCategoryHindiName(categoryId: number, raw: string, actor: GrievanceActor, database: Db = db()): Promise<void> {
  await updateCategory(categoryId, { name_hi: checkCategoryHindiName(raw) }, actor, database);
}

export async function setWorkflowSetting(name: SettingName, value: number, actor: GrievanceActor, database: Db = db()): Promise<void> {
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new HttpError(400, 'A setting is a whole number from 0 to 100000.', { [name]: 'A whole number from 0 to 100000.' });
  await runWrite(
    {
      actor: { id: actor.userId, email: actor.label }, entity: 'grievance-setting', table: 'grievance_setting', files: [],
      change: async (trx) => {
        const before = await readSettings(trx);
        await writeSetting(name, value, trx);
        return { result: undefined, audit: { action: 'update', recordId: null, before: { [name]: before[name] }, after: { [name]: value } } };
      },
    },
    database,
  );
}
