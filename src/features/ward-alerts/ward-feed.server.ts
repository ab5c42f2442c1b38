import { councilIdentity } from '../../server/council/identity';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { rssXml } from '../feeds/feeds.server';
import { GRIEVANCE } from '../grievance/grievance.service';
import { eventText, wardEvents } from './ward-alert-events.server';
import { wardByNumber } from './ward-alerts.server';
import { DAY_MS } from '../../lib/india-time';

/**
 * A ward's RSS feed (/wards/{n}/grievances.rss, and in Hindi under /hi): its grievances lodged and resolved
 * in the last 30 days, newest first, with the public facts the alerts carry, written by the site's one RSS
 * writer. Null for anything that is not the plain number of one of the council's wards.
 */
const DAYS = 30;
const MOST = 200;

export const wardFeedPath = (ward: string) => `/wards/${ward}/grievances.rss`;

export async function wardFeedXml(number: string, origin: string, lang: Lang, database: Db = db()): Promise<string | null> {
  const ward = await wardByNumber(number, database);
  if (!ward) return null;
  const at = now();
  // The newest MOST of the window: read from its start, so the limit keeps the latest when a ward is busy.
  const events = (await wardEvents(database, [ward.id], new Date(at - DAYS * DAY_MS).toISOString(), new Date(at + 1).toISOString(), 5000)).slice(-MOST).reverse();
  const m = messages(lang);
  const council = (await councilIdentity()).name[lang];
  return rssXml(
    {
      title: `${m.wardAlerts.feedTitle(ward.number)}: ${council}`,
      description: m.wardAlerts.feedDescription(ward.number, council),
      page: '/ward-alerts',
      self: wardFeedPath(ward.number),
      items: events.map((event) => ({
        title: event.kind === 'new' ? m.wardAlerts.newSubject(event.number, ward.number) : m.wardAlerts.resolvedSubject(event.number, ward.number),
        description: eventText(event, lang).fact,
        path: GRIEVANCE.citizenPath!(event.number),
        date: event.at,
        guid: `${event.number}-${event.kind}`,
      })),
    },
    origin,
    lang,
  );
}
