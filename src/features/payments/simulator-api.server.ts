import { asHttpError, errorResponse, HttpError, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../server/http';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, simulatorOn } from './gateway-choice.server';
import { sameHex } from './razorpay';
import { createOrder, fetchOrder, fetchPayment, orderPayments, RazorpayRefusal, refundPayment, settleLater, type Outcome } from './simulator.server';

/**
 * The simulator's REST API, every address under /gateway-simulator/v1/ but the hosted checkout, answered as
 * Razorpay's API answers: HTTP Basic with the key id and secret, JSON bodies, the entities of its API
 * reference, and every refusal as {"error": {"code", "description", "source", "step", "reason", "metadata",
 * "field"}}, which Razorpay's SDKs raise as the error. One more call is the simulator's own: POST
 * /v1/orders/{id}/settle {outcome}, the bank settling a payment left pending, with no callback.
 */
type Call = (request: Request, id: string) => Promise<unknown>;

const body = (request: Request) => readJsonBody(request, PUBLIC_TEXT_LIMIT);

const OUTCOMES: readonly Outcome[] = ['success', 'failure', 'pending'];

async function settle(request: Request, id: string): Promise<unknown> {
  const asked = (await body(request)).outcome;
  const outcome = OUTCOMES.find((o) => o === asked);
  if (!outcome) throw new RazorpayRefusal(400, 'outcome must be success, failure or pending', 'outcome');
  await settleLater(id, outcome);
  return { ok: true };
}

/** Method and path (after /v1/, an id as the one group) of each call. */
const CALLS: readonly { method: string; path: RegExp; call: Call }[] = [
  { method: 'POST', path: /^orders$/, call: async (request) => createOrder(await body(request)) },
  { method: 'GET', path: /^orders\/([^/]+)$/, call: (_, id) => fetchOrder(id) },
  { method: 'GET', path: /^orders\/([^/]+)\/payments$/, call: (_, id) => orderPayments(id) },
  { method: 'POST', path: /^orders\/([^/]+)\/settle$/, call: settle },
  { method: 'GET', path: /^payments\/([^/]+)$/, call: (_, id) => fetchPayment(id) },
  { method: 'POST', path: /^payments\/([^/]+)\/refund$/, call: async (request, id) => refundPayment(id, await body(request)) },
];

/** Razorpay's refusal of a caller or an address names no step of a payment: 'NA' throughout. */
function refusalBody(error: HttpError) {
  const input = error instanceof RazorpayRefusal;
  return {
    error: {
      code: error.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      description: error.message,
      source: input ? 'business' : 'NA',
      step: input ? 'payment_initiation' : 'NA',
      reason: input ? 'input_validation_failed' : 'NA',
      metadata: {},
      ...(input && error.field ? { field: error.field } : {}),
    },
  };
}

function assertKeys(request: Request): void {
  const expected = `Basic ${Buffer.from(`${SIMULATOR_KEY_ID}:${SIMULATOR_KEY_SECRET}`).toString('base64')}`;
  if (!sameHex(request.headers.get('authorization') ?? '', expected)) throw new HttpError(401, 'Authentication failed');
}

/** The answer to a call at `path` (what follows /v1/). Not found, in the site's own words, unless the simulator is the gateway. */
export async function answerSimulatorApi(request: Request, path: string): Promise<Response> {
  if (!simulatorOn()) return errorResponse(new HttpError(404, 'Not found.'));
  try {
    assertKeys(request);
    for (const { method, path: pattern, call } of CALLS) {
      const match = pattern.exec(path);
      if (match && method === request.method) return json(await call(request, match[1] ?? ''));
    }
    throw new HttpError(400, 'The requested URL was not found on the server.');
  } catch (err) {
    const error = asHttpError(err, `${request.method} /gateway-simulator/v1/${path}`);
    return json(refusalBody(error), error.status);
  }
}
