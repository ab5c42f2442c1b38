import { endpoint } from '../server/http';
import { siteOrigin } from '../server/config';
import { sitemapXml } from '../features/sitemap/sitemap';
import { sitemapDates } from '../features/sitemap/sitemap.server';

/** The sitemap for search engines, naming the site's public address (SITE_URL): every page and every item's own page, with when each last changed. */
export const GET = endpoint(async () =>
  new Response(sitemapXml(siteOrigin(), await sitemapDates()), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } }),
);
