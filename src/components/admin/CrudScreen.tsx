import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentTypeDef } from '../../features/shared/content-type';
import { showDialog } from '../../stores/dialog';
import { EXPIRED_LOGIN_URL, logout } from '../../stores/session';
import { deleteRow, fetchRows, type AdminRow } from './admin-api';
import CrudForm from './CrudForm';
import CrudTable from './CrudTable';

/**
 * The one admin screen of SPEC.md §2 for every content type: heading, Create New, the form for create or
 * edit, and the list with Edit and Delete. Everything that differs comes from the declaration.
 */
export interface CrudScreenProps {
  def: ContentTypeDef;
  /** The list as the page rendered it, so the table shows before any request. */
  initialRows?: AdminRow[];
}

type FormState = { mode: 'create' } | { mode: 'edit'; row: AdminRow } | null;

export default function CrudScreen({ def, initialRows }: CrudScreenProps) {
  const [rows, setRows] = useState<AdminRow[] | null>(initialRows ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<FormState>(null);
  // A new key remounts the form, so Create New and each Edit start from clean values and empty pickers.
  const [formKey, setFormKey] = useState(0);
  const [busyId, setBusyId] = useState<number | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  const reload = useCallback(async () => {
    const { status, rows: fresh } = await fetchRows(def);
    if (status === 401) return logout(EXPIRED_LOGIN_URL);
    setLoadFailed(fresh === null);
    if (fresh) setRows(fresh);
  }, [def]);

  useEffect(() => {
    if (!initialRows) void reload();
  }, [initialRows, reload]);

  const open = (next: FormState) => {
    setForm(next);
    setFormKey((key) => key + 1);
  };

  const close = () => {
    setForm(null);
    createButton.current?.focus();
  };

  const remove = async (row: AdminRow) => {
    // SPEC.md §5 asks for the browser's own confirmation here.
    if (!window.confirm(`Are you sure you want to delete this ${def.messages.deleteNoun}?`)) return;
    setBusyId(row.id);
    const { status, error } = await deleteRow(def, row.id);
    setBusyId(null);
    if (status === 401) return logout(EXPIRED_LOGIN_URL);
    if (status >= 200 && status < 300) {
      showDialog('Deleted', def.messages.deleted, 'success');
      if (form?.mode === 'edit' && form.row.id === row.id) setForm(null);
    } else {
      showDialog('Error', error.message ?? def.messages.deleteFailed, 'error');
    }
    await reload();
  };

  return (
    <div className="crud">
      <div className="crud-head">
        <h1>{def.heading}</h1>
        <button ref={createButton} type="button" className="btn btn-primary" onClick={() => open({ mode: 'create' })}>
          {def.createButton}
        </button>
      </div>

      {form && (
        <CrudForm
          key={formKey}
          def={def}
          row={form.mode === 'edit' ? form.row : null}
          onSaved={() => {
            close();
            void reload();
          }}
          onCancel={close}
        />
      )}

      {loadFailed && <p className="load-error" role="alert">The list could not be loaded. Reload the page to try again.</p>}
      {rows === null && !loadFailed && <p className="muted" role="status">Loading…</p>}
      {rows !== null && rows.length === 0 && <p className="empty">{def.messages.emptyAdmin}</p>}
      {rows !== null && rows.length > 0 && (
        <CrudTable def={def} rows={rows} busyId={busyId} onEdit={(row) => open({ mode: 'edit', row })} onDelete={(row) => void remove(row)} />
      )}
    </div>
  );
}
