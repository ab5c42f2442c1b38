import { HINDI_SUFFIX, translatableFields, type ContentTypeDef, type FieldDef, type FileSlotDef } from '../../lib/content-type';
import { HttpError, readFormBody, readJsonBody } from '../http';
import { acceptUpload, bodyLimitFor, decodeBase64File, type AcceptedFile } from './uploads';
import { formParts } from '../form-parts';

/**
 * What a create or update request asks for, whatever form it came in: multipart with the wire names of
 * docs/legacy-contract.md §4.4 (matched case-insensitively, with or without the type's prefix), or JSON with the
 * answer's names. Files come as parts, as base64 text, or as the /media/ URL of a file already stored.
 */
export interface Submission {
  id: number | null;
  values: Record<string, unknown>;
  /** Per slot key: a new file, a stored file to point at (by SHA-256), or nothing (keep what is stored). */
  files: Record<string, FileChoice>;
  /** Set when this save brings back an earlier revision (src/features/revisions), which the new one names. */
  restoredFrom?: number;
  /** Per translatable field key, its Hindi text as sent ('' removes it); fields not sent are absent. */
  translations: Record<string, string>;
}

/** The longest Hindi text a field takes: what its English takes (titles 300, long texts 5,000 characters). */
const hindiLimit = (input: string) => (input === 'textarea' ? 5000 : 300);

/** The Hindi texts of a body, checked: text only, within the field's limit. */
function readHindiTexts(def: ContentTypeDef, valueOf: (field: FieldDef) => unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of translatableFields(def)) {
    const name = field.key + HINDI_SUFFIX;
    const raw = valueOf(field);
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string') errors[name] = `${field.label} (Hindi) must be sent as text.`;
    else if (raw.trim().length > hindiLimit(field.input)) errors[name] = `${field.label} (Hindi): keep this under ${hindiLimit(field.input)} characters.`;
    else texts[field.key] = raw.trim();
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors)[0], errors);
  return texts;
}

export type FileChoice = { kind: 'upload'; file: AcceptedFile } | { kind: 'stored'; sha256: string } | { kind: 'none' };

const MEDIA_URL = /^\/media\/([0-9a-f]{64})(?:\.[a-z0-9]+)?$/;

function invalidFile(def: ContentTypeDef, slot: FileSlotDef): HttpError {
  const message = def.messages.invalidFile ?? (slot.kind === 'image' ? 'Invalid image file!' : slot.kind === 'video' ? 'Invalid video file!' : 'Invalid document file!');
  return new HttpError(400, message, { [slot.key]: message });
}

/** Interprets one text value sent for a file slot. */
async function fileFromText(def: ContentTypeDef, slot: FileSlotDef, text: string): Promise<FileChoice> {
  const stored = MEDIA_URL.exec(text.trim());
  if (stored) return { kind: 'stored', sha256: stored[1] };
  const decoded = decodeBase64File(text);
  if (decoded === null) return { kind: 'none' };
  if (decoded === 'malformed' || decoded.byteLength === 0) throw invalidFile(def, slot);
  return { kind: 'upload', file: await acceptUpload(decoded, slot) };
}

async function fileFromPart(slot: FileSlotDef, part: File): Promise<FileChoice> {
  if (part.size === 0) return { kind: 'none' };
  return { kind: 'upload', file: await acceptUpload(new Uint8Array(await part.arrayBuffer()), slot) };
}

const ID_MESSAGE = 'The record id must be a whole number.';

/**
 * A JSON number or text of digits; 0 or nothing means a new record, as the old clients send
 * (docs/legacy-contract.md §6.3).
 */
function parseId(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const digits = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(digits)) throw new HttpError(400, ID_MESSAGE, { id: ID_MESSAGE });
  const id = Number(digits);
  return id === 0 ? null : id;
}

export async function submissionFromForm(def: ContentTypeDef, form: FormData): Promise<Submission> {
  const { all, text } = formParts(form, def.partPrefix);

  const values: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = text(field.part);
    if (value !== undefined) values[field.key] = value;
  }

  const files: Record<string, FileChoice> = {};
  const nameInSlot: Record<string, string> = {};
  for (const slot of def.files) {
    files[slot.key] = { kind: 'none' };
    for (const part of slot.parts) {
      const file = all(part).find((v): v is File => typeof v !== 'string');
      if (file) {
        files[slot.key] = await fileFromPart(slot, file);
        if (files[slot.key].kind !== 'none') break;
      }
    }
    if (files[slot.key].kind !== 'none') continue;
    for (const part of slot.base64Parts ?? []) {
      for (const value of all(part).filter((v): v is string => typeof v === 'string')) {
        const choice = await fileFromText(def, slot, value);
        if (choice.kind === 'none' && value.trim()) nameInSlot[slot.key] = value.trim().toLowerCase();
        if (choice.kind !== 'none') files[slot.key] = choice;
      }
      if (files[slot.key].kind !== 'none') break;
    }
  }

  // Slot-less parts: first the slot whose text names the file, then the first slot still empty.
  for (const part of def.sharedFileParts ?? []) {
    for (const value of all(part)) {
      const named = typeof value === 'string' ? undefined : def.files.find((s) => files[s.key].kind === 'none' && nameInSlot[s.key] === value.name.toLowerCase());
      const slot = named ?? def.files.find((s) => files[s.key].kind === 'none');
      if (!slot) break;
      files[slot.key] = typeof value === 'string' ? await fileFromText(def, slot, value) : await fileFromPart(slot, value);
    }
  }

  return { id: parseId(text('Id') ?? text('id')), values, files, translations: readHindiTexts(def, (field) => all(field.part + HINDI_SUFFIX)[0]) };
}

export async function submissionFromJson(def: ContentTypeDef, body: Record<string, unknown>): Promise<Submission> {
  const values: Record<string, unknown> = {};
  for (const field of def.fields) {
    if (field.key in body) values[field.key] = body[field.key];
  }
  const files: Record<string, FileChoice> = {};
  for (const slot of def.files) {
    const raw = body[slot.key];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      throw new HttpError(400, `${slot.label} must be sent as base64 text.`, { [slot.key]: `${slot.label} must be sent as base64 text.` });
    }
    files[slot.key] = typeof raw === 'string' ? await fileFromText(def, slot, raw) : { kind: 'none' };
  }
  return { id: parseId(body.id ?? body.Id), values, files, translations: readHindiTexts(def, (field) => body[field.key + HINDI_SUFFIX]) };
}

/**
 * Reads a create or update request for a content type, JSON or a form. The body may carry every file slot
 * full (as base64 text, the larger way) and its text fields; anything larger is refused before it is read.
 */
export async function readSubmission(def: ContentTypeDef, request: Request): Promise<Submission> {
  const limit = bodyLimitFor(def.files.map((slot) => slot.kind), 'base64');
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  return type.includes('application/json')
    ? submissionFromJson(def, await readJsonBody(request, limit))
    : submissionFromForm(def, await readFormBody(request, limit));
}
