import type { APIContext } from 'astro';
import { endpoint, HttpError, json, readFormBody } from '../../../../../server/http';
import { parseReceiptNumber, removeChequeScan } from '../../../../../features/payments/cheque-scans.server';
import { askedDay } from '../../../../../lib/day-first-date';

/**
 * The counter's staff remove a receipt's cheque scan (the wrong cheque, or taken by mistake):
 * DELETE /api/Staff/receipts/{number}/scan. The collection register's button posts the same as a form and is
 * sent back to that day's register. After it the scan answers 404 to everyone; the receipt is unchanged.
 */
async function remove(context: APIContext): Promise<string> {
  const session = context.locals.session!;
  return removeChequeScan(context.params.number, { id: session.user.id, email: session.user.email });
}

export const DELETE = endpoint(async (context) => json({ removed: true, receipt: await remove(context) }));

export const POST = endpoint(async (context) => {
  // An address that names no receipt is a 404 before its body is read.
  if (!parseReceiptNumber(context.params.number)) throw new HttpError(404, 'This receipt has no scan.');
  const form = await readFormBody(context.request);
  await remove(context);
  const day = askedDay(String(form.get('date') ?? ''));
  return new Response(null, { status: 303, headers: { location: `/collection-register?${day ? `date=${day}&` : ''}done=scan-removed` } });
});
