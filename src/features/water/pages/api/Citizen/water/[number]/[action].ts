import { endpoint, json } from '../../../../../../../server/http';
import { citizenStep } from '../../../../../requests.server';

/** POST /api/Citizen/water/{number}/{requestDisconnection|requestReconnection|resubmit}: the signed-in holder's request. */
export const POST = endpoint(async (context) => json(await citizenStep(context)));
