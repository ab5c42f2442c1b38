import { endpoint } from '../server/http';
import { siteOrigin } from '../server/config';
import { sitemapXml } from '../features/sitemap/sitemap';

/** The sitemap for search engines, naming the site's public address (SITE_URL). */
export const GET = endpoint(async () =>
  new Response(sitemapXml(siteOrigin()), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } }),
);
