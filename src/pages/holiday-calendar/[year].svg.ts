import type { APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { holidayCalendarSvg } from '../../components/public/holidays/holiday-calendar-svg';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { FILE_SANDBOX } from '../../server/security-headers';
import { councilIdentity } from '../../server/council/identity';

/**
 * GET /holiday-calendar/2026.svg: the year's holiday calendar picture. Drawn once per year per process and
 * cached by browsers for a day (the list changes only with a new release, rarely within a year).
 */
const drawn = new Map<string, { body: string; etag: string }>();

/** One picture per year, language (/hi/holiday-calendar/2026.svg has its words in Hindi) and name of the council. */
function calendarFor(year: number, lang: Lang, council: string) {
  const key = `${lang}:${year}:${council}`;
  let entry = drawn.get(key);
  if (!entry) {
    const m = messages(lang);
    const body = holidayCalendarSvg(year, council, m.holidays, lang);
    entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    drawn.set(key, entry);
  }
  return entry;
}

export const GET: APIRoute = async ({ params, request, locals }) => {
  const year = Number(params.year);
  if (!/^\d{4}$/.test(params.year ?? '') || year < 2000 || year > 2100) {
    return new Response('No calendar for that year.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const lang = locals.lang ?? 'en';
  const { body, etag } = calendarFor(year, lang, (await councilIdentity()).name[lang]);
  const headers = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400', etag, ...FILE_SANDBOX };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
};
