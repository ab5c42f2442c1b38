import { endpoint, HttpError, json } from '../../../../server/http';
import { transactionView } from '../../../../features/payments/transactions.server';

/** GET /api/Public/payments/{transaction id}: where the payment stands, and its receipt once paid. */
export const GET = endpoint(async ({ params }) => {
  const view = await transactionView(String(params.id ?? ''));
  if (!view) throw new HttpError(404, 'No such payment.');
  return json(view);
});
