import { useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, type DraftOwner, type FormDraft } from './form-draft';

/**
 * False in the server's HTML and the first render in the browser, true once React has taken the screen over:
 * a button that only script can answer is disabled until then, so that a press on a slow phone before the
 * script has run is refused visibly instead of doing nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The one form of an admin list screen (Create New, or a row's Edit) and the draft kept from a session that
 * ended mid-form. Every open remounts the form (a new key), so each starts from clean values and empty
 * pickers; closing it gives the focus back to the Create button. The draft is read after the first render:
 * the server's HTML cannot know this browser's storage.
 */
export function useEditForm<F extends { draftValues?: Record<string, unknown> }>(owner: DraftOwner) {
  const [form, setForm] = useState<F | null>(null);
  const [formKey, setFormKey] = useState(0);
  const createButton = useRef<HTMLButtonElement>(null);
  const ready = useHydrated();
  const [draft, setDraft] = useState<FormDraft | null>(null);
  useEffect(() => setDraft(readDraft(owner)), [owner.path]);

  const open = (next: F) => {
    // Opening another form replaces the kept draft with that form's own.
    if (!next.draftValues) setDraft(null);
    setForm(next);
    setFormKey((key) => key + 1);
  };
  const close = () => {
    setForm(null);
    createButton.current?.focus();
  };
  /** Opens the form the draft was typed in (made from its values), and offers the draft no more. */
  const restoreDraft = (formOf: (values: Record<string, unknown>, rowId: number | null) => F) => {
    if (!draft) return;
    open(formOf(draft.values, draft.rowId));
    setDraft(null);
  };
  const discardDraft = () => {
    clearDraft(owner);
    setDraft(null);
  };
  return { form, setForm, formKey, createButton, ready, draft, open, close, restoreDraft, discardDraft };
}

/** The offer of a kept draft, shown while no form is open. */
export function DraftOffer({ of, draft, note, onRestore, onDiscard }: {
  /** What the draft was typed for: '"Title"', 'a new notice'. */
  of: string;
  draft: FormDraft;
  /** A sentence more (that files must be picked again). */
  note?: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="draft-offer" role="status">
      <p>
        Unsaved changes to {of} were kept from{' '}
        {new Date(draft.savedAt).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}.{note ? ` ${note}` : ''}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onRestore}>Restore draft</button>
        <button type="button" className="btn" onClick={onDiscard}>Discard draft</button>
      </div>
    </div>
  );
}
