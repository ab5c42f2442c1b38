import type { APIRoute } from 'astro';
import { errorResponse, HttpError, PUBLIC_TEXT_LIMIT, readFormBody, serverTiming } from '../../server/http';
import { handleCallback } from '../../features/payments/transactions.server';

/**
 * Where a gateway sends the payer back, posting its fields (a GET when the payer cancels). The transaction
 * is named in our own query string; whatever the gateway's fields say is checked before anything is asked.
 */
async function back(request: Request, url: URL, fields: Record<string, string>): Promise<Response> {
  const txn = url.searchParams.get('txn') ?? '';
  const wait = { ms: 0 };
  const handled = await handleCallback(txn, fields, undefined, wait);
  if (!handled) return errorResponse(new HttpError(404, 'No such payment.'));
  return new Response(null, { status: 303, headers: { location: handled.location, 'cache-control': 'no-store', ...serverTiming('gateway', wait.ms, 'the payment gateway') } });
}

export const POST: APIRoute = async ({ request, url }) => {
  try {
    const form = await readFormBody(request, PUBLIC_TEXT_LIMIT);
    const fields: Record<string, string> = {};
    for (const [key, value] of form.entries()) if (typeof value === 'string' && key.length <= 64) fields[key] = value.slice(0, 2000);
    return await back(request, url, fields);
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err);
    throw err;
  }
};

export const GET: APIRoute = async ({ request, url }) => back(request, url, {});
