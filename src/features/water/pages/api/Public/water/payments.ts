import { endpoint, json } from '../../../../../../server/http';
import { startPaymentFromJson } from '../../../../requests.server';

/** POST /api/Public/water/payments {kind: connection|charges, reference, mobile, amountPaise?, lang?}: starts paying online. */
export const POST = endpoint(async (context) => json(await startPaymentFromJson(context), 201));
