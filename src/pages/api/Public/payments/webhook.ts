import { endpoint, HttpError, json, PUBLIC_TEXT_LIMIT, readBodyBytes } from '../../../../server/http';
import { handleWebhook } from '../../../../features/payments/transactions.server';

/** The gateway's webhook: its signature is over the raw body, so the body is read as bytes and never re-encoded. */
export const POST = endpoint(async ({ request }) => {
  const raw = new TextDecoder().decode(await readBodyBytes(request, PUBLIC_TEXT_LIMIT));
  if (!(await handleWebhook(raw, request.headers))) throw new HttpError(400, 'The signature does not match.');
  return json({ ok: true });
});
