import type { APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { holidayCalendarSvg } from '../../components/public/holidays/holiday-calendar-svg';
import { siteSettings } from '../../site-settings';

/**
 * GET /holiday-calendar/2026.svg: the year's holiday calendar picture. Drawn once per year per process and
 * cached by browsers for a day (the list changes only with a new release, rarely within a year).
 */
const drawn = new Map<number, { body: string; etag: string }>();

function calendarFor(year: number) {
  let entry = drawn.get(year);
  if (!entry) {
    const body = holidayCalendarSvg(year, siteSettings.councilName);
    entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    drawn.set(year, entry);
  }
  return entry;
}

export const GET: APIRoute = ({ params, request }) => {
  const year = Number(params.year);
  if (!/^\d{4}$/.test(params.year ?? '') || year < 2000 || year > 2100) {
    return new Response('No calendar for that year.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const { body, etag } = calendarFor(year);
  const headers = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400', etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
};
