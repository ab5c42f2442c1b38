import { useId, useState } from 'react';
import DateField, { IMPOSSIBLE_DATE, unreadableDate } from '../DateField';
import ConfirmDialog from '../ConfirmDialog';
import Modal from '../Modal';
import { showDialog } from '../../../stores/dialog';
import { signInAgain } from '../../../stores/session';
import {
  DISPLAY_LABELS, DONE_LABELS, TRANSITIONS, actionsFor, displayStatus, formatIst, istInputsToIso, isoToIstInputs,
  type LifecycleAction, type LifecycleInfo,
} from '../../../lib/lifecycle';
import { postTransition } from './lifecycle-api';
import './lifecycle.css';

/**
 * Where a record stands, and the steps the signed-in role may take with it: the state badge every content
 * row shows, and the dialog with the schedule fields (Indian time, +05:30) and a comment. Used by the
 * content screens and the review queue.
 */
export function StateBadge({ info }: { info: LifecycleInfo }) {
  const status = displayStatus(info, Date.now());
  return (
    <span className={`state-badge state-${status}`} data-state={status}>
      {DISPLAY_LABELS[status]}
    </span>
  );
}

interface MomentFieldProps {
  label: string;
  hint?: string;
  value: { date: string; time: string };
  onChange: (value: { date: string; time: string }) => void;
  error?: string;
}

function MomentField({ label, hint, value, onChange, error }: MomentFieldProps) {
  const id = useId();
  // Said once the date was left, not while it is being typed.
  const [left, setLeft] = useState(false);
  const unreadable = left && unreadableDate(value.date);
  return (
    <fieldset className="moment-field">
      <legend>{label} <span className="muted">(Indian time, UTC+05:30)</span></legend>
      {hint && <p className="muted moment-hint">{hint}</p>}
      <div className="moment-inputs">
        <label htmlFor={`${id}-date`}>Date</label>
        <DateField id={`${id}-date`} value={value.date} onValue={(date) => onChange({ ...value, date })} onBlur={() => setLeft(true)} aria-invalid={error || unreadable ? true : undefined} />
        <label htmlFor={`${id}-time`}>Time</label>
        <input id={`${id}-time`} type="time" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} />
      </div>
      {(error || unreadable) && <p className="field-error" role="alert">{unreadable ? IMPOSSIBLE_DATE : error}</p>}
    </fieldset>
  );
}

