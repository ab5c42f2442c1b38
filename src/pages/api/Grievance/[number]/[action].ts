import { endpoint } from '../../../../server/http';
import { actionAnswer } from '../../../../features/grievance/grievance-api.server';

export const POST = endpoint(actionAnswer);
