import type { ContentTypeDef } from '../../lib/content-type';
import { listRecords } from '../../server/content/records';
import { localizeRecords } from '../translation/localize.server';
import { toDocumentItem, type DocumentItem } from './document-item.server';
import type { Lang } from '../../i18n/lang';

/** One published document as its own page shows it: null when the id names nothing the public may see now. */
export interface DocumentPageItem extends DocumentItem {
  /** When it was put on the site (ISO instant). */
  createdDate: string;
}

const ID = /^[1-9]\d{0,9}$/;

export async function loadDocumentPage(def: ContentTypeDef, idText: string | undefined, lang: Lang): Promise<DocumentPageItem | null> {
  if (!idText || !ID.test(idText)) return null;
  // The same visibility as the list: a draft, a scheduled or an expired item has no public page either.
  const [record] = await listRecords(def, { ids: [Number(idText)], visibility: 'live' });
  if (!record) return null;
  const [localized] = await localizeRecords(def, [record], lang);
  return { ...toDocumentItem(localized), createdDate: record.createdDate };
}
