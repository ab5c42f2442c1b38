import { storedDate, storedTexts, type ContentRecord, type MediaInfo } from '../../server/content/records';
import { englishFields } from '../translation/localize.server';

/** One entry of a public document list (notices, circulars, office orders, latest news). */
export interface DocumentItem {
  id: number;
  title: string;
  description: string;
  department: string;
  issueDate: string | null;
  file: MediaInfo | null;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

export function toDocumentItem(record: ContentRecord & { english?: ReadonlySet<string> }): DocumentItem {
  const { values } = record;
  return {
    id: record.id,
    ...storedTexts(values, { title: 'title', description: 'description', department: 'department' }),
    issueDate: storedDate(values.issueDate),
    file: record.media.filePath ?? null,
    english: englishFields(record),
  };
}
