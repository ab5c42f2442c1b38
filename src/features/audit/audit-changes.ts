/** What an audit entry changed, field by field, for the audit screen. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

// Bookkeeping columns that say nothing about what a member of staff changed.
const IGNORED = new Set(['id', 'created_date']);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const file = value as { sha256?: string; contentType?: string };
    return file.sha256 ? `${file.contentType ?? 'file'} ${file.sha256.slice(0, 12)}…` : JSON.stringify(value);
  }
  return String(value);
}

export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (IGNORED.has(field)) continue;
    const was = show(before?.[field]);
    const now = show(after?.[field]);
    if (was !== now) changes.push({ field, before: before ? was : '', after: after ? now : '' });
  }
  return changes;
}
