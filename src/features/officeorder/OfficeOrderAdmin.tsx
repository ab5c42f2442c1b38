import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { officeOrderType } from './officeorder.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function OfficeOrderAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={officeOrderType} initialRows={initialRows} />;
}
