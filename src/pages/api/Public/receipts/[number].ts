import { endpoint, HttpError, json } from '../../../../server/http';
import { db } from '../../../../server/db';
import { verifyReceipt } from '../../../../features/payments/receipts.server';
import { REFUSAL } from '../../../../i18n/refusals';

/**
 * GET /api/Public/receipts/{number}?code=…: by the number alone, only whether the receipt is valid
 * ({number, state}); with the check code printed beside it, what /verify shows (amount, day, what for, mode),
 * and nothing personal. A code that is not the receipt's answers 400 and shows no more.
 */
export const GET = endpoint(async ({ params, url }) => {
  const code = url.searchParams.get('code');
  const found = await verifyReceipt(db(), String(params.number ?? '').toUpperCase(), code === null ? null : code.slice(0, 40));
  if (!found) throw new HttpError(404, 'No receipt has this number.');
  if (found.codeRefused) throw new HttpError(400, REFUSAL.receiptCodeWrong, { code: REFUSAL.receiptCodeWrong });
  return json(found.details ?? { number: found.number, state: found.state });
});
