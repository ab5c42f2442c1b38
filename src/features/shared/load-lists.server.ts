import type { ContentTypeDef } from '../../features/shared/content-type';
import { listEmployeesByDesignations } from '../../features/employee/employee.server';
import { listActiveTenders, listPastTenders } from '../../features/tender/tender.server';
import { countRecords, listRecords, type ContentRecord } from '../../server/content/records';
import type { Tender } from '../../server/db-schema';
import { loadPagedList, type PagedList } from './paged-list';

/** What the public list pages show, loaded in the page file so that it can answer 404 or 500. */

export function loadDocumentList(def: ContentTypeDef, url: URL): Promise<PagedList<ContentRecord>> {
  return loadPagedList(
    url,
    async (limit, offset) => {
      const total = await countRecords(def);
      return { total, items: offset < total ? await listRecords(def, { limit, offset }) : [] };
    },
    `${def.path} list`,
  );
}

export function loadTenderList(open: boolean, url: URL): Promise<PagedList<Tender>> {
  return loadPagedList(
    url,
    async (limit, offset) => {
      const { tenders, total } = await (open ? listActiveTenders : listPastTenders)({ limit, offset });
      return { items: tenders, total };
    },
    open ? 'active tenders' : 'past tenders',
  );
}

export interface Directory {
  status: 200 | 500;
  people: ContentRecord[];
  failed: boolean;
}

export async function loadDirectory(designations: readonly string[]): Promise<Directory> {
  try {
    return { status: 200, people: await listEmployeesByDesignations({ designations }), failed: false };
  } catch (err) {
    console.error(`directory of ${designations.join(', ')} failed:`, err);
    return { status: 500, people: [], failed: true };
  }
}
