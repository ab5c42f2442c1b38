import { useEffect, useState } from 'react';
import type { ContentTypeDef, FieldDef, FileSlotDef } from '../../lib/content-type';
import { fileNameFromTitle, formatMedium } from '../../lib/format';
import type { AdminRow } from './admin-api';
import { useHydrated } from './edit-form';
import Modal from './Modal';
import type { CrudLifecycle } from './lifecycle/crud-lifecycle';

/**
 * The list of a content screen: only the columns that tell rows apart (the first two listed text or
 * choice fields and the first listed picture), then Details, Edit and Delete, so the actions are always in
 * sight; a tender's twenty columns once pushed them 1,660px to the right. Details shows every listed
 * field and file of the row in a dialog. On a phone each row becomes a card whose cells name their column.
 */
const IDENTIFYING_FIELDS = 2;

function identifyingColumns(def: ContentTypeDef): { fields: FieldDef[]; files: FileSlotDef[] } {
  const listed = def.fields.filter((field) => field.listed);
  const naming = listed.filter((field) => field.input === 'text' || field.input === 'select').slice(0, IDENTIFYING_FIELDS);
  const fields = naming.length > 0 ? naming : listed.slice(0, 1);
  const picture = def.files.find((slot) => slot.listed && slot.kind === 'image');
  return { fields, files: picture ? [picture] : [] };
}

export interface CrudTableProps {
  def: ContentTypeDef;
  rows: readonly AdminRow[];
  /** The row whose delete is under way. */
  busyId: number | null;
  onEdit: (row: AdminRow) => void;
  onDelete: (row: AdminRow) => void;
  /** The State column and which rows the signed-in role may edit or delete. */
  lifecycle?: CrudLifecycle;
  /** A row to show the details of at once: one a link named that the signed-in role may read but not change. */
  linkedDetails?: AdminRow | null;
}

/** A short name for a row, for alt text and the buttons' accessible names. */
export function rowName(def: ContentTypeDef, row: AdminRow): string {
  const named = def.fields.find((field) => field.input === 'text' && typeof row[field.key] === 'string' && row[field.key]);
  return named ? String(row[named.key]) : `${def.heading} ${row.id}`;
}

function FieldCell({ field, value }: { field: FieldDef; value: unknown }) {
  if (field.input === 'checkbox') return <>{value === true ? 'Yes' : 'No'}</>;
  if (field.input === 'date') return <span className="nowrap">{formatMedium(typeof value === 'string' ? value : null)}</span>;
  const text = value === null || value === undefined ? '' : String(value);
  return field.input === 'textarea' ? <span className="clamp">{text}</span> : <>{text}</>;
}

function FileCell({ slot, value, name, several }: { slot: FileSlotDef; value: unknown; name: string; several: boolean }) {
  const url = typeof value === 'string' && value ? value : null;
  if (slot.kind === 'image') {
    return url
      ? <img src={url} alt={`${slot.label}: ${name}`} width={50} height={50} loading="lazy" className="thumb" />
      : <span className="thumb thumb-placeholder" role="img" aria-label={`No ${slot.label.toLowerCase()}`}>—</span>;
  }
  return url
    ? <a href={url} download={fileNameFromTitle(several ? `${name} ${slot.label}` : name)} className="nowrap">Download Document</a>
    : <span className="muted">No Document</span>;
}

/** Everything the list shows of a row, and what it leaves out, as label and value pairs. */
function RowDetails({ def, row, name }: { def: ContentTypeDef; row: AdminRow; name: string }) {
  const files = def.files.filter((slot) => slot.listed);
  return (
    <dl className="row-details">
      {def.fields.filter((field) => field.listed).map((field) => (
        <div key={field.key}>
          <dt>{field.label}</dt>
          <dd><FieldCell field={field} value={row[field.key]} /></dd>
        </div>
      ))}
      {files.map((slot) => (
        <div key={slot.key}>
          <dt>{slot.label}</dt>
          <dd><FileCell slot={slot} value={row[slot.key]} name={name} several={files.length > 1} /></dd>
        </div>
      ))}
    </dl>
  );
}

export default function CrudTable({ def, rows, busyId, onEdit, onDelete, lifecycle, linkedDetails }: CrudTableProps) {
  const { fields, files } = identifyingColumns(def);
  const [shown, setShown] = useState<AdminRow | null>(null);
  useEffect(() => {
    if (linkedDetails) setShown(linkedDetails);
  }, [linkedDetails]);
  const ready = useHydrated();
  const allFiles = def.files.filter((slot) => slot.listed);
  return (
    <>
      <div className="table-scroll" role="region" aria-label={`${def.heading} list`}>
        <table className="crud-table">
          <thead>
            <tr>
              {fields.map((field) => <th key={field.key} scope="col">{field.label}</th>)}
              {files.map((slot) => <th key={slot.key} scope="col">{slot.label}</th>)}
              {lifecycle && <th scope="col">State</th>}
              <th scope="col" className="actions-head">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const name = rowName(def, row);
              return (
                <tr key={row.id}>
                  {fields.map((field) => (
                    <td key={field.key} data-label={field.label} className={field.input === 'text' ? 'cell-text' : undefined}>
                      <FieldCell field={field} value={row[field.key]} />
                    </td>
                  ))}
                  {files.map((slot) => <td key={slot.key} data-label={slot.label}><FileCell slot={slot} value={row[slot.key]} name={name} several={allFiles.length > 1} /></td>)}
                  {lifecycle && <td data-label="State">{lifecycle.stateCell(row, name)}</td>}
                  <td className="actions" data-label="Actions">
                    <button type="button" className="btn btn-small" aria-label={`Details of ${name}`} disabled={!ready} onClick={() => setShown(row)}>Details</button>
                    {(lifecycle?.mayEdit(row) ?? true) && <button type="button" className="btn btn-small" aria-label={`Edit ${name}`} disabled={!ready} onClick={() => onEdit(row)}>Edit</button>}
                    <a className="btn btn-small" aria-label={`History of ${name}`} href={`/history/${def.path}/${row.id}`}>History</a>
                    {(lifecycle?.mayDelete(row) ?? true) && <button
                      type="button"
                      className="btn btn-small btn-danger"
                      aria-label={`Delete ${name}`}
                      disabled={!ready || busyId === row.id}
                      onClick={() => onDelete(row)}
                    >
                      Delete
                    </button>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Modal open={shown !== null} title={shown ? rowName(def, shown) : ''} onClose={() => setShown(null)} wide>
        {shown && <RowDetails def={def} row={shown} name={rowName(def, shown)} />}
      </Modal>
    </>
  );
}
