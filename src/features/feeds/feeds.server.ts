import { councilIdentity } from '../../server/council/identity';
import { listRecords } from '../../server/content/records';
import { pathIn, type Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { escapeXml } from '../../lib/xml-text';
import { toDocumentItem } from '../shared/document-item.server';
import { documentPagePath } from '../shared/document-type';
import { localizeRecords } from '../translation/localize.server';
import { STORED_CONTENT_TYPES } from '../content-storage.server';
import type { ContentTypeDef } from '../../lib/content-type';
import type { FeedItem } from '../../lib/feed-item';
import { FEED_LINKS, feedPath, feedTitle, isFeedName, type FeedName } from './feed-links';
import { indianDayStart } from '../../lib/india-time';

/**
 * RSS 2.0 feeds of the lists people follow (GIGW): notices, open tenders, latest news and press releases,
 * the newest FEED_SIZE of each, built from the same feature queries as their pages, in English and in Hindi
 * (the channel's words, its language and the links to the pages; the items carry what people wrote).
 */
export const FEED_SIZE = 20;

/** Items with a page of their own (documents, latest news), in the feed's language where a translation is stored. */
const ownPageItems = (type: ContentTypeDef) => async (lang: Lang, limit: number): Promise<FeedItem[]> => {
  const records = await localizeRecords(type, await listRecords(type, { limit, visibility: 'live' }), lang);
  return records.map((record) => {
    const item = toDocumentItem(record);
    return {
      title: item.title,
      description: item.description,
      path: documentPagePath(type, item.id),
      // An item without an issue date (all latest news) is dated by when it was put on the site.
      date: item.issueDate ?? record.createdDate,
      guid: `${type.path}-${item.id}`,
    };
  });
};

/** Each feed's newest items: the type's own way where its storage says one, else its live records. */
const FEED_ITEMS: ReadonlyMap<FeedName, (lang: Lang, limit: number) => Promise<FeedItem[]>> = new Map(
  STORED_CONTENT_TYPES.flatMap(({ def, feedItems }) => (def.feed ? [[def.feed.name, feedItems ?? ownPageItems(def)] as const] : [])),
);

/** A date as RSS wants it (RFC 822): an instant as it is, a calendar date at midnight Indian time. */
function rfc822(date: string): string | null {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(date) ? indianDayStart(date) : Date.parse(date);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

/** RSS's code for the language of a channel. */
const RSS_LANGUAGE: Readonly<Record<Lang, string>> = { en: 'en-in', hi: 'hi' };

/** An RSS channel: its words, the page it follows and its own address (both English paths), and its items. */
export interface RssChannel {
  title: string;
  description: string;
  page: string;
  self: string;
  items: readonly FeedItem[];
}

/** The RSS 2.0 document of a channel in `lang`: every feed of the site is written by this one writer. */
export function rssXml(channel: RssChannel, origin: string, lang: Lang): string {
  const absolute = (path: string) => escapeXml(new URL(path, origin).href);
  const entries = channel.items.map((item) => {
    const published = item.date ? rfc822(item.date) : null;
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${absolute(pathIn(lang, item.path))}</link>`,
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
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${absolute(pathIn(lang, channel.page))}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${RSS_LANGUAGE[lang]}</language>`,
    `    <atom:link href="${absolute(pathIn(lang, channel.self))}" rel="self" type="application/rss+xml" />`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export async function feedXml(name: string, origin: string, lang: Lang = 'en'): Promise<string | null> {
  if (!isFeedName(name)) return null;
  const m = messages(lang);
  const council = (await councilIdentity()).name[lang];
  const title = feedTitle(name, lang);
  return rssXml(
    {
      title: `${title}: ${council}`,
      description: m.feeds.channelDescription(title, council),
      page: FEED_LINKS[name].page,
      self: feedPath(name),
      items: await FEED_ITEMS.get(name)!(lang, FEED_SIZE),
    },
    origin,
    lang,
  );
}
