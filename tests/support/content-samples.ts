import sharp from 'sharp';
import type { ContentTypeDef, FieldDef, FileSlotDef } from '../../src/lib/content-type';

/** Valid bodies for the content API, built from the declarations, for tests that then spoil one part. */

export const samplePdf = (label: string): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

export async function sampleJpeg(colour = '#b45309', width = 12, height = 8): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer());
}

/**
 * The smallest file a video slot accepts: WebM's EBML magic and a label. The server checks a video by its
 * first bytes and never decodes it; a real clip is db/seed/fixtures/council-clip.webm.
 */
export const sampleWebm = (label: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode(` webm sample ${label}`)]);

/** The bytes of a file a slot accepts (see sampleFile). */
export function sampleBytes(slot: FileSlotDef, jpeg: Uint8Array<ArrayBuffer>, label = slot.key): Uint8Array<ArrayBuffer> {
  return slot.kind === 'image' ? jpeg : slot.kind === 'video' ? sampleWebm(label) : samplePdf(label);
}

/** A file a slot accepts: the given JPEG for pictures, a small PDF for documents, a WebM header for videos. */
export function sampleFile(slot: FileSlotDef, jpeg: Uint8Array<ArrayBuffer>, label = slot.key): File {
  if (slot.kind === 'video') return new File([sampleWebm(label)], `${label}.webm`, { type: 'video/webm' });
  return slot.kind === 'image' ? new File([jpeg], 'photo.jpg', { type: 'image/jpeg' }) : new File([samplePdf(label)], `${label}.pdf`, { type: 'application/pdf' });
}

const SAMPLE_BY_INPUT: Record<FieldDef['input'], (field: FieldDef, run: number) => string> = {
  text: (field, run) => `Sample ${field.label} ${run}`,
  textarea: (field, run) => `A ${field.label.toLowerCase()} for sample ${run}.`,
  date: () => '2026-11-20',
  time: () => '15:30',
  email: (_, run) => `sample${run}@example.org`,
  tel: () => '9876543210',
  number: (_, run) => String(run),
  checkbox: () => 'true',
  select: (field) => field.options?.[0] ?? '',
};

/** A valid value for every field, by its input kind. */
export function sampleValues(def: ContentTypeDef, run = 1): Record<string, string> {
  return Object.fromEntries(def.fields.map((field) => [field.key, field.example ?? SAMPLE_BY_INPUT[field.input](field, run)]));
}

/** The multipart body our own back office sends: prefixed text parts and each slot's first part name. */
export function contentForm(def: ContentTypeDef, values: Record<string, string>, files: Record<string, File | null> = {}, id = 0): FormData {
  const form = new FormData();
  form.append(`${def.partPrefix}.Id`, String(id));
  for (const field of def.fields) if (values[field.key] !== undefined) form.append(`${def.partPrefix}.${field.part}`, values[field.key]);
  for (const slot of def.files) {
    const file = files[slot.key];
    if (file) form.append(slot.parts[0], file, file.name);
  }
  return form;
}

/** The most characters a text field's schema takes, or null for fields without a length limit (dates, numbers, yes/no). */
export function maxLengthOf(def: ContentTypeDef, key: string): number | null {
  const description = def.schema.describe().fields[key] as { type?: string; tests?: { name?: string; params?: { max?: number } }[] } | undefined;
  if (description?.type !== 'string') return null;
  return description.tests?.find((test) => test.name === 'max')?.params?.max ?? null;
}
