import type { ContentTypeDef } from '../../lib/content-type';
import { listRecords } from './records';
import { answerRecords } from './api';
import type { AdminRow } from '../../lib/content-type';

/** A content screen's first list, read while the page renders: the same shape GET …?media=url answers (Hindi texts and lifecycle state too). */
export async function adminRows(def: ContentTypeDef): Promise<AdminRow[]> {
  const records = await listRecords(def);
  return (await answerRecords(def, records, 'url', 'admin')) as AdminRow[];
}
