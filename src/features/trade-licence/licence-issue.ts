import type { Db } from '../../server/db';
import { addDays, indianDate } from '../../lib/india-time';
import type { NumberSeries } from '../../lib/number-series';
import type { EffectChanges, StepEffectInput } from '../cases/service';
import type { Application } from './application-schema';
import { premisesOf } from './staff-facts';

/**
 * The licence a paid fee issues: the `pay` step's declared effect, run by the kernel in the receipt's
 * transaction (payments take the step; this records what it means for a trade). Browser-safe like the
 * declaration: only the database's type is imported, and the queries run on the transaction the kernel passes.
 */

/** The licences' series, declared by the trade licence module: numbered in the financial year applied for. */
export const LICENCE_SERIES: NumberSeries = { name: 'licence', code: 'TLN', shows: 'financial-year' };

/** The last day of a financial year ('2026-27' → 2027-03-31). */
const endOfFinancialYear = (fy: string) => `${Number(fy.slice(0, 4)) + 1}-03-31`;

/** A day `months` calendar months after `from`, less one day: 2026-11-26 + 36 months → 2029-11-25. */
function monthsOn(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number);
  return addDays(new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10), -1);
}

/** From the later of the day paid and the start of the year applied for, to the year's end or the trade type's months. */
export function validityOf(data: Application, paidOn: string, validityMonths: number): { validFrom: string; validUntil: string } {
  const yearStart = `${data.financialYear.slice(0, 4)}-04-01`;
  const validFrom = paidOn > yearStart ? paidOn : yearStart;
  return { validFrom, validUntil: validityMonths > 0 ? monthsOn(validFrom, validityMonths) : endOfFinancialYear(data.financialYear) };
}

/** Issues the licence for the receipt the step names: its row, its number from the licences' series, its validity. */
export async function issueLicence({ database, caseId, data, fields, at, takeNumber }: StepEffectInput): Promise<EffectChanges> {
  const trx = database as Db;
  const application = data as unknown as Application;
  const type = await trx.selectFrom('trade_type').select('validity_months').where('code', '=', application.tradeType).executeTakeFirst();
  const paidOn = indianDate(Date.parse(at));
  const { validFrom, validUntil } = validityOf(application, paidOn, type?.validity_months ?? 0);
  const ward = await trx.selectFrom('ward').select('ward_number').where('id', '=', application.wardId).executeTakeFirst();
  const licenceNumber = await takeNumber(LICENCE_SERIES, paidOn, application.financialYear);
  await trx
    .insertInto('trade_licence')
    .values({
      number: licenceNumber, case_id: caseId, trade_name: application.tradeName, trade_type: application.tradeType, ward: ward?.ward_number ?? '',
      address: premisesOf(application), valid_from: validFrom, valid_until: validUntil, receipt_id: Number(fields.receiptId), issued_at: at, cancelled_at: null,
    })
    .execute();
  return { data: { licenceNumber, validFrom, validUntil }, note: `Licence ${licenceNumber}, valid ${validFrom} to ${validUntil}.` };
}

/** A bounced cheque: the licence it paid for stands cancelled. */
export async function cancelLicencePaidBy(database: unknown, receiptId: number, at: string): Promise<void> {
  await (database as Db).updateTable('trade_licence').set({ cancelled_at: at }).where('receipt_id', '=', receiptId).where('cancelled_at', 'is', null).execute();
}
