import type { ContentTypeDef } from '../../lib/content-type';
import { listPeople, type Person } from '../employee/employee.server';
import { listActiveTenders, listPastTenders, type TenderSummary } from '../tender/tender.server';
import { countRecords, listRecords } from '../../server/content/records';
import { toDocumentItem, type DocumentItem } from './document-item.server';
import type { Lang } from '../../i18n/lang';
import { localizeRecords } from '../translation/localize.server';
import { loadPagedList, type PagedList } from '../../components/public-data/paged-list';

/** What the public list pages show, loaded in the page file so that it can answer 404 or 500. */

export function loadDocumentList(def: ContentTypeDef, url: URL, lang: Lang = 'en'): Promise<PagedList<DocumentItem>> {
  return loadPagedList(
    url,
    async (limit, offset) => {
      const total = await countRecords(def, { visibility: 'live' });
      return { total, items: offset < total ? (await localizeRecords(def, await listRecords(def, { limit, offset, visibility: 'live' }), lang)).map(toDocumentItem) : [] };
    },
    `${def.path} list`,
  );
}

export function loadTenderList(open: boolean, url: URL, lang: Lang = 'en'): Promise<PagedList<TenderSummary>> {
  return loadPagedList(
    url,
    async (limit, offset) => {
      const { tenders, total } = await (open ? listActiveTenders : listPastTenders)({ limit, offset, lang });
      return { items: tenders, total };
    },
    open ? 'active tenders' : 'past tenders',
  );
}

export interface Directory {
  status: 200 | 500;
  people: Person[];
  failed: boolean;
}

export async function loadDirectory(designations: readonly string[], lang: Lang = 'en'): Promise<Directory> {
  try {
    return { status: 200, people: await listPeople({ designations, lang }), failed: false };
  } catch (err) {
    console.error(`directory of ${designations.join(', ')} failed:`, err);
    return { status: 500, people: [], failed: true };
  }
}