export interface LifecycleDialogProps {
  typePath: string;
  /** One item of the type in words ('press release'), for the question before archiving. */
  noun: string;
  /** What an empty valid-until means for the type (lib/validity.ts validityNote of its declaration). */
  validity: string;
  id: number;
  name: string;
  info: LifecycleInfo;
  role: string | undefined;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

type MomentKey = 'publishAt' | 'unpublishAt' | 'validUntil' | 'reviewAt';

export function LifecycleDialog({ typePath, noun, validity, id, name, info, role, open, onClose, onDone }: LifecycleDialogProps) {
  const actions = actionsFor(role, info.state);
  const schedules = actions.some((action) => action === 'publish' || action === 'republish' || action === 'schedule' || action === 'restore');
  const [comment, setComment] = useState('');
  // Valid-until and review date start empty: publishing again recomputes their defaults from the new
  // publication (the current ones are listed above the fields); type one to keep or change it.
  const [moments, setMoments] = useState<Record<MomentKey, { date: string; time: string }>>({
    publishAt: isoToIstInputs(info.publishAt),
    unpublishAt: isoToIstInputs(info.unpublishAt),
    validUntil: isoToIstInputs(null),
    reviewAt: isoToIstInputs(null),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Archiving takes an item off the site: the button asks first, and only the answer archives.
  const [askingArchive, setAskingArchive] = useState(false);
  const commentId = useId();
  const setMoment = (key: MomentKey) => (value: { date: string; time: string }) => setMoments((all) => ({ ...all, [key]: value }));
  const iso = (key: MomentKey) => istInputsToIso(moments[key].date, moments[key].time);

  const take = async (action: LifecycleAction) => {
    // A date the field could not read is said under it; sending would drop it without a word.
    if (Object.values(moments).some((moment) => unreadableDate(moment.date))) return;
    setBusy(true);
    const body = schedules && action !== 'send_back' && action !== 'submit' && action !== 'archive'
      ? { action, comment, publishAt: action === 'publish' || action === 'republish' ? null : iso('publishAt'), unpublishAt: iso('unpublishAt'), validUntil: iso('validUntil'), reviewAt: iso('reviewAt') }
      : { action, comment };
    const { status, error } = await postTransition(typePath, id, body);
    setBusy(false);
    if (status === 401) return signInAgain();
    if (status >= 200 && status < 300) {
      showDialog(DONE_LABELS[action], `${DONE_LABELS[action]}: ${name}.`, 'success');
      onDone();
      return;
    }
    setErrors(error.errors ?? {});
    if (!error.errors) showDialog('Error', error.message ?? 'That could not be done.', 'error');
  };

  // The question is the workflow dialog's sibling, not its child: a child's Escape would reach the workflow
  // dialog's own cancel handler through React's tree and close both.
  return (
    <>
    <ConfirmDialog
      open={askingArchive}
      question={`Archive the ${noun} '${name}'?`}
      confirmLabel="Archive"
      onConfirm={() => {
        setAskingArchive(false);
        void take('archive');
      }}
      onCancel={() => setAskingArchive(false)}
    >
      <p>It leaves the site's lists at once and is kept in the archive; an admin can restore it.</p>
    </ConfirmDialog>
    <Modal
      open={open}
      title={`Workflow: ${name}`}
      onClose={onClose}
      wide
      footer={
        <div className="form-actions lifecycle-actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'publish' || action === 'republish' || action === 'submit' ? 'btn-primary' : action === 'archive' ? 'btn-danger' : ''}`}
              disabled={busy}
              data-action={action}
              onClick={() => (action === 'archive' ? setAskingArchive(true) : void take(action))}
            >
              {TRANSITIONS[action].label}
            </button>
          ))}
          <button type="button" className="btn" onClick={onClose}>Close</button>
        </div>
      }
    >
      <dl className="row-details lifecycle-facts">
        <div><dt>State</dt><dd><StateBadge info={info} /></dd></div>
        <div><dt>Publish at</dt><dd>{info.publishAt ? formatIst(info.publishAt) : 'On approval'}</dd></div>
        <div><dt>Withdraw at</dt><dd>{formatIst(info.unpublishAt)}</dd></div>
        <div><dt>Valid until</dt><dd>{formatIst(info.validUntil)}</dd></div>
        <div><dt>Review by</dt><dd>{formatIst(info.reviewAt)}</dd></div>
        {info.updatedBy && <div><dt>Last change</dt><dd>{info.updatedBy}, {formatIst(info.updatedAt)}</dd></div>}
      </dl>
      {info.comment && (
        <p className={`lifecycle-comment${info.state === 'sent_back' ? ' sent-back' : ''}`}>
          <strong>{info.state === 'sent_back' ? 'Sent back: ' : 'Comment: '}</strong>{info.comment}
        </p>
      )}
      {actions.length === 0 && (
        <p className="muted">
          {role === 'editor' ? 'Only an admin can change this item now.' : 'No step can be taken from this state.'}
        </p>
      )}
      {schedules && (
        <div className="lifecycle-schedule">
          <MomentField label="Publish at" hint={`For Schedule. ${actions.includes('republish') ? TRANSITIONS.republish.label : TRANSITIONS.publish.label} shows it at once.`} value={moments.publishAt} onChange={setMoment('publishAt')} error={errors.publishAt} />
          <MomentField label="Withdraw at" hint="Optional: it leaves the site at this moment." value={moments.unpublishAt} onChange={setMoment('unpublishAt')} error={errors.unpublishAt} />
          <MomentField label="Valid until" hint={`Empty: the default. ${validity}`} value={moments.validUntil} onChange={setMoment('validUntil')} error={errors.validUntil} />
          <MomentField label="Review by" hint="Empty: 180 days after publication." value={moments.reviewAt} onChange={setMoment('reviewAt')} error={errors.reviewAt} />
        </div>
      )}
      {actions.length > 0 && (
        <div className="field">
          <label htmlFor={commentId}>Comment{actions.includes('send_back') ? ' (required to send back)' : ''}</label>
          <textarea id={commentId} rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} aria-invalid={errors.comment ? true : undefined} />
          {errors.comment && <p className="field-error" role="alert">{errors.comment}</p>}
        </div>
      )}
    </Modal>
    </>
  );
}

/** The state cell of a content row: its badge, a sent-back comment, and the Workflow button. */
export function LifecycleCell({ typePath, noun, validity, id, name, info, role, onDone }: Omit<LifecycleDialogProps, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  return (
    <div className="lifecycle-cell">
      <StateBadge info={info} />
      {info.state === 'sent_back' && info.comment && <span className="lifecycle-note">“{info.comment}”</span>}
      {info.state === 'published' && info.publishAt && Date.parse(info.publishAt) > Date.now() && (
        <span className="lifecycle-note">from {formatIst(info.publishAt)}</span>
      )}
      {role && (
        <button type="button" className="btn btn-small" aria-label={`Workflow of ${name}`} onClick={() => { setKey((k) => k + 1); setOpen(true); }}>
          Workflow
        </button>
      )}
      {open && (
        <LifecycleDialog
          key={key}
          typePath={typePath}
          noun={noun}
          validity={validity}
          id={id}
          name={name}
          info={info}
          role={role}
          open={open}
          onClose={() => setOpen(false)}
          onDone={() => { setOpen(false); onDone(); }}
        />
      )}
    </div>
  );
}
