import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { aboutType } from './about.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function AboutAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={aboutType} initialRows={initialRows} />;
}
