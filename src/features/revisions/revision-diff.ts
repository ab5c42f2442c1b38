import { diffWords } from 'diff';
import type { ContentTypeDef, FieldDef } from '../../lib/content-type';
import type { Revision, RevisionFile, RevisionValue } from '../../lib/revision';
import { formatDayMonthYear } from '../../lib/format';

/**
 * What changed between two revisions of a record, field by field in the declaration's order and with its
 * labels: each changed text as runs of kept, removed and added words (the `diff` package's word diff), each
 * file slot as the old and new file. Unchanged fields are listed too, marked so, for a screen to collapse.
 */
export interface WordRun {
  text: string;
  /** 'same': in both; 'removed': only in the older; 'added': only in the newer. */
  kind: 'same' | 'removed' | 'added';
}

export interface FieldChange {
  key: string;
  label: string;
  changed: boolean;
  before: string;
  after: string;
  /** The word runs of a changed field; empty when unchanged. */
  words: WordRun[];
}

export interface FileChange {
  key: string;
  label: string;
  changed: boolean;
  before: RevisionFile | null;
  after: RevisionFile | null;
}

export interface RevisionComparison {
  /** The older revision's number; null when the newer is the first. */
  from: number | null;
  to: number;
  fields: FieldChange[];
  files: FileChange[];
}

/** A stored value as people read it: 'Yes'/'No' for a checkbox, a date as '20 Nov 2026', '' for nothing. */
export function displayValue(field: FieldDef, value: RevisionValue | undefined): string {
  if (field.input === 'checkbox') return value === 1 || value === '1' ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  // A stored value that names no date (from before dates were checked) is shown as it is.
  return field.input === 'date' && /^\d{4}-\d{2}-\d{2}/.test(text) ? formatDayMonthYear(text) : text;
}

function wordRuns(before: string, after: string): WordRun[] {
  return diffWords(before, after).map((part) => ({ text: part.value, kind: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}

/** Compares `newer` with `older` (null: with nothing, so everything in `newer` counts as added). */
export function compareRevisions(def: ContentTypeDef, older: Revision | null, newer: Revision): RevisionComparison {
  const fields = def.fields.map((field): FieldChange => {
    const before = older ? displayValue(field, older.values[field.key]) : '';
    const after = displayValue(field, newer.values[field.key]);
    const changed = before !== after;
    return { key: field.key, label: field.label, changed, before, after, words: changed ? wordRuns(before, after) : [] };
  });
  const files = def.files.map((slot): FileChange => {
    const before = older?.files[slot.key] ?? null;
    const after = newer.files[slot.key] ?? null;
    return { key: slot.key, label: slot.label, changed: before?.sha256 !== after?.sha256, before, after };
  });
  return { from: older?.revision ?? null, to: newer.revision, fields, files };
}
