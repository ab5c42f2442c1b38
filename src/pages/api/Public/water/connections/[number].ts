import { endpoint } from '../../../../../server/http';
import { connectionAnswer } from '../../../../../features/water/answers.server';

/** GET /api/Public/water/connections/{connection number}?mobile=…: the connection and its bills. */
export const GET = endpoint(connectionAnswer);
