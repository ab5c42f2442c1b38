/** One item of an RSS feed, as the feed writer (src/features/feeds) takes it from any list. */
export interface FeedItem {
  title: string;
  description: string;
  /** The English path of the item's own page on this site (or of its place on the list that shows it whole). */
  path: string;
  /** A calendar date (YYYY-MM-DD), an ISO instant, or null. */
  date: string | null;
  guid: string;
}
