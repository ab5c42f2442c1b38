import { useFormik } from 'formik';
import { useEffect, useId, useState } from 'react';
import FileInput from '../../components/admin/FileInput';
import FormField from '../../components/admin/FormField';
import Modal from '../../components/admin/Modal';
import type { FieldDef, FileSlotDef } from '../shared/content-type';
import { showDialog } from '../../stores/dialog';
import { fetchLookup, RequestFailed, submitComplaint, type LookupOption } from './complaint.client';
import {
  COMPLAINT_FIELDS,
  COMPLAINT_MESSAGES,
  complaintSchema,
  emptyComplaintForm,
  type ComplaintFormValues,
  type LookupKey,
} from './complaint.schema';
import { IMAGE_SLOTS, SUBMIT_PARTS, type ImageKey } from './complaint.wire';
import UploadProgress from '../../components/admin/UploadProgress';

interface Props {
  onClose: () => void;
  /** Called after the server stored the complaint. */
  onSubmitted: () => void;
}

const LOOKUP_KEYS: readonly LookupKey[] = ['grievance', 'district', 'ward', 'ulb'];
const isLookup = (key: string): key is LookupKey => (LOOKUP_KEYS as readonly string[]).includes(key);

/** The free-text fields as the shared form field declares them. */
const TEXT_FIELDS: Record<string, FieldDef> = Object.fromEntries(
  COMPLAINT_FIELDS.filter((field) => !isLookup(field.key)).map((field) => [
    field.key,
    { key: field.key, column: field.key.toLowerCase(), part: SUBMIT_PARTS[field.key], label: field.label, input: field.input as FieldDef['input'], required: true },
  ]),
);

/**
 * The pictures a complaint is lodged with, as the shared file picker declares them: the citizen's two. The
 * action pictures show the work done and belong to acting on a complaint, not to lodging it.
 */
const PICTURE_SLOTS: readonly FileSlotDef[] = IMAGE_SLOTS.filter((slot) => slot.key.startsWith('pub_')).map((slot) => ({
  key: slot.key,
  column: `${slot.key.toLowerCase()}_media_id`,
  parts: [slot.part],
  label: slot.label,
  kind: 'image',
}));

type Lookups = Record<LookupKey, { options: LookupOption[]; failed: boolean }>;

/** The lookups for the four selects, each loaded on its own so that a failure names which one failed. */
function useLookups(): Lookups {
  const [lookups, setLookups] = useState<Lookups>({
    grievance: { options: [], failed: false },
    district: { options: [], failed: false },
    ward: { options: [], failed: false },
    ulb: { options: [], failed: false },
  });
  useEffect(() => {
    let current = true;
    for (const key of LOOKUP_KEYS) {
      fetchLookup(key)
        .then((options) => current && setLookups((all) => ({ ...all, [key]: { options, failed: false } })))
        .catch((err: unknown) => {
          console.error(`${key} lookup failed:`, err);
          if (current) setLookups((all) => ({ ...all, [key]: { options: [], failed: true } }));
        });
    }
    return () => {
      current = false;
    };
  }, []);
  return lookups;
}

/** The 'Add New Complaint' form (SPEC.md §2), validated by the same schema as the endpoint. */
export default function AddComplaintForm({ onClose, onSubmitted }: Props) {
  const idPrefix = useId().replace(/:/g, '');
  const formId = `${idPrefix}-form`;
  const lookups = useLookups();
  const [pictures, setPictures] = useState<Partial<Record<ImageKey, File | null>>>({});
  const [pictureErrors, setPictureErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const formik = useFormik<ComplaintFormValues>({
    initialValues: emptyComplaintForm(),
    validationSchema: complaintSchema,
    onSubmit: async (values, helpers) => {
      setProgress(0);
      try {
        await submitComplaint(values, pictures, setProgress);
        showDialog('Success', COMPLAINT_MESSAGES.submitted, 'success');
        onSubmitted();
      } catch (err) {
        console.error('complaint submit failed:', err);
        const failed = err instanceof RequestFailed ? err : new RequestFailed(0, String(err));
        helpers.setErrors(failed.errors);
        setPictureErrors(failed.errors);
        showDialog('Error', failed.message, 'error');
      } finally {
        setProgress(null);
      }
    },
  });

  // A message shows once its field was left or the form was submitted; the server's always show.
  const errorFor = (key: keyof ComplaintFormValues) => {
    const message = formik.errors[key];
    return message && (formik.touched[key] || formik.submitCount > 0) ? message : undefined;
  };

  const pick = (key: ImageKey, file: File | null) => {
    setPictures((all) => ({ ...all, [key]: file }));
    setPictureErrors((all) => ({ ...all, [key]: '' }));
  };

  const footer = (
    <>
      <button type="submit" form={formId} className="btn btn-primary" disabled={formik.isSubmitting}>Submit</button>
      <button type="button" className="btn" onClick={onClose} disabled={formik.isSubmitting}>Cancel</button>
    </>
  );

  return (
    <Modal open title="Add New Complaint" onClose={onClose} footer={footer} wide>
      {LOOKUP_KEYS.filter((key) => lookups[key].failed).map((key) => (
        <p key={key} className="load-error" role="alert">{COMPLAINT_MESSAGES.loadFailed[key]}</p>
      ))}
      <form id={formId} className="desk-form" noValidate onSubmit={formik.handleSubmit}>
        <div className="form-grid">
          {COMPLAINT_FIELDS.map((field) =>
            isLookup(field.key) ? (
              <LookupSelect
                key={field.key}
                id={`${idPrefix}-${field.key}`}
                name={field.key}
                label={field.label}
                options={lookups[field.key].options}
                value={formik.values[field.key]}
                error={errorFor(field.key)}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
              />
            ) : (
              <FormField
                key={field.key}
                field={TEXT_FIELDS[field.key]}
                idPrefix={idPrefix}
                value={formik.values[field.key]}
                error={errorFor(field.key)}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
              />
            ),
          )}
          {PICTURE_SLOTS.map((slot) => (
            <FileInput
              key={slot.key}
              slot={slot}
              idPrefix={idPrefix}
              file={pictures[slot.key as ImageKey] ?? null}
              stored={null}
              required={false}
              error={pictureErrors[slot.key] || undefined}
              onPick={(file) => pick(slot.key as ImageKey, file)}
            />
          ))}
        </div>
        <UploadProgress id={`${idPrefix}-progress`} progress={progress} />
      </form>
    </Modal>
  );
}

interface LookupSelectProps {
  id: string;
  name: LookupKey;
  label: string;
  options: LookupOption[];
  value: string;
  error?: string;
  onChange: React.ChangeEventHandler<HTMLSelectElement>;
  onBlur: React.FocusEventHandler<HTMLSelectElement>;
}

/** A lookup as a select whose values are ids and whose texts are the names people know. */
function LookupSelect({ id, name, label, options, value, error, onChange, onBlur }: LookupSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        <span className="required-mark" aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">Select {label}…</option>
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}
