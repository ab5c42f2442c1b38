import { endpoint, json } from '../../../../../../server/http';
import { readingFromRequest } from '../../../../requests.server';

/** POST /api/Staff/water/readings (multipart: connection, reading in kL, photo): a meter reader's reading. */
export const POST = endpoint(async (context) => json(await readingFromRequest(context), 201));
