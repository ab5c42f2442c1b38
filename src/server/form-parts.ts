/**
 * The parts of a multipart form by name, as the old clients send them: names matched case-insensitively,
 * with or without the type's prefix ('Notice.title' or 'title'). Where both are sent, the prefixed part
 * comes first. Every form the API reads (content types, complaints) is read through this.
 */
export interface FormParts {
  /** Every value sent under the name, prefixed ones first. */
  all: (name: string) => FormDataEntryValue[];
  /** The first text value sent under the name. */
  text: (name: string) => string | undefined;
  /** The first non-empty file sent under the name. */
  file: (name: string) => File | undefined;
}

export function formParts(form: FormData, prefix: string): FormParts {
  const byName = new Map<string, FormDataEntryValue[]>();
  for (const [name, value] of form.entries()) {
    const key = name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), value]);
  }
  const lowerPrefix = `${prefix.toLowerCase()}.`;
  const all = (name: string) => {
    const bare = name.toLowerCase().startsWith(lowerPrefix) ? name.slice(lowerPrefix.length) : name;
    return [...(byName.get(lowerPrefix + bare.toLowerCase()) ?? []), ...(byName.get(bare.toLowerCase()) ?? [])];
  };
  return {
    all,
    text: (name) => all(name).find((v): v is string => typeof v === 'string'),
    file: (name) => all(name).find((v): v is File => typeof v !== 'string' && v.size > 0),
  };
}
