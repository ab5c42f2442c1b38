import { endpoint, HttpError } from '../../../server/http';
import { siteOrigin } from '../../../server/config';
import { wardFeedXml } from '../../../features/ward-alerts/ward-feed.server';

/** /wards/{n}/grievances.rss and /hi/wards/{n}/grievances.rss: a ward's grievances of the last 30 days (RSS 2.0). */
export const GET = endpoint(async ({ params, locals }) => {
  const xml = await wardFeedXml(params.ward ?? '', siteOrigin(), locals.lang);
  if (xml === null) throw new HttpError(404, 'There is no such ward.');
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
});
