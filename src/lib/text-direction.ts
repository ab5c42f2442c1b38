/**
 * Unicode's bidirectional controls (the Bidi_Control property: embeddings, overrides, isolates and the
 * direction marks). Invisible, they reorder the text around them, so that a stored name reads otherwise on a
 * register, a certificate or /verify than it was typed (U+202E turns "gpj.exe" around), and a PDF's fonts
 * draw each as a box. Hindi and English never need them; the site refuses them where text comes in.
 */
const BIDI_CONTROL = /\p{Bidi_Control}/u;

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

/** The name of the first text field (a form's, or a JSON body's at any depth, named by its top key) holding one; null when none does. */
export function fieldWithBidiControl(entries: Iterable<[string, unknown]>): string | null {
  const holds = (value: unknown): boolean =>
    typeof value === 'string' ? hasBidiControl(value) : Array.isArray(value) ? value.some(holds) : value !== null && typeof value === 'object' ? Object.values(value).some(holds) : false;
  for (const [name, value] of entries) if (hasBidiControl(name) || holds(value)) return name;
  return null;
}
