import { useEffect, useRef, type ReactNode } from 'react';
import Modal from './Modal';

/**
 * The one question the back office asks before something cannot be undone (a delete): a modal on the native
 * <dialog> (focus stays inside, Escape cancels) whose title names the item in words, with the safe answer
 * focused first so a stray Enter cancels. It replaces the browser's confirm(), which names nothing and
 * cannot be read in our own words or styles.
 */
export interface ConfirmDialogProps {
  open: boolean;
  /** The question, naming the item: "Delete the press release 'Water cut on Monday'?". */
  question: string;
  /** What follows if the answer is yes. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog({ open, question, children, confirmLabel = 'Delete', cancelLabel = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  // Runs after the Modal (a child) has opened the dialog, so it wins over the browser's first focus.
  useEffect(() => {
    if (open) cancel.current?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      title={question}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>{confirmLabel}</button>
          <button ref={cancel} type="button" className="btn" onClick={onCancel}>{cancelLabel}</button>
        </>
      }
    >
      <div className="dialog-message dialog-info">{children ?? <p>This cannot be undone.</p>}</div>
    </Modal>
  );
}
