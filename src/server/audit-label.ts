/**
 * The name the audit log gives a record: what people call it (a case's number, a notice's title, a staff
 * member's name and email), not the table's row id. Taken from the record as written, at write time; rows
 * written before the log kept a name are named the same way from their stored before and after.
 */
type Snapshot = Record<string, unknown> | null | undefined;

// The columns that name a record, most telling first: a case or receipt number beats a title.
const NAMING_KEYS = ['number', 'receipt', 'transaction', 'tender_title', 'title', 'name', 'text_en', 'textEn', 'category', 'property_id', 'email', 'reference'] as const;
const LONGEST = 80;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LONGEST ? `${flat.slice(0, LONGEST - 1)}…` : flat;
}

export function auditLabel(before: Snapshot, after: Snapshot): string | null {
  for (const snapshot of [after, before]) {
    if (!snapshot) continue;
    const named = NAMING_KEYS.map((key) => snapshot[key]).find((value) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number');
    if (named === undefined) continue;
    const text = shortened(String(named));
    // A staff account is known by name and email both: two people may share a name.
    const email = snapshot.email;
    return typeof email === 'string' && email && email !== named && !('number' in snapshot) ? `${text} (${email})` : text;
  }
  return null;
}

/** The Record cell: 'tender: Road repair, Ward 4', with the row id only when nothing names the record. */
export function auditRecordName(entry: { entity: string; recordId: number | null; label: string | null; before: Snapshot; after: Snapshot }): string {
  const label = entry.label ?? auditLabel(entry.before, entry.after);
  if (label) return `${entry.entity}: ${label}`;
  return entry.recordId !== null ? `${entry.entity} #${entry.recordId}` : entry.entity;
}
