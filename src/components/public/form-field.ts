/** One field of a static public form, as FormField.astro renders it: every public form draws its fields so. */
export interface FieldSpec {
  /** The element's id; the name sent is the same unless `name` says otherwise (two forms on one page). */
  id: string;
  name?: string;
  label: string;
  type?: 'text' | 'search' | 'email' | 'date' | 'number' | 'tel' | 'select' | 'textarea' | 'file';
  /** The choices of a select: a value sent, the name shown, and its language where it differs from the page's. */
  options?: readonly { value: string; label: string; lang?: 'en' }[];
  /** A select that always has a value (a calculator's inputs) offers no empty choice. */
  noEmptyChoice?: boolean;
  required?: boolean;
  /** Spans the whole row of a two-column form grid. */
  full?: boolean;
  /** Said between the label and the field, so it is read before typing. */
  hint?: string;
  autocomplete?: string;
  inputmode?: 'numeric' | 'decimal' | 'text' | 'email' | 'tel';
  pattern?: string;
  maxlength?: number;
  min?: number;
  /** A textarea's height in lines. */
  rows?: number;
  /** A file field's accepted types, and whether it takes several files. */
  accept?: string;
  multiple?: boolean;
  /** An example of what to type, such as a number's printed shape. */
  placeholder?: string;
  /** A code typed as printed (a complaint or property number): capitals on a phone's keyboard, no spelling check. */
  code?: boolean;
  /** What was typed (kept on a refusal) and what is wrong with it, in the page's language. */
  value?: string;
  error?: string;
  /** A file field's notice on a refused form, whose files the browser does not send back: choose it again. */
  again?: string;
}
