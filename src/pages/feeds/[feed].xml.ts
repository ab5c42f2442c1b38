import { endpoint, HttpError } from '../../server/http';
import { siteOrigin } from '../../server/config';
import { feedXml } from '../../features/feeds/feeds.server';

/**
 * /feeds/notice.xml, /feeds/tender.xml, /feeds/latestnews.xml and /feeds/pressrelease.xml (RSS 2.0), and the
 * same in Hindi under /hi/feeds/.
 */
export const GET = endpoint(async ({ params, locals }) => {
  const xml = await feedXml(params.feed ?? '', siteOrigin(), locals.lang);
  if (xml === null) throw new HttpError(404, 'There is no such feed.');
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
});
