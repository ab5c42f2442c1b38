import { endpoint } from '../../../server/http';
import { grievanceAnswer } from '../../../features/grievance/grievance-api.server';

export const GET = endpoint(grievanceAnswer);
