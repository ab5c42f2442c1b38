import type { ContentTypeDef } from '../../lib/content-type';
import type { Actor } from '../../server/audit';
import { HttpError } from '../../server/http';
import { findRecord, saveRecord } from '../../server/content/records';
import type { FileChoice } from '../../server/content/submission';
import { displayValue } from './revision-diff';
import { findRevision, listRevisions } from '../../server/content/revisions';
import type { Revision } from '../../lib/revision';

/** A revision's values as a form would send them: a checkbox as true/false, nothing as ''. */
function formValues(def: ContentTypeDef, revision: Revision): Record<string, unknown> {
  return Object.fromEntries(
    def.fields.map((field) => [field.key, field.input === 'checkbox' ? displayValue(field, revision.values[field.key]) === 'Yes' : revision.values[field.key] ?? '']),
  );
}

/**
 * Brings a record back to an earlier revision by saving that revision's values and files as an ordinary
 * edit: through the type's schema and saveRecord, so every rule of the write path applies and the restore
 * is itself the next revision ("restored from N"). Files are chosen by their stored SHA-256. A slot that
 * was empty in the revision keeps its current file, since a save can only replace a file, not remove it.
 * A deleted record stays deleted: its revisions can be read, not restored. Answers the new revision.
 */
export async function restoreRevision(def: ContentTypeDef, recordId: number, number: number, actor: Actor): Promise<Revision> {
  const revision = await findRevision(def, recordId, number);
  if (!revision) throw new HttpError(404, `Revision ${number} of this ${def.messages.deleteNoun} does not exist.`);
  if (!(await findRecord(def, recordId))) {
    throw new HttpError(409, `This ${def.messages.deleteNoun} was deleted; its revisions can be read but not restored.`);
  }
  const values = await def.schema.validate(formValues(def, revision), { abortEarly: false, stripUnknown: true });
  const files: Record<string, FileChoice> = {};
  for (const slot of def.files) {
    const file = revision.files[slot.key];
    files[slot.key] = file ? { kind: 'stored', sha256: file.sha256 } : { kind: 'none' };
  }
  // Revisions keep the English fields; the Hindi texts stay as they are (sent as none: a field left out keeps its text).
  await saveRecord(def, { id: recordId, values, files, translations: {}, restoredFrom: number }, values, actor);
  const [latest] = await listRevisions(def, recordId);
  return latest;
}
