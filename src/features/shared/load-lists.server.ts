import type { AstroGlobal } from 'astro';
import type { ContentTypeDef } from '../../lib/content-type';
import { messages } from '../../i18n/messages';
import { listPeople, type Person } from '../employee/employee.server';
import { listActiveTenders, listPastTenders, type TenderSummary } from '../tender/tender.server';
import { countRecords, listRecords } from '../../server/content/records';
import { toDocumentItem, type DocumentItem } from './document-item.server';
import type { Lang } from '../../i18n/lang';
import { localizeRecords } from '../translation/localize.server';
import { loadPagedList, type PagedList } from '../../components/public-data/paged-list';
import { readForPage } from '../../components/public-data/read-for-page';

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

type DocumentLists = ReturnType<typeof messages>['documents'];
/** The lists the catalogue words: notices, circulars, office orders, latest news. */
type DocumentListName = { [K in keyof DocumentLists]: DocumentLists[K] extends { title: string; kind: string; empty: string } ? K : never }[keyof DocumentLists];

/**
 * A titled-document list page's frontmatter, all of it: the list loaded, the answer's status set (404 for a
 * page that does not exist, 500 when the list could not be read) and the props of DocumentListPage, worded in
 * the page's language from the catalogue's entry `words`.
 */
export async function documentListPage(page: Pick<AstroGlobal, 'url' | 'locals' | 'response'>, def: ContentTypeDef, words: DocumentListName) {
  const { lang } = page.locals;
  const list = await loadDocumentList(def, page.url, lang);
  page.response.status = list.status;
  const texts = messages(lang).documents[words];
  return { def, list, title: texts.title, kind: texts.kind, emptyText: texts.empty };
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
  const { value: people, failed } = await readForPage(`directory of ${designations.join(', ')}`, () => listPeople({ designations, lang }), []);
  return { status: failed ? 500 : 200, people, failed };
}
