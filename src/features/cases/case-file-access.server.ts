import { createHmac, timingSafeEqual } from 'node:crypto';
import type { APIContext, AstroCookies } from 'astro';
import type { Db } from '../../server/db';
import type { FileReaderContext, PrivateFileReader } from '../shared/private-files';
import { now } from '../../server/clock';
import { signingSecret } from '../../server/auth/secret';
import { sessionFromRequest } from '../../server/auth/request-session';
import type { Session } from '../../server/auth/session';
import { servedOverHttps } from '../../server/request-origin';
import { citizenFromRequest } from '../citizen/citizen-request.server';
import { sourceNamed } from './case-sources.server';
import { servesRole } from './staff-cases-api.server';
import { HOUR_MS } from '../../lib/india-time';

/**
 * Who may read a case's private files (an applicant's papers, photos kept from the public). A private file
 * is read by:
 * - staff whose role serves the case's service, as they see the case itself (a field officer only on a case
 *   assigned to them; a licence verifier no grievance, an editor or a cashier no case at all);
 * - the case's own citizen: signed in at /my with the case's mobile, or having just found the case by its
 *   number and mobile on a tracking page, which leaves a short-lived grant for /media/ in their browser.
 * Anyone else is answered as if the file did not exist.
 */

/** The cases a stored file belongs to, through the steps that carry it. */
async function casesHolding(mediaId: number, database: Db) {
  return database
    .selectFrom('case_event_media')
    .innerJoin('case_event', 'case_event.id', 'case_event_media.event_id')
    .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
    .innerJoin('case_contact', 'case_contact.case_id', 'service_case.id')
    .select(['service_case.id', 'service_case.number', 'service_case.service', 'service_case.assignee_id', 'case_contact.mobile'])
    .where('case_event_media.media_id', '=', mediaId)
    .distinct()
    .execute();
}

type HoldingCase = Awaited<ReturnType<typeof casesHolding>>[number];

function staffMaySee(session: Session, held: HoldingCase): boolean {
  const source = sourceNamed(held.service);
  if (!source || !servesRole(source, session.user.role)) return false;
  return session.user.role !== 'officer' || held.assignee_id === session.user.id;
}

/** Whether the request's reader may have this private file as one of a case's. */
async function mayReadCaseFile(mediaId: number, context: FileReaderContext, database: Db): Promise<boolean> {
  const held = await casesHolding(mediaId, database);
  if (held.length === 0) return false;
  // The route is public, so the middleware read no session unless a cookie named one: a bearer token is read here.
  const session = context.locals.session ?? (await sessionFromRequest(context.request, context.cookies)).session;
  if (session) return !session.user.mustChangePassword && held.some((c) => staffMaySee(session, c));
  const granted = grantedCases(context.cookies);
  if (held.some((c) => granted.has(c.number))) return true;
  const citizen = await citizenFromRequest(context.request, context.cookies, servedOverHttps(context));
  return citizen !== null && held.some((c) => c.mobile === citizen.mobile);
}

/** The case kernel's reader of private files, declared by its module. */
export const CASE_FILE_READER: PrivateFileReader = { name: 'case files', mayRead: mayReadCaseFile };

/**
 * The tracked applicant's grant: the numbers of the cases found on a tracking page by number and mobile in
 * the last hour, each signed with the server's key, in a cookie sent only to /media/. It proves what the
 * tracking page just proved, so the page's links to the applicant's own files open in a new tab.
 */
const GRANT_COOKIE = 'case_files';
const GRANT_HOURS = 1;
const MAX_GRANTS = 5;

function grantMac(number: string, expires: number): string {
  return createHmac('sha256', signingSecret()).update(`case-files:${number}:${expires}`).digest('base64url');
}

function validGrants(cookies: AstroCookies): { number: string; expires: number; raw: string }[] {
  const value = cookies.get(GRANT_COOKIE)?.value ?? '';
  return value.split(' ').slice(0, MAX_GRANTS).flatMap((raw) => {
    const match = /^([A-Z0-9-]{10,40})\.(\d{1,12})\.([\w-]{43})$/.exec(raw);
    if (!match) return [];
    const [number, expires] = [match[1], Number(match[2])];
    if (expires * 1000 < now()) return [];
    const expected = Buffer.from(grantMac(number, expires));
    const given = Buffer.from(match[3]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? [{ number, expires, raw }] : [];
  });
}

function grantedCases(cookies: AstroCookies): Set<string> {
  return new Set(validGrants(cookies).map((g) => g.number));
}

/** Lets this browser open the files of a case its reader has just found by number and mobile, for an hour. */
export function grantCaseFiles(context: Pick<APIContext, 'cookies' | 'locals' | 'url'>, number: string): void {
  const expires = Math.floor((now() + GRANT_HOURS * HOUR_MS) / 1000);
  const kept = validGrants(context.cookies).filter((g) => g.number !== number).slice(0, MAX_GRANTS - 1).map((g) => g.raw);
  const value = [`${number}.${expires}.${grantMac(number, expires)}`, ...kept].join(' ');
  context.cookies.set(GRANT_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: servedOverHttps(context), path: '/media/', maxAge: GRANT_HOURS * 3600 });
}
