import { SITE_MENU } from '../../components/public/site-menu';
import { WEBSITE_POLICIES } from '../policies/website-policies';
import { ARCHIVES } from '../lifecycle/validity';

/**
 * Every public page a visitor can open, grouped as the main menu groups them, plus the pages about the site
 * itself. The sitemap page and /sitemap.xml are both made from this, so they list the same pages.
 */
export interface SitemapLink {
  label: string;
  href: string;
}

export interface SitemapGroup {
  label: string;
  links: SitemapLink[];
}

const ABOUT_THIS_SITE: SitemapGroup = {
  label: 'About this site',
  links: [
    { label: 'Website Policies', href: '/website-policies' },
    ...Object.entries(WEBSITE_POLICIES).map(([slug, policy]) => ({ label: policy.title, href: `/website-policies/${slug}` })),
    { label: 'Privacy Policy', href: '/privacypolicy' },
    { label: 'Help', href: '/help' },
    { label: 'Feedback', href: '/feedback' },
    { label: 'Accessibility Statement', href: '/accessibility-statement' },
    { label: 'Screen Reader Access', href: '/screen-reader-access' },
    { label: 'Search', href: '/search' },
    { label: 'Sitemap', href: '/sitemap' },
  ],
};

/** Each type's archive of items past their validity (GIGW's archival policy). */
const ARCHIVE_GROUP: SitemapGroup = {
  label: 'Archives',
  links: ARCHIVES.map((archive) => ({ label: archive.title, href: `/archive/${archive.slug}` })),
};

/** The menu's own pages (links to other sites are left out: they are not ours to list). */
export function sitemapGroups(): SitemapGroup[] {
  const menuGroups: SitemapGroup[] = [];
  const single: SitemapLink[] = [];
  for (const entry of SITE_MENU) {
    if (entry.kind === 'link') single.push({ label: entry.label, href: entry.href });
    else menuGroups.push({ label: entry.label, links: entry.items.filter((item) => !item.external).map(({ label, href }) => ({ label, href })) });
  }
  return [{ label: 'Main pages', links: single }, ...menuGroups, ARCHIVE_GROUP, ABOUT_THIS_SITE];
}

/** Each page once, in sitemap order. */
export function sitemapPaths(): string[] {
  return [...new Set(sitemapGroups().flatMap((group) => group.links.map((link) => link.href)))];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** The sitemaps.org document naming every page at the site's public address. */
export function sitemapXml(origin: string): string {
  const urls = sitemapPaths().map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
