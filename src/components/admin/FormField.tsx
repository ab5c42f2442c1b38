import type { ChangeEvent, FocusEvent } from 'react';
import type { FieldDef } from '../../lib/content-type';
import DateField, { IMPOSSIBLE_DATE, unreadableDate } from './DateField';

/** One declared field as a labelled input, with its message from the shared schema shown beneath it. */
export interface FormFieldProps {
  field: FieldDef;
  idPrefix: string;
  value: unknown;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  /** The language of what is typed, when it is not the page's (the Hindi half of a bilingual field). */
  lang?: string;
}

const INPUT_TYPES: Partial<Record<FieldDef['input'], string>> = {
  text: 'text',
  time: 'time',
  email: 'email',
  tel: 'tel',
  number: 'number',
};

export default function FormField({ field, idPrefix, value, error: schemaError, onChange, onBlur, lang }: FormFieldProps) {
  // A date the field could not read is named in the field's own format, not the wire's YYYY-MM-DD.
  const error = schemaError && field.input === 'date' && unreadableDate(String(value ?? '')) ? IMPOSSIBLE_DATE : schemaError;
  const id = `${idPrefix}-field-${field.key}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  // Browser validation is off (noValidate on the form) so that the declared messages are the ones shown.
  const common = {
    id,
    name: field.key,
    onChange,
    onBlur,
    lang,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required ? true : undefined,
  } as const;
  // The star sits beside the label, not in it, so the field's name stays its label; aria-required says it.
  const star = field.required ? <span className="required-mark" aria-hidden="true">*</span> : null;
  const hint = field.hint ? <p id={hintId} className="field-hint">{field.hint}</p> : null;
  const message = error ? <p id={errorId} className="field-error">{error}</p> : null;

  if (field.input === 'checkbox') {
    return (
      <div className="field field-checkbox">
        <input type="checkbox" {...common} checked={value === true} />
        <label htmlFor={id}>{field.label}</label>
        {star}
        {message}
      </div>
    );
  }

  let control;
  if (field.input === 'textarea') control = <textarea {...common} rows={3} value={String(value ?? '')} />;
  else if (field.input === 'select') {
    const options = field.options ?? [];
    const current = String(value ?? '');
    // A value stored before the list existed (free text from the old system) stays choosable as it is.
    const kept = current && !options.includes(current) ? [current] : [];
    control = (
      <select {...common} value={current}>
        <option value="">Select…</option>
        {[...kept, ...options].map((option) => <option key={option} value={option}>{option}</option>)}
      </select>
    );
  } else if (field.input === 'date') {
    // Formik reads the name and value of what it is handed, as from the input's own change event.
    const hand = (next: string) => onChange({ target: { name: field.key, id, value: next, type: 'text' } } as unknown as ChangeEvent<HTMLInputElement>);
    control = <DateField {...common} value={String(value ?? '')} onValue={hand} />;
  } else {
    control = (
      <input
        type={INPUT_TYPES[field.input] ?? 'text'}
        {...common}
        value={String(value ?? '')}
        inputMode={field.input === 'number' ? 'numeric' : undefined}
        placeholder={field.example}
        autoComplete="off"
      />
    );
  }

  return (
    <div className={field.input === 'textarea' ? 'field field-wide' : 'field'}>
      <span className="field-label"><label htmlFor={id}>{field.label}</label>{star}</span>
      {control}
      {hint}
      {message}
    </div>
  );
}
