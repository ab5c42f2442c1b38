import { endpoint, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../../server/http';
import { assertSimulatorAuth, assertSimulatorOn, createOrder } from '../../../features/payments/simulator.server';

/** The simulator's POST /v1/orders (Razorpay's "create an order"). */
export const POST = endpoint(async ({ request }) => {
  assertSimulatorOn();
  assertSimulatorAuth(request);
  return json(await createOrder(await readJsonBody(request, PUBLIC_TEXT_LIMIT)));
});
