import { db, type Db } from '../../server/db';
import { listRecords } from '../../server/content/records';
import { indianDayOf } from '../../i18n/dates';
import type { ContentTypeDef } from '../../lib/content-type';
import { documentPagePath } from '../shared/document-type';
import { noticeType } from '../notice/notice.schema';
import { circularType } from '../circular/circular.schema';
import { officeOrderType } from '../officeorder/officeorder.schema';
import { latestNewsType } from '../latestnews/latestnews.schema';
import { tenderType } from '../tender/tender.schema';
import type { SitemapEntry } from './sitemap';

/** The types whose items each have a page of their own, and that page's English path. */
const ITEM_PAGES: readonly [ContentTypeDef, (id: number) => string][] = [
  [noticeType, (id) => documentPagePath(noticeType, id)],
  [circularType, (id) => documentPagePath(circularType, id)],
  [officeOrderType, (id) => documentPagePath(officeOrderType, id)],
  [latestNewsType, (id) => documentPagePath(latestNewsType, id)],
  [tenderType, (id) => `/tender-details?id=${id}`],
];

/**
 * When each page last changed, for search engines (sitemaps.org `lastmod`, an Indian calendar date). An item's
 * page: its newest audited change, or its creation. A fixed page: the newest change of any table, as every page
 * shows the news strip and most show content, and a lastmod later than the truth only costs a crawl.
 */
export async function sitemapDates(database: Db = db()): Promise<{ siteChanged: string | null; items: SitemapEntry[] }> {
  const newest = await database.selectFrom('table_version').select((eb) => eb.fn.max('changed_at').as('at')).executeTakeFirst();
  const items: SitemapEntry[] = [];
  for (const [def, pathOf] of ITEM_PAGES) {
    const records = await listRecords(def, { visibility: 'live' }, database);
    if (records.length === 0) continue;
    const audited = await database
      .selectFrom('audit_log')
      .select(['record_id', (eb) => eb.fn.max('at').as('at')])
      .where('entity', '=', def.path)
      .where('record_id', 'in', records.map((record) => record.id))
      .groupBy('record_id')
      .execute();
    const changed = new Map(audited.map((row) => [Number(row.record_id), String(row.at)]));
    for (const record of records) {
      const dates = [indianDayOf(record.createdDate), indianDayOf(changed.get(record.id) ?? '')].filter((d): d is string => d !== null);
      items.push({ path: pathOf(record.id), lastmod: dates.sort().at(-1) ?? null });
    }
  }
  return { siteChanged: newest?.at ? indianDayOf(String(newest.at)) : null, items };
}
