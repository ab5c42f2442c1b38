import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { tenderType } from './tender.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function TenderAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={tenderType} initialRows={initialRows} />;
}
