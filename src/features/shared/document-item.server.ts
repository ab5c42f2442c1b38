import { storedDate, storedText, type ContentRecord, type MediaInfo } from '../../server/content/records';

/** One entry of a public document list (notices, circulars, office orders, latest news). */
export interface DocumentItem {
  id: number;
  title: string;
  description: string;
  department: string;
  issueDate: string | null;
  file: MediaInfo | null;
}

export function toDocumentItem(record: ContentRecord): DocumentItem {
  const { values } = record;
  return {
    id: record.id,
    title: storedText(values.title),
    description: storedText(values.description),
    department: storedText(values.department),
    issueDate: storedDate(values.issueDate),
    file: record.media.filePath ?? null,
  };
}
