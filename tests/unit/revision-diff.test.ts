import { describe, expect, it } from 'vitest';
import { employeeType } from '../../src/features/employee/employee.schema';
import { tenderType } from '../../src/features/tender/tender.schema';
import { compareRevisions, displayValue } from '../../src/features/revisions/revision-diff';
import type { Revision } from '../../src/lib/revision';

/** The field-by-field difference the history screen and the API show. */
const revision = (number: number, values: Revision['values'], files: Revision['files'] = {}): Revision => ({
  type: 'employee', recordId: 1, revision: number, values, files, by: 'admin@example.org', at: '2026-11-23T10:00:00.000Z', restoredFrom: null,
});
const file = (sha: string, size = 100) => ({ mediaId: 1, sha256: sha.repeat(64).slice(0, 64), name: 'Photo.jpg', size, contentType: 'image/jpeg' });

describe('compareRevisions', () => {
  it('names each field by its label, in the declaration order, and marks only changed ones with word runs', () => {
    const older = revision(1, { name: 'Asha Devi', designation: 'Clerk', showHomePage: 0 });
    const newer = revision(2, { name: 'Asha Devi', designation: 'Head Clerk', showHomePage: 1 });
    const { from, to, fields } = compareRevisions(employeeType, older, newer);
    expect([from, to]).toEqual([1, 2]);
    expect(fields.map((field) => field.key)).toEqual(employeeType.fields.map((field) => field.key));
    const designation = fields.find((field) => field.key === 'designation')!;
    expect(designation).toMatchObject({ label: 'Designation', changed: true, before: 'Clerk', after: 'Head Clerk' });
    expect(designation.words).toEqual([{ text: 'Head ', kind: 'added' }, { text: 'Clerk', kind: 'same' }]);
    const name = fields.find((field) => field.key === 'name')!;
    expect(name).toMatchObject({ changed: false, words: [] });
    const home = fields.find((field) => field.key === 'showHomePage')!;
    expect([home.before, home.after]).toEqual(['No', 'Yes']);
  });

  it('compares files by their bytes (SHA-256), not by name', () => {
    const slot = tenderType.files[0].key;
    const same = compareRevisions(tenderType, revision(1, {}, { [slot]: file('a') }), revision(2, {}, { [slot]: { ...file('a'), name: 'Other.pdf' } }));
    expect(same.files[0].changed).toBe(false);
    const replaced = compareRevisions(tenderType, revision(1, {}, { [slot]: file('a') }), revision(2, {}, { [slot]: file('b') }));
    expect(replaced.files[0]).toMatchObject({ key: slot, label: tenderType.files[0].label, changed: true });
    expect(replaced.files.slice(1).every((change) => !change.changed && change.before === null)).toBe(true);
  });

  it('treats the first revision as added to nothing', () => {
    const { from, fields } = compareRevisions(employeeType, null, revision(1, { name: 'Asha Devi' }));
    expect(from).toBeNull();
    expect(fields.find((field) => field.key === 'name')).toMatchObject({ changed: true, before: '', words: [{ text: 'Asha Devi', kind: 'added' }] });
  });

  it('reads nothing as empty and a checkbox as Yes or No', () => {
    const checkbox = employeeType.fields.find((field) => field.input === 'checkbox')!;
    expect(displayValue(checkbox, 1)).toBe('Yes');
    expect(displayValue(checkbox, null)).toBe('No');
    expect(displayValue(employeeType.fields[0], null)).toBe('');
  });

  it('reads a date as people write it, and words of a date differ by the day or month that changed', () => {
    const publish = tenderType.fields.find((field) => field.key === 'publish_date')!;
    expect(displayValue(publish, '2026-11-20')).toBe('20 Nov 2026');
    // An old client's full ISO time is the Indian day it names.
    expect(displayValue(publish, '2026-11-20T20:00:00.000Z')).toBe('21 Nov 2026');
    expect(displayValue(publish, 'soon')).toBe('soon');
    expect(displayValue(publish, '')).toBe('');
    const { fields } = compareRevisions(tenderType, revision(1, { publish_date: '2026-11-20' }), revision(2, { publish_date: '2026-12-20' }));
    expect(fields.find((field) => field.key === 'publish_date')!.words).toEqual([
      { text: '20 ', kind: 'same' }, { text: 'Nov', kind: 'removed' }, { text: 'Dec', kind: 'added' }, { text: ' 2026', kind: 'same' },
    ]);
  });
});
