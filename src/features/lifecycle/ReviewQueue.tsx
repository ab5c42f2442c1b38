import { useEffect, useId, useState } from 'react';
import { carryDialogAcrossReload, showDialog } from '../../stores/dialog';
import { signInAgain } from '../../stores/session';
import { DONE_LABELS, formatIst, type QueueItem } from '../../lib/lifecycle';
import { postTransition } from '../../components/admin/lifecycle/lifecycle-api';
import { LifecycleDialog, StateBadge } from '../../components/admin/lifecycle/LifecycleControls';
import '../../components/admin/lifecycle/lifecycle.css';
import { validityNote } from '../../lib/validity';
import { itemNoun } from '../../lib/content-type';
import { CONTENT_TYPES } from '../content-types';

const validityOf = (typePath: string): string => {
  const def = CONTENT_TYPES.find((type) => type.path === typePath);
  return def ? validityNote(def) : '';
};

const nounOf = (typePath: string): string => {
  const def = CONTENT_TYPES.find((type) => type.path === typePath);
  return def ? itemNoun(def) : 'item';
};

/**
 * The items of the review queue with their quick steps: an admin approves or sends back (with a comment)
 * each item in review, and opens the full workflow of items due for review; an editor sees each draft and
 * sent-back item with the admin's comment, sends it for review, or opens its screen to change it, and follows
 * their items waiting for review, which only an admin can move on. Each entry opens its own record.
 */
export interface ReviewQueueProps {
  role: string;
  items: QueueItem[];
  due: QueueItem[];
  waiting: QueueItem[];
}

/** The item's own record on its type's screen: its form, or its details where the role may not change it. */
const recordHref = (item: QueueItem) => `${item.adminRoute}?edit=${item.id}`;

function OpenLink({ item }: { item: QueueItem }) {
  // Named after the item as well as its type: a screen reader's list of links tells the entries apart.
  return <a className="btn btn-small" href={recordHref(item)} aria-label={`Open ${item.heading}: ${item.name}`}>Open {item.heading}</a>;
}

/** Who wrote the comment an item carries: the admin who sent it back, or whoever took its last step. */
const commentLabel = (item: QueueItem) => (item.info.state === 'sent_back' ? 'Admin’s comment: ' : item.info.state === 'in_review' ? 'Note with it: ' : 'Comment: ');

function QueueFacts({ item }: { item: QueueItem }) {
  return (
    <>
      <p className="review-meta">
        <span>{item.heading}</span>
        <StateBadge info={item.info} />
        {item.info.updatedBy && <span>Last change by {item.info.updatedBy}, {formatIst(item.info.updatedAt)}</span>}
        {item.info.reviewAt && item.info.state === 'published' && <span>Review by {formatIst(item.info.reviewAt)}</span>}
      </p>
      {item.info.comment && (
        <p className={`lifecycle-comment${item.info.state === 'sent_back' ? ' sent-back' : ''}`}>
          <strong>{commentLabel(item)}</strong>{item.info.comment}
        </p>
      )}
    </>
  );
}

function SendBack({ item, onDone }: { item: QueueItem; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!open) return <button type="button" className="btn btn-small" aria-label={`Send back ${item.name}`} onClick={() => setOpen(true)}>Send back</button>;
  const send = async () => {
    setBusy(true);
    const { status, error: problem } = await postTransition(item.typePath, item.id, { action: 'send_back', comment });
    setBusy(false);
    if (status === 401) return signInAgain();
    if (status >= 200 && status < 300) {
      showDialog('Sent back', `${item.name} was sent back to its editor.`, 'success');
      return onDone();
    }
    setError(problem.errors?.comment ?? problem.message ?? 'It could not be sent back.');
  };
  return (
    <div className="review-sendback">
      <label htmlFor={id}>What should change? (required)</label>
      <textarea id={id} rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} aria-invalid={error ? true : undefined} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="review-buttons">
        <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={() => void send()}>Send back with comment</button>
        <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>Cancel</button>
      </div>
    </div>
  );
}

