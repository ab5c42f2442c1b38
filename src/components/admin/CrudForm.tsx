import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { emptyFormValues, HINDI_SUFFIX, savedMessage, type ContentTypeDef, type FieldDef, type FileSlotDef } from '../../lib/content-type';
import { showDialog } from '../../stores/dialog';
import { signInAgain } from '../../stores/session';
import { asApiError, listUrl, type AdminRow } from './admin-api';
import { clearDraft, saveDraft } from './form-draft';
import { useFocusFirstError } from './focus-first-error';
import FileInput from './FileInput';
import FormField from './FormField';
import { requestBody } from './request-body';
import { sendWithProgress } from './upload';
import UploadProgress from './UploadProgress';

/**
 * The create and edit form of every content screen, built from the type's declaration: its fields, its
 * file slots and its yup schema (the same one the endpoint validates with, so the messages match).
 */
export interface CrudFormProps {
  def: ContentTypeDef;
  /** The row being edited, or null to create. */
  row: AdminRow | null;
  /** Values typed before (a draft kept across a sign-in), used instead of the row's. */
  draftValues?: Record<string, unknown>;
  /** Called with what the save became, for the screen's status line. */
  onSaved: (said: string) => void;
  onCancel: () => void;
}

type Values = Record<string, unknown>;

function valueFromRow(field: FieldDef, value: unknown): unknown {
  if (field.input === 'checkbox') return value === true || value === 1 || value === 'true';
  if (value === null || value === undefined) return '';
  if (field.input === 'date') return String(value).slice(0, 10);
  return String(value);
}

/** The Hindi half of a translatable field, as its own input: never required, its own label. */
function hindiField(field: FieldDef): FieldDef {
  return { ...field, key: field.key + HINDI_SUFFIX, part: field.part + HINDI_SUFFIX, label: `${field.label} (हिन्दी)`, required: false, translatable: false };
}

function initialValues(def: ContentTypeDef, row: AdminRow | null): Values {
  const hindi = def.fields.filter((field) => field.translatable).map(hindiField);
  if (!row) return { ...emptyFormValues(def), ...Object.fromEntries(hindi.map((field) => [field.key, ''])) };
  return Object.fromEntries([...def.fields, ...hindi].map((field) => [field.key, valueFromRow(field, row[field.key])]));
}

export default function CrudForm({ def, row, draftValues, onSaved, onCancel }: CrudFormProps) {
  const idPrefix = useId().replace(/:/g, '');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const editing = row !== null;
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  const formik = useFormik<Values>({
    initialValues: { ...initialValues(def, row), ...draftValues },
    validationSchema: def.schema,
    // A document the declaration needs on create must be picked (a video's, unless a link is given); an edit keeps the stored one.
    validate: (values) => {
      const errors: FormikErrors<Values> = {};
      for (const slot of def.files) {
        const unless = slot.requiredUnless === undefined ? undefined : String(values[slot.requiredUnless] ?? '').trim();
        const needed = slot.required === 'create' || unless === '';
        if (needed && !editing && !files[slot.key]) errors[slot.key] = slot.requiredMessage ?? `${slot.label} is required.`;
      }
      return errors;
    },
    onSubmit: async (values, helpers) => {
      const { body, contentType } = requestBody(def, values, files, row?.id ?? 0);
      setProgress(0);
      const result = await sendWithProgress({ method: editing ? 'PUT' : 'POST', url: listUrl(def), body, contentType, onProgress: setProgress });
      setProgress(null);
      if (result.status >= 200 && result.status < 300) {
        clearDraft(def);
        onSaved(savedMessage(def, (result.body as { state?: unknown } | null)?.state));
        return;
      }
      if (result.status === 401) {
        await signInAgain();
        return;
      }
      const error = asApiError(result.body);
      if (error.errors) helpers.setErrors(error.errors);
      const fallback = editing ? def.messages.updateFailed : def.messages.createFailed;
      showDialog('Error', result.status === 0 ? `${fallback} The server could not be reached.` : error.message ?? fallback, 'error');
    },
  });

  // Every change is kept as the type's draft, so an ended session or a closed tab loses no typing.
  const { values, dirty, submitCount, isSubmitting, errors } = formik;
  useEffect(() => {
    if (dirty || draftValues) saveDraft(def, row?.id ?? null, values);
  }, [values, dirty, draftValues, def, row]);

  useFocusFirstError(formRef, { submitCount, isSubmitting, errors });

  const cancel = () => {
    clearDraft(def);
    onCancel();
  };

  const pick = (key: string, file: File | null) => {
    setFiles((current) => ({ ...current, [key]: file }));
    formik.setFieldTouched(key, true, false);
    formik.setFieldError(key, undefined);
  };

  // An error shows once its field was left or the form was submitted; server errors always show.
  const errorFor = (key: string) => {
    const message = formik.errors[key];
    return typeof message === 'string' && (formik.touched[key] || formik.submitCount > 0) ? message : undefined;
  };

  const grouped = new Set((def.fieldsets ?? []).flatMap((set) => set.keys));
  const renderField = (field: FieldDef) => {
    const input = (shown: FieldDef, lang?: string) => (
      <FormField
        key={shown.key}
        field={shown}
        idPrefix={idPrefix}
        value={formik.values[shown.key]}
        error={errorFor(shown.key)}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        lang={lang}
      />
    );
    if (!field.translatable) return input(field);
    // English and Hindi side by side on wide screens, one above the other on phones.
    return (
      <div key={field.key} className="bilingual-pair" role="group" aria-label={`${field.label} in English and Hindi`}>
        {input(field)}
        {input(hindiField(field), 'hi')}
      </div>
    );
  };
  const renderFile = (slot: FileSlotDef) => (
    <FileInput
      key={slot.key}
      slot={slot}
      idPrefix={idPrefix}
      file={files[slot.key] ?? null}
      stored={editing && typeof row[slot.key] === 'string' ? (row[slot.key] as string) : null}
      required={slot.required === 'create' && !editing}
      error={errorFor(slot.key)}
      onPick={(file) => pick(slot.key, file)}
    />
  );

  const titleId = `${idPrefix}-heading`;
  return (
    <section className="crud-form-panel" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1}>{editing ? def.formTitle.edit : def.formTitle.create}</h2>
      <form ref={formRef} className="crud-form" noValidate onSubmit={formik.handleSubmit}>
        <div className="form-grid">
          {def.fields.filter((field) => !grouped.has(field.key)).map(renderField)}
          {def.files.filter((slot) => !grouped.has(slot.key)).map(renderFile)}
          {(def.fieldsets ?? []).map((set) => (
            <fieldset key={set.legend} className="field-group">
              <legend>{set.legend}</legend>
              {def.fields.filter((field) => set.keys.includes(field.key)).map(renderField)}
              {def.files.filter((slot) => set.keys.includes(slot.key)).map(renderFile)}
            </fieldset>
          ))}
        </div>
        <UploadProgress id={`${idPrefix}-progress`} progress={progress} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>
            {editing ? def.submitLabel.edit : def.submitLabel.create}
          </button>
          <button type="button" className="btn" onClick={cancel} disabled={formik.isSubmitting}>Cancel</button>
        </div>
      </form>
    </section>
  );
}
