import { useFormik } from 'formik';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusFirstError } from '../../components/admin/focus-first-error';
import { asApiError } from '../../components/admin/admin-api';
import { clearDraft, saveDraft } from '../../components/admin/form-draft';
import { showDialog } from '../../stores/dialog';
import { signInAgain } from '../../stores/session';
import { ALERT_LEVELS, alertSchema, emptyAlert, LEVEL_LABELS, type AlertInput, type SiteAlert } from './alert.schema';

/** Create or edit one alert, checked with the schema the API uses, so the messages match. */
/** Where the typing is kept while it is typed, so an ended session or a closed tab loses none of it. */
export const ALERT_DRAFT = { path: 'alerts' } as const;

export interface AlertFormProps {
  alert: SiteAlert | null;
  /** Values typed before (a draft kept across a sign-in), used instead of the alert's. */
  draftValues?: Partial<AlertInput>;
  onSaved: () => void;
  onCancel: () => void;
}

function Field({ id, label, required, hint, error, children }: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className="field-label"><label htmlFor={id}>{label}</label>{required && <span className="required-mark" aria-hidden="true">*</span>}</span>
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {children}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

export default function AlertForm({ alert, draftValues, onSaved, onCancel }: AlertFormProps) {
  const prefix = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  const formik = useFormik<AlertInput>({
    initialValues: {
      ...(alert ? { level: alert.level, textEn: alert.textEn, textHi: alert.textHi, link: alert.link, startsAt: alert.startsAt, endsAt: alert.endsAt } : emptyAlert),
      ...draftValues,
    },
    validationSchema: alertSchema,
    onSubmit: async (values, helpers) => {
      let status = 0;
      let body: unknown = {};
      try {
        const res = await fetch(alert ? `/api/Admin/alerts/${alert.id}` : '/api/Admin/alerts', {
          method: alert ? 'PUT' : 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(values),
        });
        status = res.status;
        body = await res.json().catch(() => ({}));
      } catch {
        // status 0: said below.
      }
      if (status === 401) return signInAgain();
      if (status >= 200 && status < 300) {
        clearDraft(ALERT_DRAFT);
        showDialog('Success', alert ? 'Alert updated successfully!' : 'Alert created successfully!', 'success');
        onSaved();
        return;
      }
      const error = asApiError(body);
      if (error.errors) helpers.setErrors(error.errors);
      showDialog('Error', status === 0 ? 'The server could not be reached. Nothing was saved.' : error.message ?? 'The alert could not be saved.', 'error');
    },
  });
  const { values, dirty } = formik;
  useEffect(() => {
    if (dirty || draftValues) saveDraft(ALERT_DRAFT, alert?.id ?? null, values);
  }, [values, dirty, draftValues, alert]);
  const cancel = () => {
    clearDraft(ALERT_DRAFT);
    onCancel();
  };
  useFocusFirstError(formRef, { submitCount: formik.submitCount, isSubmitting: formik.isSubmitting, errors: formik.errors });

  const errorFor = (key: keyof AlertInput) => (formik.touched[key] || formik.submitCount > 0 ? formik.errors[key] : undefined);
  const control = (key: keyof AlertInput, hint?: boolean) => {
    const error = errorFor(key);
    const id = `${prefix}-${key}`;
    return {
      id,
      name: key,
      value: formik.values[key],
      onChange: formik.handleChange,
      onBlur: formik.handleBlur,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    };
  };
  const titleId = `${prefix}-title`;

  return (
    <section className="crud-form-panel" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1}>{alert ? 'Edit Alert' : 'Create New Alert'}</h2>
      <form ref={formRef} className="crud-form" noValidate onSubmit={formik.handleSubmit}>
        <div className="form-grid">
          <Field id={`${prefix}-level`} label="Level" required error={errorFor('level')}>
            <select {...control('level')} aria-required>
              {ALERT_LEVELS.map((level) => <option key={level} value={level}>{LEVEL_LABELS[level]} ({level})</option>)}
            </select>
          </Field>
          <div className="field-wide">
            <Field id={`${prefix}-textEn`} label="Text in English" required error={errorFor('textEn')}>
              <textarea rows={2} {...control('textEn')} aria-required />
            </Field>
          </div>
          <div className="field-wide">
            <Field id={`${prefix}-textHi`} label="Text in Hindi (optional)" error={errorFor('textHi')}>
              <textarea rows={2} lang="hi" {...control('textHi')} />
            </Field>
          </div>
          <div className="field-wide">
            <Field id={`${prefix}-link`} label="Link (optional)" hint="A page of this site such as /notice, or an https:// address." error={errorFor('link')}>
              <input type="text" {...control('link', true)} autoComplete="off" />
            </Field>
          </div>
          <Field id={`${prefix}-startsAt`} label="Shows from (Indian time)" required error={errorFor('startsAt')}>
            <input type="datetime-local" {...control('startsAt')} aria-required />
          </Field>
          <Field id={`${prefix}-endsAt`} label="Shows until (Indian time)" required error={errorFor('endsAt')}>
            <input type="datetime-local" {...control('endsAt')} aria-required />
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>{alert ? 'Update Alert' : 'Create Alert'}</button>
          <button type="button" className="btn" onClick={cancel} disabled={formik.isSubmitting}>Cancel</button>
        </div>
      </form>
    </section>
  );
}
