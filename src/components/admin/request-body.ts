import { HINDI_SUFFIX, type ContentTypeDef } from '../../lib/content-type';

/**
 * The body of a create or update in the wire names of docs/legacy-contract.md §4.4: multipart parts
 * `${prefix}.${part}` and `${prefix}.Id` (0 on create), each newly picked file under its slot's first part name;
 * latest news as JSON. A slot with no new file sends nothing, so the server keeps the stored file.
 */
export function requestBody(
  def: ContentTypeDef,
  values: Record<string, unknown>,
  files: Record<string, File | null>,
  id: number,
): { body: FormData | string; contentType?: string } {
  if (def.body === 'json') {
    const json: Record<string, unknown> = { id };
    for (const field of def.fields) {
      json[field.key] = values[field.key];
      if (field.translatable) json[field.key + HINDI_SUFFIX] = values[field.key + HINDI_SUFFIX] ?? '';
    }
    return { body: JSON.stringify(json), contentType: 'application/json' };
  }
  const form = new FormData();
  form.append(`${def.partPrefix}.Id`, String(id));
  for (const field of def.fields) {
    const value = values[field.key];
    form.append(`${def.partPrefix}.${field.part}`, field.input === 'checkbox' ? String(value === true) : String(value ?? ''));
    // The Hindi text rides beside the English under the same name plus _hi; old clients never send it.
    if (field.translatable) form.append(`${def.partPrefix}.${field.part}${HINDI_SUFFIX}`, String(values[field.key + HINDI_SUFFIX] ?? ''));
  }
  for (const slot of def.files) {
    const file = files[slot.key];
    if (file) form.append(slot.parts[0], file, file.name);
  }
  return { body: form };
}
