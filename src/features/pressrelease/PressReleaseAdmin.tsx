import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { pressReleaseType } from './pressrelease.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function PressReleaseAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={pressReleaseType} initialRows={initialRows} />;
}
