import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteQuestion, HINDI_SUFFIX, itemNoun, type ContentTypeDef } from '../../lib/content-type';
import { showDialog } from '../../stores/dialog';
import { signInAgain } from '../../stores/session';
import { deleteRow, fetchRows, type AdminRow } from './admin-api';
import ConfirmDialog from './ConfirmDialog';
import CrudForm from './CrudForm';
import { DraftOffer, useEditForm } from './edit-form';
import CrudTable, { rowName } from './CrudTable';
import FindAndPage from './FindAndPage';
import { roleMayEdit, useCrudLifecycle } from './lifecycle/crud-lifecycle';
import { signedInRole } from './lifecycle/lifecycle-api';

/**
 * The one admin screen of docs/legacy-contract.md §3.8 for every content type: heading, Create New, the form for
 * create or edit, and the list with Edit and Delete. Everything that differs comes from the declaration.
 */
export interface CrudScreenProps {
  def: ContentTypeDef;
  /** The list as the page rendered it, so the table shows before any request. */
  initialRows?: AdminRow[];
}

/** The words a row is found by: its text and choice fields, in English and Hindi. */
function searchText(def: ContentTypeDef, row: AdminRow): string {
  return def.fields
    .filter((field) => field.input === 'text' || field.input === 'select' || field.input === 'textarea' || field.input === 'email')
    .flatMap((field) => [row[field.key], row[field.key + HINDI_SUFFIX]])
    .filter((value) => typeof value === 'string')
    .join(' ');
}

/** 'employees', 'about entries': the plural of the type's item noun, for the search box. */
function itemNouns(def: ContentTypeDef): string {
  const noun = itemNoun(def);
  return /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

type FormState = ({ mode: 'create' } | { mode: 'edit'; row: AdminRow }) & { draftValues?: Record<string, unknown> };

export default function CrudScreen({ def, initialRows }: CrudScreenProps) {
  const [rows, setRows] = useState<AdminRow[] | null>(initialRows ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { form, setForm, formKey, createButton, ready, draft, open, close, restoreDraft, discardDraft } = useEditForm<FormState>(def);
  const [busyId, setBusyId] = useState<number | null>(null);
  // The row whose delete waits for the clerk's answer.
  const [asking, setAsking] = useState<AdminRow | null>(null);
  // What the last save became: said in a status line, which a screen reader reads and nobody has to close.
  const [said, setSaid] = useState('');
  const openForm = (state: FormState) => {
    setSaid('');
    open(state);
  };

  // A link from elsewhere in the back office (the translations list, the review queue) may name a record:
  // ?edit=12 opens its form, or its details when the signed-in role may not change it (an editor's item that
  // waits for review), rather than a form whose save would be refused.
  const linkedEditDone = useRef(false);
  const [linkedDetails, setLinkedDetails] = useState<AdminRow | null>(null);
  useEffect(() => {
    if (linkedEditDone.current || !rows) return;
    linkedEditDone.current = true;
    const wanted = Number(new URLSearchParams(window.location.search).get('edit'));
    const row = wanted > 0 ? rows.find((candidate) => candidate.id === wanted) : undefined;
    if (!row) return;
    if (roleMayEdit(signedInRole(), row)) open({ mode: 'edit', row });
    else setLinkedDetails(row);
  }, [rows]);

  const draftRow = draft?.rowId != null ? rows?.find((candidate) => candidate.id === draft.rowId) ?? null : null;

  const reload = useCallback(async () => {
    const { status, rows: fresh } = await fetchRows(def);
    if (status === 401) return signInAgain();
    setLoadFailed(fresh === null);
    if (fresh) setRows(fresh);
  }, [def]);

  useEffect(() => {
    if (!initialRows) void reload();
  }, [initialRows, reload]);
  const lifecycle = useCrudLifecycle(def, () => void reload());

  // The old screens asked the browser's confirm() (docs/legacy-contract.md §3.8); ours names the item
  // (docs/deviations.md).
  const remove = async (row: AdminRow) => {
    setAsking(null);
    setBusyId(row.id);
    const { status, error } = await deleteRow(def, row.id);
    setBusyId(null);
    if (status === 401) return signInAgain();
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
        <button ref={createButton} type="button" className="btn btn-primary" disabled={!ready} onClick={() => openForm({ mode: 'create' })}>
          {def.createButton}
        </button>
      </div>

      <p className={said ? 'save-status' : 'save-status-empty'} role="status">{said}</p>

      {draft && !form && (
        <DraftOffer
          of={draftRow ? `"${rowName(def, draftRow)}"` : `a new ${def.messages.deleteNoun}`}
          draft={draft}
          note="Files must be picked again."
          onRestore={() => restoreDraft((draftValues) => (draftRow ? { mode: 'edit', row: draftRow, draftValues } : { mode: 'create', draftValues }))}
          onDiscard={discardDraft}
        />
      )}

      {form && (
        <CrudForm
          key={formKey}
          def={def}
          row={form.mode === 'edit' ? form.row : null}
          draftValues={form.draftValues}
          onSaved={(message) => {
            setSaid(message);
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
        <FindAndPage items={rows} textOf={(row) => searchText(def, row)} label={`Search ${itemNouns(def)}`}>
          {(shown) => <CrudTable def={def} rows={shown} busyId={busyId} lifecycle={lifecycle} linkedDetails={linkedDetails} onEdit={(row) => openForm({ mode: 'edit', row })} onDelete={setAsking} />}
        </FindAndPage>
      )}
      <ConfirmDialog
        open={asking !== null}
        question={asking ? deleteQuestion(def, rowName(def, asking)) : ''}
        onConfirm={() => asking && void remove(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>It leaves the site at once. Its earlier versions stay readable in its history, but it cannot be restored.</p>
      </ConfirmDialog>
    </div>
  );
}
