import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { employeeType } from './employee.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function EmployeeAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={employeeType} initialRows={initialRows} />;
}
