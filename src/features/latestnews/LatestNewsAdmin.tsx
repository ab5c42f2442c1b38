import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { latestNewsType } from './latestnews.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function LatestNewsAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={latestNewsType} initialRows={initialRows} />;
}
