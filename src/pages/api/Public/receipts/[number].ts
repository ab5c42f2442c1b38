import { endpoint, HttpError, json } from '../../../../server/http';
import { db } from '../../../../server/db';
import { publicReceipt } from '../../../../features/payments/receipts.server';

/** GET /api/Public/receipts/{number}: what /verify shows, and nothing personal. */
export const GET = endpoint(async ({ params }) => {
  const receipt = await publicReceipt(db(), String(params.number ?? '').toUpperCase());
  if (!receipt) throw new HttpError(404, 'No receipt has this number.');
  return json(receipt);
});
