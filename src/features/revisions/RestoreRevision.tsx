import { useState } from 'react';
import Modal from '../../components/admin/Modal';
import { showDialog } from '../../stores/dialog';
import { signInAgain } from '../../stores/session';

/**
 * "Restore this revision": one press opens the confirmation in the back office's modal, the second
 * restores (POST …/revisions/{n}/restore) and shows the history again with the new revision on top.
 */
export interface RestoreRevisionProps {
  typePath: string;
  recordId: number;
  revision: number;
  /** What the record is called in messages: 'notice', 'tender'. */
  noun: string;
}

export default function RestoreRevision({ typePath, recordId, revision, noun }: RestoreRevisionProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const restore = async () => {
    setBusy(true);
    let status = 0;
    let body: { revision?: number; message?: string } = {};
    try {
      const res = await fetch(`/api/Admin/${typePath}/${recordId}/revisions/${revision}/restore`, { method: 'POST', credentials: 'same-origin' });
      status = res.status;
      body = (await res.json().catch(() => ({}))) as typeof body;
    } catch {
      // status 0: the server could not be reached; said below.
    }
    if (status === 401) return signInAgain();
    if (status === 201 && body.revision) {
      window.location.assign(`/history/${typePath}/${recordId}?to=${body.revision}`);
      return;
    }
    setBusy(false);
    setAsking(false);
    showDialog('Error', body.message ?? `The ${noun} could not be restored. Please try again.`, 'error');
  };

  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => setAsking(true)}>
        Restore this revision<span className="visually-hidden"> ({revision})</span>
      </button>
      <Modal
        open={asking}
        title={`Restore revision ${revision}?`}
        onClose={() => setAsking(false)}
        footer={
          <>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void restore()}>Restore</button>
            <button type="button" className="btn" disabled={busy} onClick={() => setAsking(false)}>Cancel</button>
          </>
        }
      >
        <p className="dialog-message dialog-info">
          The {noun} gets back the text and files it had in revision {revision}. Nothing is lost: the restore is kept as a
          new revision, and the current one stays in the history.
        </p>
      </Modal>
    </>
  );
}
