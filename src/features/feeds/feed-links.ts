import { pathIn, type Lang } from '../../i18n/lang';
import { messages, wordFor } from '../../i18n/messages';
import { CONTENT_TYPES } from '../content-types';

/**
 * The RSS feeds and the page each follows, from the content types that declare a feed; the page links its
 * feed (head and visible), the feed links back. Each feed exists in both languages, as the page does:
 * /feeds/notice.xml beside /notice, /hi/feeds/notice.xml beside /hi/notice.
 */
export type FeedName = string;

export const FEED_LINKS: Readonly<Record<FeedName, { page: string }>> = Object.fromEntries(
  CONTENT_TYPES.flatMap((def) => (def.feed ? [[def.feed.name, { page: def.publicRoute }]] : [])),
);

export const FEED_NAMES: readonly FeedName[] = Object.keys(FEED_LINKS);

export function isFeedName(name: string): name is FeedName {
  return Object.hasOwn(FEED_LINKS, name);
}

/** The feed's address in `lang`. */
export function feedPath(name: FeedName, lang: Lang = 'en'): string {
  return pathIn(lang, `/feeds/${name}.xml`);
}

/** The feed's name in `lang`: 'Notices', 'सूचनाएँ' (the declarations test holds every feed to having both). */
export function feedTitle(name: FeedName, lang: Lang): string {
  return wordFor(messages(lang).feeds.names, name) ?? name;
}

/** The feed that follows the page at this (English) path, in the page's language, if any. */
export function feedOfPage(pathname: string, lang: Lang = 'en'): { href: string; title: string } | undefined {
  const name = FEED_NAMES.find((feed) => FEED_LINKS[feed].page === pathname);
  return name === undefined ? undefined : { href: feedPath(name, lang), title: feedTitle(name, lang) };
}
