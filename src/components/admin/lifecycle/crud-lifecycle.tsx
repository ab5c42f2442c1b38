import { useEffect, useState, type ReactNode } from 'react';
import { itemNoun, type ContentTypeDef } from '../../../lib/content-type';
import type { AdminRow } from '../admin-api';
import { PUBLISHED_WITHOUT_ROW, editorMayChange, type LifecycleInfo } from '../../../lib/lifecycle';
import { signedInRole } from './lifecycle-api';
import { LifecycleCell } from './LifecycleControls';
import { validityNote } from '../../../lib/validity';

/**
 * What the lifecycle adds to a content screen: a State column with the Workflow button, and which of Edit
 * and Delete the signed-in role may use on each row (an editor edits drafts and sent-back items only, and
 * never deletes; the server refuses the rest anyway).
 */
export interface CrudLifecycle {
  stateCell: (row: AdminRow, name: string) => ReactNode;
  mayEdit: (row: AdminRow) => boolean;
  mayDelete: (row: AdminRow) => boolean;
}

export function lifecycleOf(row: AdminRow): LifecycleInfo {
  const info = row.lifecycle;
  return info && typeof info === 'object' ? (info as LifecycleInfo) : PUBLISHED_WITHOUT_ROW;
}

/** Whether a role may change a row: an editor only their drafts and sent-back items; admins anything. */
export function roleMayEdit(role: string | undefined, row: AdminRow): boolean {
  return role !== 'editor' || editorMayChange(lifecycleOf(row));
}

export function useCrudLifecycle(def: ContentTypeDef, onChanged: () => void): CrudLifecycle {
  // Read after the first render: the server renders the island without a document.
  const [role, setRole] = useState<string | undefined>(undefined);
  useEffect(() => setRole(signedInRole()), []);
  const editor = role === 'editor';
  return {
    stateCell: (row, name) => <LifecycleCell typePath={def.path} noun={itemNoun(def)} validity={validityNote(def)} id={row.id} name={name} info={lifecycleOf(row)} role={role} onDone={onChanged} />,
    mayEdit: (row) => roleMayEdit(role, row),
    mayDelete: () => !editor,
  };
}
