import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import Modal from './Modal';
import { $dialog, closeDialog, showCarriedDialog } from '../../stores/dialog';

/** Shows whatever message an island put in the dialog store. */
export default function DialogHost() {
  const dialog = useStore($dialog);
  useEffect(showCarriedDialog, []);
  return (
    <Modal open={dialog !== null} title={dialog?.title ?? ''} onClose={closeDialog}>
      <p className={`dialog-message dialog-${dialog?.tone ?? 'info'}`} role={dialog?.tone === 'error' ? 'alert' : 'status'}>
        {dialog?.message}
      </p>
    </Modal>
  );
}
