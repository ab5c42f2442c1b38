/** One field of a static public form, as FormField.astro renders it. */
export interface FieldSpec {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'date' | 'number' | 'tel' | 'select' | 'textarea';
  /** The choices of a select: a value sent and the name shown. */
  options?: readonly { value: string; label: string }[];
  required?: boolean;
  /** Spans the whole row of a two-column form grid. */
  full?: boolean;
  hint?: string;
  autocomplete?: string;
  inputmode?: 'numeric' | 'text' | 'email' | 'tel';
  pattern?: string;
  maxlength?: number;
  min?: number;
  /** An example of what to type, such as a number's printed shape. */
  placeholder?: string;
  /** A code typed as printed (a complaint or property number): capitals on a phone's keyboard, no spelling check. */
  code?: boolean;
  /** What was typed (kept on a refusal) and what is wrong with it, in the page's language. */
  value?: string;
  error?: string;
}
