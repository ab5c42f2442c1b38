import { endpoint } from '../../../server/http';
import { inboxAnswer } from '../../../features/grievance/grievance-api.server';

export const GET = endpoint(inboxAnswer);
