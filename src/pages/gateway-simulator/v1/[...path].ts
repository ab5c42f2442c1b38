import { endpoint } from '../../../server/http';
import { answerSimulatorApi } from '../../../features/payments/simulator-api.server';

/**
 * Every address under /gateway-simulator/v1/ but the hosted checkout, whatever the method: Razorpay's calls,
 * and Razorpay's own refusal for any other address or method, never the site's HTML page.
 */
export const ALL = endpoint(({ request, params }) => answerSimulatorApi(request, params.path ?? ''));
