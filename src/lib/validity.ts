/**
 * How long published items stay on the live lists, per content type (by API path), and when content is due
 * for review (GIGW's content review policy). Past its valid-until an item leaves the live lists and is
 * listed on its type's public archive page. Browser-safe: the back office shows these defaults.
 */
const DAY_MS = 24 * 60 * 60_000;

/** Days on the live lists after publication. Tenders have none here: they stay until their closing. */
export const VALIDITY_DAYS: Readonly<Record<string, number>> = {
  notice: 90,
  circular: 365,
  officeorder: 365,
  'latest-news': 30,
};

/** Days after publication that an item comes up for review, whatever its type. */
export const REVIEW_DAYS = 180;

/** An item whose review falls within this many days is listed as due for review. */
export const REVIEW_WINDOW_DAYS = 30;

/**
 * The types whose expired items are listed on a public archive page, by the archive's URL segment. Their names
 * in each language are the sitemap catalogue's ('/archive/notice'); liveHref is the live list they left.
 */
export const ARCHIVES = [
  { slug: 'notice', typePath: 'notice', liveHref: '/notice' },
  { slug: 'circulars', typePath: 'circular', liveHref: '/circulars' },
  { slug: 'officeorder', typePath: 'officeorder', liveHref: '/officeorder' },
  { slug: 'latestnews', typePath: 'latest-news', liveHref: '/latestnews' },
  { slug: 'tender', typePath: 'tender', liveHref: '/currenttender' },
] as const;

export type ArchiveDef = (typeof ARCHIVES)[number];

export function archiveBySlug(slug: string | undefined): ArchiveDef | undefined {
  return ARCHIVES.find((archive) => archive.slug === slug);
}

export function archiveOfType(typePath: string): ArchiveDef | undefined {
  return ARCHIVES.find((archive) => archive.typePath === typePath);
}

/** The default end of validity for an item published at `publishedAt`; null when the type has none. */
export function defaultValidUntil(typePath: string, publishedAt: number): string | null {
  const days = VALIDITY_DAYS[typePath];
  return days === undefined ? null : new Date(publishedAt + days * DAY_MS).toISOString();
}

export function defaultReviewAt(publishedAt: number): string {
  return new Date(publishedAt + REVIEW_DAYS * DAY_MS).toISOString();
}

export function validityNote(typePath: string): string {
  if (typePath === 'tender') return 'Leaves the live list at its closing date and time unless you set a valid-until.';
  const days = VALIDITY_DAYS[typePath];
  return days === undefined ? 'Stays on the site until it is archived or withdrawn.' : `Moves to the archive ${days} days after publication unless you set a valid-until.`;
}
