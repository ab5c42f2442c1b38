import { db, type Db } from '../../server/db';
import { admitAttempt, anyLimitReached, forgetAttempts, takeAttempt, tooManyAttempts } from '../../server/attempt-limit';
import { readSettings } from './grievance-settings.server';
import { HOUR_MS } from '../../lib/india-time';
import { REFUSAL } from '../../i18n/refusals';

/**
 * Abuse limits for citizens, who have no account: grievances lodged per mobile number and per client address,
 * and failed tracking look-ups per client address (so numbers and mobiles cannot be guessed). Counted by the
 * one attempt limiter (src/server/attempt-limit.ts), so the limits hold across server instances.
 */
const HOUR_S = HOUR_MS / 1000;

/** Refuses (429) a lodging over either limit; otherwise counts it under both, in the same step. */
export async function admitLodging(mobile: string, address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  const byMobile = { kind: 'lodge-mobile', key: mobile, windowMs: 24 * HOUR_MS, max: settings.lodgesPerMobilePerDay };
  const taken = await takeAttempt([...(mobile ? [byMobile] : []), lodgesFrom(address, settings.lodgesPerAddressPerHour)], database);
  if (taken.full?.limit.kind === 'lodge-mobile') {
    throw tooManyAttempts(`This mobile number has lodged ${settings.lodgesPerMobilePerDay} grievances in the last 24 hours, the most allowed. Please try again tomorrow, or call the council's toll-free number.`, HOUR_S);
  }
  if (taken.full) throw addressLimitReached();
}

/**
 * Refuses (429) a citizen's form from an address that has already lodged its hour's worth, before its body
 * is read: a flood from one address costs a single count. The count itself happens in admitLodging.
 */
export async function assertAddressMayLodge(address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  if (await anyLimitReached([lodgesFrom(address, settings.lodgesPerAddressPerHour)], database)) throw addressLimitReached();
}

const lodgesFrom = (address: string, max: number) => ({ kind: 'lodge-address', key: address, windowMs: HOUR_MS, max });
const addressLimitReached = () => tooManyAttempts(REFUSAL.tooManyLodged, HOUR_S);

/** A look-up counted as a failure until it is told that it found what it asked for. */
export interface CountedLookup {
  found(): Promise<void>;
}

/**
 * Refuses (429) a number-and-mobile look-up (a grievance, a trade licence application, a property) from an
 * address that has failed too often in the last hour; otherwise counts it as a failure before it is made, so
 * that guesses sent at once cannot all pass the check before the first of them is counted.
 */
export async function admitLookup(address: string, database: Db = db()): Promise<CountedLookup> {
  const settings = await readSettings(database);
  const taken = await takeAttempt([{ kind: 'lookup-address', key: address, windowMs: HOUR_MS, max: settings.lookupFailuresPerAddressPerHour }], database);
  if (taken.full) throw tooManyAttempts(REFUSAL.tooManyLookUps, HOUR_S);
  return { found: () => forgetAttempts(taken.ids, database) };
}

/** Ward alert subscriptions (src/features/ward-alerts): per address or mobile a day, so nobody floods a stranger's inbox with confirmation links; per client address an hour. */
export const WARD_ALERTS_PER_RECIPIENT_PER_DAY = 5;
export const WARD_ALERTS_PER_ADDRESS_PER_HOUR = 20;

/** Refuses (429) a subscription over either limit; otherwise counts it. */
export async function admitWardAlertRequest(recipient: string, address: string, database: Db = db()): Promise<void> {
  await admitAttempt([
    { kind: 'ward-alert-recipient', key: recipient, windowMs: 24 * HOUR_MS, max: WARD_ALERTS_PER_RECIPIENT_PER_DAY },
    { kind: 'ward-alert-address', key: address, windowMs: HOUR_MS, max: WARD_ALERTS_PER_ADDRESS_PER_HOUR },
  ], { message: 'Too many subscriptions have been asked for from here. Please try again in an hour.', retryAfterSeconds: HOUR_S }, database);
}

/** Refuses (429) a "me too" from an address over its hour's share (a setting); otherwise counts it. */
export async function admitMeToo(address: string, database: Db = db()): Promise<void> {
  const settings = await readSettings(database);
  await admitAttempt([{ kind: 'metoo-address', key: address, windowMs: HOUR_MS, max: settings.meTooPerAddressPerHour }],
    { message: REFUSAL.tooManyMeToos, retryAfterSeconds: HOUR_S }, database);
}
