import { pathIn, type Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';

/**
 * The RSS feeds and the page each follows; the page links its feed (head and visible), the feed links back.
 * Each feed exists in both languages, as the page does: /feeds/notice.xml beside /notice, /hi/feeds/notice.xml
 * beside /hi/notice.
 */
export const FEED_LINKS = {
  notice: { page: '/notice' },
  tender: { page: '/currenttender' },
  latestnews: { page: '/latestnews' },
  pressrelease: { page: '/pressrelease' },
} as const;

export type FeedName = keyof typeof FEED_LINKS;

export const FEED_NAMES = Object.keys(FEED_LINKS) as FeedName[];

export function isFeedName(name: string): name is FeedName {
  return Object.hasOwn(FEED_LINKS, name);
}

/** The feed's address in `lang`. */
export function feedPath(name: FeedName, lang: Lang = 'en'): string {
  return pathIn(lang, `/feeds/${name}.xml`);
}

/** The feed's name in `lang`: 'Notices', 'सूचनाएँ'. */
export function feedTitle(name: FeedName, lang: Lang): string {
  return messages(lang).feeds.names[name];
}

/** The feed that follows the page at this (English) path, in the page's language, if any. */
export function feedOfPage(pathname: string, lang: Lang = 'en'): { href: string; title: string } | undefined {
  const name = FEED_NAMES.find((feed) => FEED_LINKS[feed].page === pathname);
  return name && { href: feedPath(name, lang), title: feedTitle(name, lang) };
}
