import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { countRecords, listRecords, type MediaInfo } from '../../server/content/records';
import { noteNextVisibilityChange, visibilityWhere } from '../../server/lifecycle/visibility';
import { textMatchWhere, matchWords } from '../../server/lifecycle/text-match';
import { indianDateTime } from '../../lib/india-time';
import { validUntil } from '../../server/cache/dependencies';
import { loadPagedList, type PagedList } from '../../components/public-data/paged-list';
import { contentTypeByPath } from '../content-types';
import { toDocumentItem } from '../shared/document-item.server';
import { closesAt, nextClosing } from '../tender/tender-closing.server';
import type { ArchiveDef } from '../../lib/validity';
import type { Lang } from '../../i18n/lang';
import { tenderType } from '../tender/tender.schema';
import { englishFields, localizeRecords } from '../translation/localize.server';
import { storedText } from '../../server/content/records';

/**
 * The public archive of a type (GIGW's archival policy): what has passed its valid-until or was archived by
 * an admin, newest first, 20 to a page, narrowed by a text `q` over title and description. Tenders are in
 * their archive once closed, as well.
 */
export interface ArchiveItem {
  id: number;
  title: string;
  description: string;
  department: string;
  /** A calendar date (issue date, or a tender's last date of submission) or null. */
  date: string | null;
  /** A tender's closing time ('HH:mm'), for the closing column. */
  time: string;
  file: MediaInfo | null;
  /** A page of its own (tenders), as an English path, else null. */
  href: string | null;
  /** Fields shown in English on a Hindi page, for want of a translation. */
  english: string[];
}

export interface ArchivePage extends PagedList<ArchiveItem> {
  query: string;
  /** Which columns the type has: a department, an issue date (else the posting date), files. */
  columns: { department: boolean; issueDate: boolean; file: boolean };
}

async function tenderArchive(text: string, limit: number, offset: number, lang: Lang, database: Db): Promise<{ items: ArchiveItem[]; total: number }> {
  const at = now();
  const base = database
    .selectFrom('tender')
    .where((eb) =>
      eb.or([
        visibilityWhere('tender', 'tender.id', 'archive', at),
        eb.and([visibilityWhere('tender', 'tender.id', 'published', at), eb(closesAt, '<=', indianDateTime(at))]),
      ]),
    )
    .where(textMatchWhere(['tender.tender_title', 'tender.tender_discreption'], text,
      lang === 'en' ? undefined : { typePath: tenderType.path, idColumn: 'tender.id', fieldKeys: ['tender_title', 'tender_discreption'], lang }));
  const [rows, counted, closing] = await Promise.all([
    base.selectAll().orderBy(closesAt, 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    nextClosing(database, at),
    noteNextVisibilityChange('tender', at, database),
  ]);
  // A tender closing enters the archive at that moment.
  validUntil(closing);
  const localized = await localizeRecords(tenderType, rows.map((row) => ({ id: row.id, values: { tender_title: row.tender_title, tender_discreption: row.tender_discreption } })), lang, database);
  return {
    total: Number(counted.n),
    items: rows.map((row, i) => {
      const title = storedText(localized[i].values.tender_title);
      return {
      id: row.id,
      title: row.tender_no ? `${title} (${row.tender_no})` : title,
      description: storedText(localized[i].values.tender_discreption),
      department: '',
      date: row.last_date_of_submission || null,
      time: row.last_date_of_submission_time,
      file: null,
      href: `/tender-details?id=${row.id}`,
      // The list's field names are the tender's columns; the page speaks of title and description.
      english: englishFields(localized[i]).map((key) => (key === 'tender_title' ? 'title' : 'description')),
      };
    }),
  };
}

async function documentArchive(archive: ArchiveDef, text: string, limit: number, offset: number, lang: Lang, database: Db): Promise<{ items: ArchiveItem[]; total: number }> {
  const def = contentTypeByPath(archive.typePath)!;
  const options = { visibility: 'archive' as const, matching: matchWords(text).length > 0 ? { keys: ['title', 'description'], text, lang } : undefined };
  const total = await countRecords(def, options, database);
  const records = offset < total ? await localizeRecords(def, await listRecords(def, { ...options, limit, offset }, database), lang, database) : [];
  return {
    total,
    items: records.map((record) => {
      const item = toDocumentItem(record);
      return { ...item, date: item.issueDate ?? record.createdDate.slice(0, 10), time: '', href: null };
    }),
  };
}

/** The archive page asked for by `url` (?q=, ?page=), its content in `lang` where translated. */
export async function loadArchive(archive: ArchiveDef, url: URL, lang: Lang = 'en', database: Db = db()): Promise<ArchivePage> {
  const query = (url.searchParams.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
  const list = await loadPagedList(
    url,
    (limit, offset) => (archive.typePath === 'tender' ? tenderArchive(query, limit, offset, lang, database) : documentArchive(archive, query, limit, offset, lang, database)),
    `${archive.slug} archive`,
  );
  const def = contentTypeByPath(archive.typePath)!;
  const has = (key: string) => def.fields.some((field) => field.key === key);
  const columns = archive.typePath === 'tender'
    ? { department: false, issueDate: false, file: false }
    : { department: has('department'), issueDate: has('issueDate'), file: def.files.some((slot) => slot.kind === 'document') };
  return { ...list, query, columns };
}
