import { endpoint, json } from '../../../../../../server/http';
import { collectFromJson } from '../../../../requests.server';

/** POST /api/Staff/water/counter {kind, reference, amount (rupees), mode, instrument}: a receipt at the counter. */
export const POST = endpoint(async (context) => json(await collectFromJson(context), 201));
