import { endpoint, HttpError, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../../../../server/http';
import { assertSimulatorAuth, assertSimulatorOn, orderPayments, settleLater, type Outcome } from '../../../../../features/payments/simulator.server';

/**
 * GET /v1/orders/{id}/payments, as Razorpay answers it; and POST /v1/orders/{id}/settle {outcome}, the
 * simulator's own switch for a payment left pending that the bank settles later, with no callback.
 */
export const GET = endpoint(async ({ request, params }) => {
  assertSimulatorOn();
  assertSimulatorAuth(request);
  if (params.action !== 'payments') throw new HttpError(404, 'Not found.');
  return json(await orderPayments(String(params.id)));
});

export const POST = endpoint(async ({ request, params }) => {
  assertSimulatorOn();
  assertSimulatorAuth(request);
  if (params.action !== 'settle') throw new HttpError(404, 'Not found.');
  const body = await readJsonBody(request, PUBLIC_TEXT_LIMIT);
  const outcome = String(body.outcome);
  if (!['success', 'failure', 'pending'].includes(outcome)) throw new HttpError(400, 'outcome must be success, failure or pending');
  await settleLater(String(params.id), outcome as Outcome);
  return json({ ok: true });
});
