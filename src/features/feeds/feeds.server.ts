import { listRecords } from '../../server/content/records';
import { mediaUrl } from '../../server/media';
import { siteSettings } from '../../site-settings';
import { escapeXml } from '../sitemap/sitemap';
import { toDocumentItem } from '../shared/document-item.server';
import { noticeType } from '../notice/notice.schema';
import { latestNewsType } from '../latestnews/latestnews.schema';
import { listActiveTenders } from '../tender/tender.server';
import { listPressReleases } from '../pressrelease/pressrelease.server';
import { FEED_LINKS, feedPath, type FeedName } from './feed-links';

/**
 * RSS 2.0 feeds of the lists people follow (GIGW): notices, open tenders, latest news and press releases,
 * the newest FEED_SIZE of each, built from the same feature queries as their pages.
 */
export const FEED_SIZE = 20;

export interface FeedItem {
  title: string;
  description: string;
  /** A path on this site: the document itself, or the page that lists the item. */
  path: string;
  /** A calendar date (YYYY-MM-DD) or null. */
  date: string | null;
  guid: string;
}


const documentItems = (type: typeof noticeType, page: string) => async (): Promise<FeedItem[]> =>
  (await listRecords(type, { limit: FEED_SIZE, visibility: 'live' })).map(toDocumentItem).map((item) => ({
    title: item.title,
    description: item.description,
    path: item.file ? mediaUrl(item.file.sha256, item.file.contentType) : page,
    date: item.issueDate,
    guid: `${type.path}-${item.id}`,
  }));

/** Each feed's newest items. */
const FEED_ITEMS: Record<FeedName, () => Promise<FeedItem[]>> = {
  notice: documentItems(noticeType, FEED_LINKS.notice.page),
  latestnews: documentItems(latestNewsType, FEED_LINKS.latestnews.page),
  tender: async () =>
      (await listActiveTenders({ limit: FEED_SIZE, offset: 0 })).tenders.map((tender) => ({
        title: `${tender.tenderNo}: ${tender.title}`,
        description: `${tender.description} Last date of submission: ${tender.lastDate} ${tender.lastTime} (IST).`,
        path: `/tender-details?id=${tender.id}`,
        date: tender.publishDate || null,
        guid: `tender-${tender.id}`,
      })),
  pressrelease: async () =>
      (await listPressReleases()).slice(0, FEED_SIZE).map((release) => ({
        title: release.title,
        description: release.newspaper ? `${release.description} (${release.newspaper})` : release.description,
        path: '/pressrelease',
        date: release.releaseDate,
        guid: `pressrelease-${release.id}`,
      })),
};

/** A calendar date as RSS wants it (RFC 822), at midnight Indian time. */
function rfc822(date: string): string | null {
  const time = Date.parse(`${date}T00:00:00+05:30`);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

export async function feedXml(name: string, origin: string): Promise<string | null> {
  if (!Object.hasOwn(FEED_LINKS, name)) return null;
  const feed = FEED_LINKS[name as FeedName];
  const items = await FEED_ITEMS[name as FeedName]();
  const absolute = (path: string) => escapeXml(new URL(path, origin).href);
  const entries = items.map((item) => {
    const published = item.date ? rfc822(item.date) : null;
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${absolute(item.path)}</link>`,
      `      <description>${escapeXml(item.description)}</description>`,
      published ? `      <pubDate>${published}</pubDate>` : '',
      `      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
      '    </item>',
    ].filter(Boolean).join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${feed.title}: ${siteSettings.councilName}`)}</title>`,
    `    <link>${absolute(feed.page)}</link>`,
    `    <description>${escapeXml(`${feed.title} published by ${siteSettings.councilName}.`)}</description>`,
    '    <language>en-in</language>',
    `    <atom:link href="${absolute(feedPath(name as FeedName))}" rel="self" type="application/rss+xml" />`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
