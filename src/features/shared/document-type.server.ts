import type { ContentTypeDef } from '../../lib/content-type';
import { contentStorage } from '../../server/content/storage';

/** Notices, circulars and office orders keep their records alike; circulars and office orders add a department. */
export function documentStorage(def: ContentTypeDef, table: 'notice' | 'circular' | 'office_order') {
  const columns = { title: 'title', description: 'description', issueDate: 'issue_date' } as const;
  return table === 'notice'
    ? contentStorage(def, { table, columns, files: { filePath: 'file_media_id' }, orderBy: 'issue_date' })
    : contentStorage(def, { table, columns: { ...columns, department: 'department' }, files: { filePath: 'file_media_id' }, orderBy: 'issue_date' });
}

