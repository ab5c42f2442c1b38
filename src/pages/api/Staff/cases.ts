import { endpoint } from '../../../server/http';
import { listAnswer } from '../../../features/cases/staff-cases-api.server';
import '../../../case-services';

export const GET = endpoint(listAnswer);
