import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { CONTENT_TYPES } from '../content-types';

/**
 * The back office screen of every content type: the shared screen driven by the type's declaration, found
 * by its API path (a declaration holds functions, so the island is told the path, not handed the object).
 */
export default function ContentAdmin({ path, initialRows }: { path: string; initialRows?: AdminRow[] }) {
  const def = CONTENT_TYPES.find((type) => type.path === path);
  if (!def) return <p role="alert">Unknown content type: {path}</p>;
  return <CrudScreen def={def} initialRows={initialRows} />;
}
