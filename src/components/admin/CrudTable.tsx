import type { ContentTypeDef, FieldDef, FileSlotDef } from '../../features/shared/content-type';
import { fileNameFromTitle, formatMedium } from '../../lib/format';
import type { AdminRow } from './admin-api';

/**
 * The list of a content screen: the declaration's listed fields, then its listed files (images as 50x50
 * thumbnails, documents as download links), and Edit and Delete per row. Wide lists (tenders) scroll
 * sideways inside their own box rather than widening the page; on a phone each row becomes a card whose
 * cells name their column (data-label).
 */
export interface CrudTableProps {
  def: ContentTypeDef;
  rows: AdminRow[];
  /** The row whose delete is under way. */
  busyId: number | null;
  onEdit: (row: AdminRow) => void;
  onDelete: (row: AdminRow) => void;
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

export default function CrudTable({ def, rows, busyId, onEdit, onDelete }: CrudTableProps) {
  const fields = def.fields.filter((field) => field.listed);
  const files = def.files.filter((slot) => slot.listed);
  return (
    <div className="table-scroll" role="region" aria-label={`${def.heading} list`} tabIndex={0}>
      <table className="crud-table">
        <thead>
          <tr>
            {fields.map((field) => <th key={field.key} scope="col">{field.label}</th>)}
            {files.map((slot) => <th key={slot.key} scope="col">{slot.label}</th>)}
            <th scope="col">Actions</th>
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
                {files.map((slot) => <td key={slot.key} data-label={slot.label}><FileCell slot={slot} value={row[slot.key]} name={name} several={files.length > 1} /></td>)}
                <td className="actions" data-label="Actions">
                  <button type="button" className="btn btn-small" aria-label={`Edit ${name}`} onClick={() => onEdit(row)}>Edit</button>
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    aria-label={`Delete ${name}`}
                    disabled={busyId === row.id}
                    onClick={() => onDelete(row)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
