import CrudScreen from '../../components/admin/CrudScreen';
import type { AdminRow } from '../../components/admin/admin-api';
import { noticeType } from './notice.schema';

/** The back office screen for this type: the shared screen driven by its declaration. */
export default function NoticeAdmin({ initialRows }: { initialRows?: AdminRow[] }) {
  return <CrudScreen def={noticeType} initialRows={initialRows} />;
}
