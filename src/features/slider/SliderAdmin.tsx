import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { sliderType } from './slider.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function SliderAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={sliderType} initialRows={initialRows} />;
}
