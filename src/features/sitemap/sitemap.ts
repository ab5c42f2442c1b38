import { LANGS, pathIn, type Lang } from '../../i18n/lang';
import { escapeXml } from '../../lib/xml-text';
import { messages, wordFor, type Messages } from '../../i18n/messages';
import { ARCHIVES, CONTENT_TYPES } from '../content-types';
import { declarationOf, patternForPath } from '../../server/route-table';
import { websitePolicyTitles } from '../policies/policy-texts';

/**
 * Every public page a visitor can open, grouped as the main menu groups them, plus the pages about the site
 * itself. The sitemap page (in each language) and /sitemap.xml (both languages) are made from this, so they
 * list the same pages. The groups are declared here rather than read from the menu, so the sitemap names
 * each page in the page's language from its own catalogue area whatever the menu's words are; a test checks
 * that every page of the menu is listed.
 */
export interface SitemapLink {
  label: string;
  href: string;
}

/** A page of /sitemap.xml: its English path and the Indian date it last changed, when known. */
export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

export interface SitemapGroup {
  label: string;
  links: SitemapLink[];
}

type GroupName = keyof Messages['sitemap']['groups'];
type NamedPage = keyof Messages['sitemap']['pages'];

/** The pages that are not a content type's: a content type's public page leads its declared group. */
const GROUPS: readonly [GroupName, readonly NamedPage[]][] = [
  ['main', ['/', '/login', '/contactus']],
  ['about', ['/wardparsad', '/executiveofficer', '/chairman', '/standingcommitee', '/listofholiday']],
  ['tenders', ['/pasttender']],
  ['documents', []],
  ['grievance', ['/postgrievance', '/trackgrievance', '/viewgrievance', '/ward-alerts', '/grievance-performance', '/my/signin']],
  ['services', ['/tradelicense', '/viewpropertytax', '/paypropertytax']],
  ['gallery', []],
  // Items past their validity, kept findable (GIGW's archival policy): every declared archive.
  ['archives', []],
];

/** A group's English paths: the declared content pages first, in the declarations' order, then its own. */
function pathsOf(group: GroupName, own: readonly string[]): string[] {
  const content = group === 'archives'
    ? ARCHIVES.map((archive) => `/archive/${archive.slug}`)
    : CONTENT_TYPES.filter((def) => def.sitemapGroup === group).map((def) => def.publicRoute);
  return [...content, ...own];
}

const SITE_PAGES: readonly NamedPage[] = ['/privacypolicy', '/help', '/feedback', '/accessibility-statement', '/screen-reader-access', '/search', '/sitemap'];

/** True when the page has a Hindi twin under /hi: every public page but the sign-in page and files. */
export function hasHindiTwin(path: string): boolean {
  return declarationOf(patternForPath(path))?.englishOnly !== true;
}

/** The address of an English path in `lang`, or the English address when the page exists only in English. */
export function addressIn(lang: Lang, path: string): string {
  return hasHindiTwin(path) ? pathIn(lang, path) : path;
}

/** The sitemap's groups with English paths and the page's names in `lang`. */
function groupsByEnglishPath(lang: Lang): SitemapGroup[] {
  const m = messages(lang).sitemap;
  // The declarations test holds every declared page to having its words in both languages.
  const named = (path: string): SitemapLink => ({ label: wordFor(m.pages, path) ?? path, href: path });
  return [
    ...GROUPS.map(([group, own]) => ({ label: m.groups[group], links: pathsOf(group, own).map(named) })),
    {
      label: m.groups.site,
      links: [
        named('/website-policies'),
        ...websitePolicyTitles(lang).map(([slug, title]) => ({ label: title, href: `/website-policies/${slug}` })),
        ...SITE_PAGES.map(named),
      ],
    },
  ];
}

/** The sitemap page's groups in `lang`, each link at its address in that language. */
export function sitemapGroups(lang: Lang = 'en'): SitemapGroup[] {
  return groupsByEnglishPath(lang).map((group) => ({ ...group, links: group.links.map((link) => ({ ...link, href: addressIn(lang, link.href) })) }));
}

/** Each page's English path once, in sitemap order. */
export function sitemapPaths(): string[] {
  return [...new Set(groupsByEnglishPath('en').flatMap((group) => group.links.map((link) => link.href)))];
}

/**
 * The sitemaps.org document naming every page in each of its languages at the site's public address. Each
 * page with a twin lists every language's address as an xhtml:link alternate (itself included, and
 * x-default for the English page), as Google's format for localized versions asks.
 */
export function sitemapXml(origin: string, dates: { siteChanged: string | null; items: readonly SitemapEntry[] } = { siteChanged: null, items: [] }): string {
  const absolute = (path: string) => escapeXml(new URL(path, origin).href);
  const entries: SitemapEntry[] = [...sitemapPaths().map((path) => ({ path, lastmod: dates.siteChanged })), ...dates.items];
  const urls = entries.flatMap(({ path, lastmod }) => {
    const changed = lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : [];
    if (!hasHindiTwin(path)) return [[`  <url>`, `    <loc>${absolute(path)}</loc>`, ...changed, `  </url>`].join('\n')];
    const alternates = [
      ...LANGS.map((lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(pathIn(lang, path))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(path)}"/>`,
    ];
    return LANGS.map((lang) => [`  <url>`, `    <loc>${absolute(pathIn(lang, path))}</loc>`, ...changed, ...alternates, `  </url>`].join('\n'));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
