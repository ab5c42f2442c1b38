import { db, nowIso, type Db } from '../../server/db';
import { HttpError } from '../../server/http';
import { now } from '../../server/clock';
import { readSettings } from './grievance-settings.server';
import { HOUR_MS } from '../../lib/india-time';

/**
 * Abuse limits for citizens, who have no account: grievances lodged per mobile number and per client address,
 * and failed tracking look-ups per client address (so numbers and mobiles cannot be guessed). Counted in the
 * database, so the limits hold across server instances.
 */

type Kind = 'lodge-mobile' | 'lodge-address' | 'lookup-address' | 'ward-alert-recipient' | 'ward-alert-address' | 'metoo-address';

async function countSince(kind: Kind, key: string, sinceMs: number, database: Db): Promise<number> {
  const row = await database
    .selectFrom('grievance_attempt')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('at', '>', new Date(now() - sinceMs).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Refuses (429) a lodging over either limit; otherwise counts it. */
export async function admitLodging(mobile: string, address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  if (mobile && (await countSince('lodge-mobile', mobile, 24 * HOUR_MS, database)) >= settings.lodgesPerMobilePerDay) {
    throw tooMany(`This mobile number has lodged ${settings.lodgesPerMobilePerDay} grievances in the last 24 hours, the most allowed. Please try again tomorrow, or call the council's toll-free number.`, 3600);
  }
  if ((await countSince('lodge-address', address, HOUR_MS, database)) >= settings.lodgesPerAddressPerHour) throw addressLimitReached();
  const at = nowIso();
  const rows = [{ kind: 'lodge-address', key: address, at }, ...(mobile ? [{ kind: 'lodge-mobile', key: mobile, at }] : [])];
  await database.insertInto('grievance_attempt').values(rows).execute();
}

/**
 * Refuses (429) a citizen's form from an address that has already lodged its hour's worth, before its body
 * is read: a flood from one address costs a single count. The count itself happens in admitLodging.
 */
export async function assertAddressMayLodge(address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  if ((await countSince('lodge-address', address, HOUR_MS, database)) >= settings.lodgesPerAddressPerHour) throw addressLimitReached();
}

const addressLimitReached = () => tooMany('Too many grievances have been lodged from your network in the last hour. Please try again in an hour.', 3600);

/** Refuses (429) a look-up from an address that has failed too often in the last hour. */
export async function admitLookup(address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  if ((await countSince('lookup-address', address, HOUR_MS, database)) >= settings.lookupFailuresPerAddressPerHour) {
    throw tooMany('Too many look-ups that did not match have come from your network. Please try again in an hour.', 3600);
  }
}

export async function recordFailedLookup(address: string, database: Db = db()): Promise<void> {
  await database.insertInto('grievance_attempt').values({ kind: 'lookup-address', key: address, at: nowIso() }).execute();
}

/** Ward alert subscriptions (src/features/ward-alerts): per address or mobile a day, so nobody floods a stranger's inbox with confirmation links; per client address an hour. */
export const WARD_ALERTS_PER_RECIPIENT_PER_DAY = 5;
export const WARD_ALERTS_PER_ADDRESS_PER_HOUR = 20;

/** Refuses (429) a subscription over either limit; otherwise counts it. */
export async function admitWardAlertRequest(recipient: string, address: string, database: Db = db()): Promise<void> {
  if ((await countSince('ward-alert-recipient', recipient, 24 * HOUR_MS, database)) >= WARD_ALERTS_PER_RECIPIENT_PER_DAY
    || (await countSince('ward-alert-address', address, HOUR_MS, database)) >= WARD_ALERTS_PER_ADDRESS_PER_HOUR) {
    throw tooMany('Too many subscriptions have been asked for from here. Please try again in an hour.', 3600);
  }
  const at = nowIso();
  await database.insertInto('grievance_attempt').values([{ kind: 'ward-alert-recipient', key: recipient, at }, { kind: 'ward-alert-address', key: address, at }]).execute();
}

/** Refuses (429) a "me too" from an address over its hour's share (a setting); otherwise counts it. */
export async function admitMeToo(address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  if ((await countSince('metoo-address', address, HOUR_MS, database)) >= settings.meTooPerAddressPerHour) {
    throw tooMany('Too many "me too"s have come from your network in the last hour. Please try again in an hour.', 3600);
  }
  await database.insertInto('grievance_attempt').values({ kind: 'metoo-address', key: address, at: nowIso() }).execute();
}
