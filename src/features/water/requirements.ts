import type { Db } from '../../server/db';
import type { Requirement } from '../cases/service';
import { waterWords } from './water-words';

/**
 * The water service's requirements, read in the step's transaction on the database the kernel hands over.
 * Browser-safe: only the database's type is imported.
 */
export const CONNECTION_FEE_KIND = 'water-connection';
export const WATER_CHARGES_KIND = 'water-charges';

/** A connection's bills less what valid receipts paid towards them: what is owed now, in paise. */
export async function outstandingPaise(database: Db, connectionId: number): Promise<number> {
  const billed = await database
    .selectFrom('water_bill')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('charge_paise'), eb.lit(0)).as('charges'), eb.fn.coalesce(eb.fn.sum<number>('late_fee_paise'), eb.lit(0)).as('fees')])
    .where('connection_id', '=', connectionId)
    .executeTakeFirstOrThrow();
  const paid = await database
    .selectFrom('water_payment')
    .innerJoin('payment_receipt', 'payment_receipt.id', 'water_payment.receipt_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('water_payment.amount_paise'), eb.lit(0)).as('paid'))
    .where('water_payment.connection_id', '=', connectionId)
    .where('payment_receipt.state', '=', 'valid')
    .executeTakeFirstOrThrow();
  return Number(billed.charges) + Number(billed.fees) - Number(paid.paid);
}

/** Connected: a valid receipt for the application's fee and deposit. */
export const connectionFeeRequirement: Requirement = {
  load: async (database, caseId) => {
    const row = await (database as Db)
      .selectFrom('payment_receipt')
      .innerJoin('service_case', 'service_case.number', 'payment_receipt.reference')
      .select('payment_receipt.number')
      .where('service_case.id', '=', caseId)
      .where('payment_receipt.kind', '=', CONNECTION_FEE_KIND)
      .where('payment_receipt.state', '=', 'valid')
      .executeTakeFirst();
    return row?.number ?? null;
  },
  check: (c) => (c.loaded ? null : { status: 409, message: waterWords('en').refusals.paid }),
};

/** Reconnected: nothing owed on the connection's bills. */
export const arrearsRequirement: Requirement = {
  load: async (database, caseId) => {
    const connection = await (database as Db).selectFrom('water_connection').select('id').where('case_id', '=', caseId).executeTakeFirst();
    return connection ? outstandingPaise(database as Db, connection.id) : 0;
  },
  check: (c) => {
    const owed = Number(c.loaded ?? 0);
    return owed <= 0 ? null : { status: 409, message: waterWords('en').refusals.arrears((owed / 100).toFixed(2)), field: 'arrears' };
  },
};
