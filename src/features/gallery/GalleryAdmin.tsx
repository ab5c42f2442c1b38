import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { galleryType } from './gallery.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function GalleryAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={galleryType} initialRows={initialRows} />;
}
