import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { circularType } from './circular.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function CircularAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={circularType} initialRows={initialRows} />;
}
