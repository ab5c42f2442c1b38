import type { ContentTypeDef } from '../../features/shared/content-type';
import { listRecords } from './records';
import { toWire } from './wire';
import type { AdminRow } from '../../components/admin/admin-api';

/** A content screen's first list, read while the page renders: the same shape GET …?media=url answers. */
export async function adminRows(def: ContentTypeDef): Promise<AdminRow[]> {
  const records = await listRecords(def);
  return records.map((record) => toWire(def, record, 'url') as AdminRow);
}
