import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { channelsFor, claimOnce, pokeOutbox, queueMessages } from '../../server/outbox';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { defineJob, type JobContext } from '../../server/jobs';
import { takeTimedSteps } from '../cases/case-jobs.server';
import { tradeTypes } from './catalogue.server';
import { TRADE_LICENCE } from './trade-licence.service';
import { indianDate, addDays } from '../../lib/india-time';
import { isNumberOf } from '../../lib/number-series';
import { LICENCE_SERIES } from './licence-issue';

/**
 * The licence itself: its fee is declared by the service and billed through payments once approved (kind
 * 'trade-licence', the application's number); issued by the pay step's effect in the receipt's transaction
 * (licence-issue.ts), verified by anyone by its number, reminded of before it ends and expired on the day
 * after by the service's timed step.
 */
export const TRADE_LICENCE_KIND = TRADE_LICENCE.name;

export { LICENCE_SERIES } from './licence-issue';

export const isLicenceNumber = (value: string) => isNumberOf(LICENCE_SERIES, value);

export { premisesOf } from './staff-facts';

export { validityOf } from './licence-issue';

export type LicenceStatus = 'valid' | 'expired' | 'cancelled';

/** What anyone may know of a licence: its status, the trade's name, type, place and validity; nothing of its owners. */
export interface PublicLicence {
  number: string;
  status: LicenceStatus;
  tradeName: string;
  tradeType: { en: string; hi: string };
  ward: string;
  address: string;
  validFrom: string;
  validUntil: string;
}

/** Cancelled by the approver (the case) or by a bounced cheque (the licence); expired from the day after its last day. */
export function licenceStatus(row: { cancelled_at: string | null; state: string; valid_until: string }, today: string): LicenceStatus {
  return row.cancelled_at || row.state === 'Cancelled' ? 'cancelled' : row.valid_until < today ? 'expired' : 'valid';
}

export async function publicLicence(number: string, database: Db = db(), at = now()): Promise<PublicLicence | null> {
  if (!isLicenceNumber(number)) return null;
  const row = await database
    .selectFrom('trade_licence')
    .innerJoin('service_case', 'service_case.id', 'trade_licence.case_id')
    .selectAll('trade_licence')
    .select('service_case.state')
    .where('trade_licence.number', '=', number)
    .executeTakeFirst();
  if (!row) return null;
  const type = (await tradeTypes(database)).find((t) => t.code === row.trade_type);
  const status = licenceStatus(row, indianDate(at));
  return {
    number: row.number, status, tradeName: row.trade_name, tradeType: { en: type?.en ?? row.trade_type, hi: type?.hi ?? row.trade_type },
    ward: row.ward, address: row.address, validFrom: row.valid_from, validUntil: row.valid_until,
  };
}

/** Days before the end of a licence when its holder is reminded to renew. */
export const REMINDER_DAYS = [30, 7, 1] as const;

/**
 * Reminds each holder of a licence ending 30 days, 7 days and one day from today, once each (a send-once
 * key per licence and reminder, claimed with the message, so a second run finds it sent).
 */
export async function sendRenewalReminders({ database, now: at }: JobContext): Promise<number> {
  const today = indianDate(at);
  let sent = 0;
  for (const days of REMINDER_DAYS) {
    const ending = await database
      .selectFrom('trade_licence')
      .innerJoin('service_case', 'service_case.id', 'trade_licence.case_id')
      .innerJoin('case_contact', 'case_contact.case_id', 'service_case.id')
      .select(['trade_licence.number', 'trade_licence.valid_until', 'case_contact.mobile', 'case_contact.email', 'service_case.lang'])
      .where('trade_licence.valid_until', '=', addDays(today, days))
      .where('trade_licence.cancelled_at', 'is', null)
      .where('service_case.state', '=', 'Issued')
      .execute();
    for (const licence of ending) {
      const reference = `${licence.number}:renew-${days}`;
      const done = await database.transaction().execute(async (trx) => {
        if (!(await claimOnce(trx, `licence-renewal:${licence.number}:${days}`, new Date(at).toISOString()))) return false;
        const lang: Lang = licence.lang === 'hi' ? 'hi' : 'en';
        const t = messages(lang).tradeLicenceMessages;
        const body = t.reminder(licence.number, licence.valid_until);
        await queueMessages(trx, channelsFor({ mobile: licence.mobile, email: licence.email }).map((to) => ({ ...to, lang, subject: body, body, reference })));
        return true;
      });
      if (done) sent++;
    }
  }
  if (sent > 0) void pokeOutbox(database);
  return sent;
}

/** Takes the expire step for every issued licence past its last valid day: the kernel's timed step, for this service alone. */
export async function expireLicences(context: JobContext): Promise<number> {
  return takeTimedSteps(context, [TRADE_LICENCE]);
}

/** The reminders; the expiry is the kernel's timed step (the `case-timed-steps` job takes it for every service). */
export const TRADE_LICENCE_JOBS = [
  defineJob({ name: 'trade-licence-reminders', everyMinutes: 60, run: async (context) => void (await sendRenewalReminders(context)) }),
];
