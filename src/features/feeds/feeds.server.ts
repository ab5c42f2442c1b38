import { listRecords } from '../../server/content/records';
import { mediaUrl } from '../../server/media';
import { pathIn, type Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { escapeXml } from '../sitemap/sitemap';
import { toDocumentItem } from '../shared/document-item.server';
import { noticeType } from '../notice/notice.schema';
import { latestNewsType } from '../latestnews/latestnews.schema';
import { listActiveTenders } from '../tender/tender.server';
import { listPressReleases } from '../pressrelease/pressrelease.server';
import { FEED_LINKS, feedPath, feedTitle, isFeedName, type FeedName } from './feed-links';

/**
 * RSS 2.0 feeds of the lists people follow (GIGW): notices, open tenders, latest news and press releases,
 * the newest FEED_SIZE of each, built from the same feature queries as their pages, in English and in Hindi
 * (the channel's words, its language and the links to the pages; the items carry what people wrote).
 */
export const FEED_SIZE = 20;

export interface FeedItem {
  title: string;
  description: string;
  /** An English path on this site: the document itself (a file, the same in both languages), or the page that lists the item. */
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
const FEED_ITEMS: Record<FeedName, (lang: Lang) => Promise<FeedItem[]>> = {
  notice: documentItems(noticeType, FEED_LINKS.notice.page),
  latestnews: documentItems(latestNewsType, FEED_LINKS.latestnews.page),
  tender: async (lang) =>
      (await listActiveTenders({ limit: FEED_SIZE, offset: 0 })).tenders.map((tender) => ({
        title: `${tender.tenderNo}: ${tender.title}`,
        description: `${tender.description} ${messages(lang).feeds.lastDateOfSubmission} ${tender.lastDate} ${tender.lastTime} (IST).`,
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

/** RSS's code for the language of a channel. */
const RSS_LANGUAGE: Readonly<Record<Lang, string>> = { en: 'en-in', hi: 'hi' };

export async function feedXml(name: string, origin: string, lang: Lang = 'en'): Promise<string | null> {
  if (!isFeedName(name)) return null;
  const feed = FEED_LINKS[name];
  const items = await FEED_ITEMS[name](lang);
  const m = messages(lang);
  const title = feedTitle(name, lang);
  const absolute = (path: string) => escapeXml(new URL(path, origin).href);
  // Files are served at one address for both languages; pages have one per language.
  const pageIn = (path: string) => (path.startsWith('/media/') ? path : pathIn(lang, path));
  const entries = items.map((item) => {
    const published = item.date ? rfc822(item.date) : null;
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${absolute(pageIn(item.path))}</link>`,
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
    `    <title>${escapeXml(`${title}: ${m.footer.councilName}`)}</title>`,
    `    <link>${absolute(pathIn(lang, feed.page))}</link>`,
    `    <description>${escapeXml(m.feeds.channelDescription(title, m.footer.councilName))}</description>`,
    `    <language>${RSS_LANGUAGE[lang]}</language>`,
    `    <atom:link href="${absolute(feedPath(name, lang))}" rel="self" type="application/rss+xml" />`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
