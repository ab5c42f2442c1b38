/** The RSS feeds and the page each follows; the page links its feed (head and visible), the feed links back. */
export const FEED_LINKS = {
  notice: { title: 'Notices', page: '/notice' },
  tender: { title: 'Active Tenders', page: '/currenttender' },
  latestnews: { title: 'Latest News', page: '/latestnews' },
  pressrelease: { title: 'Press Releases', page: '/pressrelease' },
} as const;

export type FeedName = keyof typeof FEED_LINKS;

export function feedPath(name: FeedName): string {
  return `/feeds/${name}.xml`;
}

/** The feed that follows the page at this path, if any. */
export function feedOfPage(pathname: string): { href: string; title: string } | undefined {
  const found = (Object.entries(FEED_LINKS) as [FeedName, (typeof FEED_LINKS)[FeedName]][]).find(([, feed]) => feed.page === pathname);
  return found && { href: feedPath(found[0]), title: found[1].title };
}
