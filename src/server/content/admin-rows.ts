import type { ContentTypeDef } from '../../features/shared/content-type';
import { listRecords } from './records';
import { toWire } from './wire';
import type { AdminRow } from '../../components/admin/admin-api';
import { withLifecycle } from '../lifecycle/admin-rows';

/** A content screen's first list, read while the page renders: the same shape GET …?media=url answers,
 * lifecycle state included. */
export async function adminRows(def: ContentTypeDef): Promise<AdminRow[]> {
  const records = await listRecords(def);
  return (await withLifecycle(def, records.map((record) => toWire(def, record, 'url') as AdminRow))) as AdminRow[];
}