function QueueEntry({ item, role, onDone }: { item: QueueItem; role: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [workflow, setWorkflow] = useState(false);
  const quick = async (action: 'publish' | 'submit') => {
    setBusy(true);
    const { status, error } = await postTransition(item.typePath, item.id, { action });
    setBusy(false);
    if (status === 401) return signInAgain();
    if (status >= 200 && status < 300) {
      showDialog(DONE_LABELS[action], `${DONE_LABELS[action]}: ${item.name}.`, 'success');
      return onDone();
    }
    showDialog('Error', error.message ?? 'That could not be done.', 'error');
  };
  return (
    <li className="review-item" data-type={item.typePath} data-id={item.id}>
      <h3>{item.name}</h3>
      <QueueFacts item={item} />
      <div className="review-buttons">
        {role === 'admin' && item.info.state === 'in_review' && (
          <button type="button" className="btn btn-small btn-primary" disabled={busy} aria-label={`Approve ${item.name}`} onClick={() => void quick('publish')}>Approve and publish</button>
        )}
        {role === 'editor' && (item.info.state === 'draft' || item.info.state === 'sent_back') && (
          <button type="button" className="btn btn-small btn-primary" disabled={busy} aria-label={`Send ${item.name} for review`} onClick={() => void quick('submit')}>Send for review</button>
        )}
        <OpenLink item={item} />
        {role === 'admin' && (
          <button type="button" className="btn btn-small" aria-label={`Workflow of ${item.name}`} onClick={() => setWorkflow(true)}>Workflow…</button>
        )}
        {role === 'admin' && item.info.state === 'in_review' && <SendBack item={item} onDone={onDone} />}
      </div>
      {workflow && (
        <LifecycleDialog typePath={item.typePath} noun={nounOf(item.typePath)} validity={validityOf(item.typePath)} id={item.id} name={item.name} info={item.info} role={role} open onClose={() => setWorkflow(false)} onDone={onDone} />
      )}
    </li>
  );
}

export default function ReviewQueue({ role, items, due, waiting }: ReviewQueueProps) {
  // Every step changes the counts and lists: the page is rendered afresh from the server.
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    carryDialogAcrossReload();
    window.location.reload();
  };
  useEffect(() => setReloading(false), []);
  const emptyText = role === 'admin' ? 'Nothing is waiting for review.' : 'You have no drafts or sent-back items.';
  return (
    <div aria-busy={reloading || undefined}>
      <section className="panel" aria-labelledby="queue-items">
        <h2 id="queue-items">{role === 'admin' ? `Waiting for review (${items.length})` : `Your drafts and sent-back items (${items.length})`}</h2>
        {items.length === 0 ? <p className="empty">{emptyText}</p> : (
          <ul className="review-list">{items.map((item) => <QueueEntry key={`${item.typePath}-${item.id}`} item={item} role={role} onDone={reload} />)}</ul>
        )}
      </section>
      {role === 'editor' && (
        <section className="panel" aria-labelledby="queue-waiting">
          <h2 id="queue-waiting">Your items waiting for review ({waiting.length})</h2>
          <p className="muted">Sent for review and not yet decided: an admin publishes each or sends it back to you with a comment. Until then you can read it but not change it.</p>
          {waiting.length === 0 ? <p className="empty">None of your items is waiting for review.</p> : (
            <ul className="review-list">
              {waiting.map((item) => (
                <li key={`waiting-${item.typePath}-${item.id}`} className="review-item" data-type={item.typePath} data-id={item.id}>
                  <h3>{item.name}</h3>
                  <QueueFacts item={item} />
                  <div className="review-buttons"><OpenLink item={item} /></div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {role === 'admin' && (
        <section className="panel" aria-labelledby="queue-due">
          <h2 id="queue-due">Due for content review ({due.length})</h2>
          <p className="muted">Published items whose review date is within 30 days or past. Check each is still correct; republish it with a new review date, or archive it.</p>
          {due.length === 0 ? <p className="empty">No published item is due for review.</p> : (
            <ul className="review-list">{due.map((item) => <QueueEntry key={`due-${item.typePath}-${item.id}`} item={item} role={role} onDone={reload} />)}</ul>
          )}
        </section>
      )}
      <p className="visually-hidden" role="status">{reloading ? 'Updating…' : ''}</p>
    </div>
  );
}
