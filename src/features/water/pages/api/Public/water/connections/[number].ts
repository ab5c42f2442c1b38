import { endpoint } from '../../../../../../../server/http';
import { connectionAnswer } from '../../../../../answers.server';

/** GET /api/Public/water/connections/{connection number}?mobile=…: the connection and its bills. */
export const GET = endpoint(connectionAnswer);
