import type { Db } from '../../server/db';
import type { Requirement } from '../cases/service';

/**
 * The requirement payments provide to every service on the case kernel: the case's fee is paid, that is, a
 * valid receipt stands for it (a receipt of the service's own kind, referenced by the case's number). Read in
 * the step's transaction, so the receipt being written in that transaction counts. Browser-safe: only the
 * database's type is imported, and the query runs on what the kernel passes.
 */
export const paymentRequirement: Requirement = {
  load: async (database, caseId) => {
    const row = await (database as Db)
      .selectFrom('payment_receipt')
      .innerJoin('service_case', (join) => join.onRef('service_case.number', '=', 'payment_receipt.reference').onRef('service_case.service', '=', 'payment_receipt.kind'))
      .select('payment_receipt.number')
      .where('service_case.id', '=', caseId)
      .where('payment_receipt.state', '=', 'valid')
      .executeTakeFirst();
    return row?.number ?? null;
  },
  check: (c) => (c.loaded ? null : { status: 409, message: 'The fee is not paid yet.' }),
};
